/**
 * The server's PDF renderer: one RenderPool (render-pool.ts) per process, shared by every route that answers a PDF
 * (DANFE download, voucher print, order sheet), with its failures mapped to answers:
 *
 * - queue full: 503 with PDF_MESSAGES.busy and `retry-after` (an overload is not a bug and the client may try again);
 * - the document failed (threw, killed its worker, timed out): 500 with PDF_MESSAGES.failed and the reason.
 *
 * Size: PDF_WORKERS, default max(1, min(2, cores - 1)). The main thread keeps a core of its own: it runs the event
 * loop and, with the default database, PGlite (WebAssembly, in-process); a render worker on every core takes CPU from
 * both and brings back part of the latency this pool removes. On this project's 2-core machine that is one worker:
 * bench/pdf.bench.ts gave /api/health a p95 of 3.8 ms during 100 DANFE downloads with one worker and 31 ms with two,
 * the 100 PDFs taking no less time with two. Two at most: each worker is a V8 heap of its own with pdfmake and its
 * fonts loaded, and the growth path is more API nodes (ARCHITECTURE.md), not more threads in one.
 * Queue: PDF_QUEUE, default 100 jobs waiting. A DANFE A4 took ~190 ms on this (busy) machine and a voucher ~55 ms,
 * so with one worker the last of 100 DANFEs waits ~20 s (the bench's 100 downloads ended in 20-24 s). A longer queue
 * would only make later answers later: past that, a clear "try again" serves the caller better.
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
