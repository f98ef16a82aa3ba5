/**
 * The sync worker (a module Web Worker started by runtime.ts): reads tables into the local database for the page.
 * Its own Dexie connection to 'pdv' writes the same stores; the page's live queries see the writes.
 */
import '../../zod-config.ts';
import { PdvDatabase } from '../../db/database.ts';
import { dexieSyncStore, type SyncStore } from './syncStore.ts';
import { serveSyncWorker } from './workerHost.ts';

let store: SyncStore | null = null;

serveSyncWorker(self, {
  store: () => (store ??= dexieSyncStore(new PdvDatabase())),
});
