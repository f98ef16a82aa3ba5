/**
 * The server's PDF renderer: one RenderPool (render-pool.ts) per process, shared by every route that answers a PDF
 * (DANFE download, voucher print, order sheet), with its failures mapped to answers:
 *
 * - queue full: 503 with PDF_MESSAGES.busy and `retry-after` (an overload is not a bug and the client may try again);
 * - the document failed (threw, killed its worker, timed out): 500 with PDF_MESSAGES.failed and the reason.
 *
 * Size: PDF_WORKERS, default max(1, min(2, cores - 1)). The main thread keeps a core of its own: it runs the event
 * loop and, with the default database, PGlite (WebAssembly, in-process); a render worker on every core would take CPU
 * from both and bring back the latency this pool removes. Two at most: each worker holds its own V8 heap, pdfmake and
 * its fonts, and a server answering PDFs to more than two callers at once is better served by the queue. On this project's 2-core
 * machines that is one worker (bench/pdf.bench.ts measures /api/health with 1 and 2).
 * Queue: PDF_QUEUE, default 100 jobs waiting. A DANFE A4 takes ~190 ms of CPU here (a voucher ~55 ms), so the last
 * of 100 waits ~20 s with one worker: about as long as a browser tab or the PWA waits before giving up. Beyond that
 * an answer would come too late to be useful, and holding the job only feeds the burst.
 *
 * Each app built by buildApp holds the pool (retainPdfRenderer) and lets go of it on close; the last one to let go
 * terminates the workers, and the next render starts a new pool.
 */
import { availableParallelism } from 'node:os';
import { HttpError } from '../http/errors.ts';
import type { PdfJob } from './render-jobs.ts';
import { PdfBusyError, PdfRenderError, RenderPool, type RenderPoolOptions } from './render-pool.ts';

export const PDF_MESSAGES = {
  busy: 'Servidor ocupado gerando documentos. Tente novamente em instantes.',
  failed: 'Não foi possível gerar o PDF do documento.',
} as const;

/** Seconds a client is told to wait when the queue is full. */
const RETRY_AFTER_SECONDS = 5;

export function defaultPdfWorkers(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} deve ser um número inteiro positivo (recebido: ${value}).`);
  return n;
}

export function pdfPoolOptions(env: NodeJS.ProcessEnv = process.env): RenderPoolOptions {
  return {
    size: positiveInt('PDF_WORKERS', env['PDF_WORKERS'], defaultPdfWorkers()),
    maxQueue: positiveInt('PDF_QUEUE', env['PDF_QUEUE'], 100),
  };
}

let pool: RenderPool<PdfJob> | null = null;
let holders = 0;

function currentPool(): RenderPool<PdfJob> {
  pool ??= new RenderPool<PdfJob>(pdfPoolOptions());
  return pool;
}

/**
 * Holds the process's pool (made now, so a bad PDF_WORKERS or PDF_QUEUE stops the start); the function answered lets
 * go of it, and the last holder's release terminates the workers.
 */
export function retainPdfRenderer(): () => Promise<void> {
  currentPool();
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !pool) return;
    const closing = pool;
    pool = null;
    await closing.close();
  };
}

/** The PDF of a job, rendered in a worker thread; an HttpError (503 overload, 500 failure) when it cannot be. */
export async function renderPdf(job: PdfJob): Promise<Uint8Array> {
  try {
    return await currentPool().render(job);
  } catch (error) {
    if (error instanceof PdfBusyError) {
      throw new HttpError(503, PDF_MESSAGES.busy, undefined, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    if (error instanceof PdfRenderError) throw new HttpError(500, PDF_MESSAGES.failed, error.message);
    throw error;
  }
}
