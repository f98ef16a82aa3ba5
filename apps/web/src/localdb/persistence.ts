/**
 * Persistent storage for the SQLite copy: navigator.storage.persist() is asked once, when the copy is created (no
 * answer stored yet), and the answer is kept in the copy's meta (PERSIST_META) with when it was asked. Later opens read
 * the stored answer and ask nothing. Nothing shows it yet: storedPersistence() is for a later screen (issue 21).
 * Two tabs opening a brand-new copy at once may both ask; the browser answers the same, and the last answer is kept.
 */
import { requestPersistentStorage } from '../db/storage.ts';

export const PERSIST_META = 'storage_persist';

export interface PersistAnswer {
  /** The browser keeps the copy under storage pressure. */
  persisted: boolean;
  /** When it was asked (ISO). */
  askedAt: string;
}

type MaybePromise<T> = T | Promise<T>;

/** What is needed of the copy: the engine (tests) or the page's client. */
export interface PersistTarget {
  meta(key: string): MaybePromise<string | null>;
  setMeta(key: string, value: string | null): MaybePromise<void>;
}

function parse(text: string | null): PersistAnswer | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<PersistAnswer>;
    if (typeof value.persisted === 'boolean' && typeof value.askedAt === 'string') return { persisted: value.persisted, askedAt: value.askedAt };
  } catch {
    // An unreadable value is asked again.
  }
  return null;
}

/** The answer stored when the copy was created; null before. */
export async function storedPersistence(db: PersistTarget): Promise<PersistAnswer | null> {
  return parse(await db.meta(PERSIST_META));
}

/**
 * Asks for persistent storage if this copy never asked, and stores the answer; otherwise returns the stored one.
 * `ask` is the browser's request (db/storage.ts requestPersistentStorage: false without the API or on a failure).
 */
export async function persistOnce(
  db: PersistTarget,
  ask: () => Promise<boolean> = () => requestPersistentStorage(),
  now: () => Date = () => new Date(),
): Promise<PersistAnswer> {
  const stored = await storedPersistence(db);
  if (stored) return stored;
  const answer: PersistAnswer = { persisted: await ask(), askedAt: now().toISOString() };
  await db.setMeta(PERSIST_META, JSON.stringify(answer));
  return answer;
}
