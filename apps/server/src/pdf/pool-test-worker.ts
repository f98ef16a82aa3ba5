/**
 * A render worker for render-pool.test.ts: each job says how it should go (answer, wait, throw, kill its worker,
 * never answer), so the pool's handling of each case is tested without pdfmake.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { serveRenderJobs } from './render-protocol.ts';

export type PoolTestJob =
  | { op: 'echo'; text: string; waitMs?: number }
  | { op: 'throw'; message: string }
  | { op: 'crash' }
  | { op: 'hang' };

serveRenderJobs<PoolTestJob>(async (job) => {
  switch (job.op) {
    case 'echo':
      if (job.waitMs) await sleep(job.waitMs);
      return new TextEncoder().encode(job.text);
    case 'throw':
      throw new Error(job.message);
    case 'crash':
      // What an abort, a native fault or a heap limit does to a worker: it ends without answering.
      process.exit(7);
    // falls through (process.exit does not return)
    case 'hang':
      return new Promise<Uint8Array>(() => undefined);
  }
});
