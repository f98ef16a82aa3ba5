// Starts a TypeScript worker entry (workerData.entry, a file: URL) when the server runs from its sources: Node 20 does
// not pass tsx's loader (`--import tsx`) on to worker threads, so it is registered in this thread before the import.
// Plain JavaScript: it runs before anything can be compiled. The compiled server starts its .js entries directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
