/**
 * The outbox loop of a signed-in tab: a pass at start, on every 'online' event, after each finished operation
 * (flush), and again with backoff (2 s doubling to 60 s) while operations stay pending. Passes never overlap in a
 * tab, and the Web Lock keeps them from overlapping across tabs.
 */
import { call } from '../../api/client.ts';
import { localDb } from '../../db/database.ts';
import { readStoredSession } from '../auth/session.ts';
import { flushTill, sendCashierEvent, tillFirst } from '../cashier/tillEvents.ts';
import { sendPending, type OutboxDeps, type PassResult } from './outbox.ts';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

export class OutboxLoop {
  private running: Promise<PassResult> | null = null;
  private queued: Promise<PassResult> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = FIRST_RETRY_MS;
  private stopped = true;

  constructor(
    private readonly deps: () => OutboxDeps,
    private readonly online: () => boolean = () => globalThis.navigator?.onLine ?? true,
    /**
     * Runs before each pass: the till's cashier events, sent before the sales made in their shift. Answers how many
     * are left unsent (retried like pending operations).
     */
    private readonly beforePass: () => Promise<number> = () => Promise.resolve(0),
  ) {}

  private readonly onOnline = () => {
    this.delay = FIRST_RETRY_MS;
    void this.flush();
  };

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    globalThis.addEventListener?.('online', this.onOnline);
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    globalThis.removeEventListener?.('online', this.onOnline);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs a pass now (or right after the one running); resolves with its result. Offline: nothing is tried. */
  flush(): Promise<PassResult> {
    if (!this.online()) return Promise.resolve({ processed: [], failed: [], pending: [] });
    if (this.running) {
      this.queued ??= this.running.then(() => {
        this.queued = null;
        return this.flush();
      });
      return this.queued;
    }
    this.running = this.runPass();
    return this.running;
  }

  private async runPass(): Promise<PassResult> {
    try {
      const left = await this.beforePass();
      const result = await sendPending(this.deps());
      this.schedule(result.pending.length > 0 || left > 0);
      return result;
    } catch (error) {
      console.error('Falha no envio das operações pendentes', error);
      this.schedule(true);
      return { processed: [], failed: [], pending: [] };
    } finally {
      this.running = null;
    }
  }

  private schedule(retry: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!retry) {
      this.delay = FIRST_RETRY_MS;
      return;
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.flush(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_RETRY_MS);
  }
}

/** The signed-in user of this tab (null when signed out: the till's events then wait). */
const signedInUser = (): number | null => readStoredSession(globalThis.localStorage)?.usuario.id_usuario ?? null;

export const outbox = new OutboxLoop(() => ({
  db: localDb(),
  send: tillFirst((body) => call('operacao', body, { loading: false }), sendCashierEvent, signedInUser),
  locks: globalThis.navigator?.locks ?? null,
}), undefined, () => flushTill(sendCashierEvent, signedInUser));
