/**
 * Decisions about the local copy as a whole: the offline point-of-sale flag, the version check that drops it, and
 * what logout removes.
 */
import { VERSION_COOKIE_MAX_AGE_S } from '@pdv/domain/constants';
import { writeCookie } from '../../ui/cookies.ts';
import { OFFLINE_POS_KEY } from '../auth/session.ts';
import { VERSION_COOKIE, compareVersion } from '../version/version.ts';
import { SYNC_LOCK } from './engine.ts';
import type { SyncStore } from './syncStore.ts';
import { CONFIG_TABLE, type SyncOwner } from './tables.ts';

type ReadStorage = Pick<Storage, 'getItem'>;

/**
 * The offline point-of-sale flag (000 §4.6): the active branch's configuration (is_pdv_offline) when the local copy
 * has it, else the flag kept in storage.
 */
export async function readOfflinePos(store: SyncStore, owner: SyncOwner, storage: ReadStorage): Promise<boolean> {
  const config = await store.first(CONFIG_TABLE, 'id_filial', owner.id_filial);
  const flag = config?.['is_pdv_offline'];
  if (typeof flag === 'boolean') return flag;
  const stored = storage.getItem(OFFLINE_POS_KEY);
  return stored === 'true' || stored === '1';
}

/** The server version the local copy was checked against (a mismatch drops the copy once per server version). */
export const CHECKED_VERSION_KEY = 'pdv_versao_base';

export interface VersionCheckOptions {
  store: SyncStore;
  fetchVersion: (signal: AbortSignal) => Promise<string>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  signal: AbortSignal;
}

/**
 * 000 §3.1: the last segment of the server version is compared with the local database version; a mismatch drops
 * the local copy of the server's data, which the sync then reloads (the sales made on this device stay: see
 * SyncStore.dropCopy). The server version is kept in the version cookie (2,678,400 s). Resolves with whether the data was
 * dropped.
 */
export async function checkLocalVersion({ store, fetchVersion, storage, signal }: VersionCheckOptions): Promise<boolean> {
  const version = await fetchVersion(signal);
  writeCookie(VERSION_COOKIE, version, VERSION_COOKIE_MAX_AGE_S);
  const comparison = compareVersion(version);
  const dropped = comparison === 'mismatch' && storage.getItem(CHECKED_VERSION_KEY) !== version;
  if (dropped) {
    console.warn(`Versão do servidor ${version}: a cópia local é apagada e recarregada`);
    await store.dropCopy();
  }
  if (comparison !== 'unknown') storage.setItem(CHECKED_VERSION_KEY, version);
  return dropped;
}

/** The local tables with personal data, removed at logout with the stored user (000 §4.6). */
export const PERSONAL_TABLES: readonly string[] = ['people', 'checking_account', 'user', 'permission', 'notification'];

/** Logout: personal data leaves the device. Waits for the engine to let go of the sync lock (at most 5 s). */
export async function clearPersonalData(store: SyncStore, locks: LockManager | null | undefined): Promise<void> {
  const clear = () => store.clearTables(PERSONAL_TABLES);
  if (!locks) return clear();
  try {
    await locks.request(SYNC_LOCK, { signal: AbortSignal.timeout(5000) }, clear);
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) await clear();
    else throw error;
  }
}
