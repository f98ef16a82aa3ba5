/**
 * The URL of the local copy's worker (worker.ts) as the build emits it. Importing this module puts the worker, and
 * the sqlite3.wasm it loads, into dist/ and so into the service worker's precache (vite.config.ts globPatterns), so
 * that an offline reload can start it. Nothing starts the worker here: tabs.ts and client.ts do, when called.
 */
import workerUrl from './worker.ts?worker&url';

export const LOCALDB_WORKER_URL: string = workerUrl;
