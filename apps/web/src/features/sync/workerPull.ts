/**
 * The page's side of the sync worker: a TablePuller for the engine that runs each table read in the worker and
 * relays its progress. A stop (the run's signal) is passed on, and the run settles once the worker has let go of
 * the table (a page being written commits whole first), as pullTable on this thread would. If the worker cannot run
 * (no module workers, a script that fails to load), the reads fall back to this thread.
 */
import { isApiError } from '../../api/errors.ts';
import type { PullResult, PullRun, TablePuller } from './pullTable.ts';
import type { SyncTable } from './tables.ts';
import { fromWire, type FromWorker, type ToWorker } from './workerProtocol.ts';

/** What the puller needs of a Worker (a test passes a fake). */
export interface WorkerPort {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface WorkerPullerOptions {
  /** Starts the worker; called on the first read. */
  start: () => WorkerPort;
  /** The bearer token the worker's calls carry. */
  token: string | null;
  /** Reads on this thread, used when the worker cannot run. */
  fallback: TablePuller;
  /**
   * The worker's call was refused with 401. The page's API client signs out on a 401 of its own calls; the worker
   * does not share it, so the page is told.
   */
  onUnauthorized?: (table: SyncTable) => void;
}

export interface WorkerPuller {
  pull: TablePuller;
  /** Ends the worker (after the engine stopped). */
  close(): void;
}

interface Pending {
  table: SyncTable;
  run: PullRun;
  resolve: (result: PullResult) => void;
  reject: (error: Error) => void;
}

export function createWorkerPuller(options: WorkerPullerOptions): WorkerPuller {
  let worker: WorkerPort | null = null;
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const settle = (id: number, outcome: { result: PullResult } | { error: Error }) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    const { signal } = entry.run;
    if (signal.aborted) entry.reject(signal.reason as Error);
    else if ('result' in outcome) entry.resolve(outcome.result);
    else entry.reject(outcome.error);
  };

  const onMessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    const entry = pending.get(message.id);
    if (!entry) return;
    switch (message.type) {
      case 'begin':
        entry.run.onBegin?.(message.firstLoad);
        break;
      case 'page':
        entry.run.onPage?.(message.received);
        break;
      case 'done':
        settle(message.id, { result: message.result });
        break;
      case 'failed': {
        const error = fromWire(message.error);
        if (isApiError(error) && error.status === 401 && !entry.run.signal.aborted) options.onUnauthorized?.(entry.table);
        settle(message.id, { error });
        break;
      }
    }
  };

  const onError = (event: Event) => {
    // The worker's script failed (or threw outside a run): the reads in flight fail and retry on this thread.
    console.error('O processo de sincronização em segundo plano falhou; a sincronização segue na página', event);
    broken = true;
    worker?.terminate();
    worker = null;
    for (const id of [...pending.keys()]) settle(id, { error: new Error('Falha no processo de sincronização') });
  };

  const ensureWorker = (): WorkerPort | null => {
    if (broken) return null;
    if (worker) return worker;
    try {
      worker = options.start();
    } catch (error) {
      console.error('Não foi possível iniciar a sincronização em segundo plano', error);
      broken = true;
      return null;
    }
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    return worker;
  };

  const pull: TablePuller = (table, run) => {
    const target = ensureWorker();
    if (!target) return options.fallback(table, run);
    const { signal } = run;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const id = (nextId += 1);
    return new Promise<PullResult>((resolve, reject) => {
      const onAbort = () => target.postMessage({ type: 'abort', id });
      signal.addEventListener('abort', onAbort, { once: true });
      const release = () => signal.removeEventListener('abort', onAbort);
      pending.set(id, {
        table,
        run,
        resolve: (result) => {
          release();
          resolve(result);
        },
        reject: (error) => {
          release();
          reject(error);
        },
      });
      target.postMessage({ type: 'pull', id, table, owner: run.owner, token: options.token });
    });
  };

  return {
    pull,
    close() {
      worker?.terminate();
      worker = null;
      for (const id of [...pending.keys()]) settle(id, { error: new Error('Sincronização encerrada') });
    },
  };
}
