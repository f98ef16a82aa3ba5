/**
 * The sync worker (a module Web Worker started by runtime.ts): reads tables into the local database for the page.
 * Its own Dexie connection to 'pdv' writes the same stores; the page's live queries see the writes.
 */
import '../../zod-config.ts';
import { PdvDatabase } from '../../db/database.ts';
import { serveSyncWorker } from './workerHost.ts';

let db: PdvDatabase | null = null;

serveSyncWorker(self, {
  db: () => (db ??= new PdvDatabase()),
});
