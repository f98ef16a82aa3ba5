/**
 * A small pool of worker threads that render PDFs off the request loop. pdfmake lays a document out synchronously
 * (tens to hundreds of milliseconds of CPU per document): rendered on the main thread, 100 concurrent DANFE downloads
 * held every other request, /api/health included, for seconds. Here the main thread only posts the job's plain data
 * and receives the bytes (transferred, not copied).
 *
 * - At most `size` workers, started on first use and kept (unreferenced while idle, so they never keep a process
 *   alive); one job per worker at a time.
 * - A bounded queue: when `maxQueue` jobs already wait, `render` fails at once with PdfBusyError (the route answers
 *   503) instead of letting a burst queue without end.
 * - A job that throws in the worker fails with PdfRenderError and the worker keeps serving. A worker that dies (an
 *   uncaught error, its heap limit, a native crash) or stays silent past `timeoutMs` is terminated: its job fails with
 *   PdfRenderError and the next job waiting starts a fresh worker.
 *
 * The worker entry is located as packages/fiscal/src/schema-worker.ts locates its own: a file beside this module
 * (`new URL(..., import.meta.url)`), with this module's own extension: `render-worker.ts` when the server runs from its
 * sources (tsx, vitest), `render-worker.js` when it runs compiled. Node 20 does not pass tsx's loader on to worker
 * threads, so a `.ts` entry is started through tsx-worker.mjs, which registers tsx in the new thread first.
 */
import { Worker } from 'node:worker_threads';
import type { JobMessage, WorkerMessage } from './render-protocol.ts';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
/** The entry of the server's render workers (render-worker.ts). */
export const RENDER_WORKER = new URL(`./render-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);
const TSX_BOOT = new URL('./tsx-worker.mjs', import.meta.url);

/** The queue is full: the caller should try again in a moment (503). */
export class PdfBusyError extends Error {}
/** This job failed: it threw in the worker, the worker died under it, it timed out, or the pool was closed. */
export class PdfRenderError extends Error {}

export interface RenderPoolOptions {
  /** Workers at most (each renders one job at a time). */
  size: number;
  /** Jobs that may wait for a free worker; one more is refused with PdfBusyError. */
  maxQueue: number;
  /** A job taking longer than this (counted once its worker has loaded) means the worker is stuck. Default 60 s. */
  timeoutMs?: number;
  /** A worker not loaded after this long is stuck too. Default 60 s. */
  startTimeoutMs?: number;
  /** The worker entry (a module that calls serveRenderJobs). Default: RENDER_WORKER. */
  entry?: URL;
  /** Old-generation heap of each worker in MiB: a runaway document kills its worker, not the server. Default 512. */
  maxHeapMb?: number;
}

interface Pending<J> {
  id: number;
  job: J;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Slot<J> {
  worker: Worker;
  /** Its modules are loaded (it posted ReadyMessage). */
  ready: boolean;
  current: Pending<J> | null;
  /** The start limit until ready, then the current job's limit. */
  timer: NodeJS.Timeout | null;
  /** Died or was terminated: its later events are ignored. */
  gone: boolean;
}

export interface RenderPoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers started since the pool was made (replacements included). */
  started: number;
}

export class RenderPool<J> {
  private readonly slots: Array<Slot<J>> = [];
  private readonly queue: Array<Pending<J>> = [];
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly entry: URL;
  private readonly maxHeapMb: number;
  private nextId = 1;
  private started = 0;
  private closed = false;

  constructor(options: RenderPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error(`Tamanho do pool de PDF inválido: ${options.size}.`);
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) throw new Error(`Fila do pool de PDF inválida: ${options.maxQueue}.`);
    this.size = options.size;
    this.maxQueue = options.maxQueue;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.entry = options.entry ?? RENDER_WORKER;
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  /** The PDF of one job, rendered by a worker. */
  render(job: J): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new PdfRenderError('Gerador de PDF encerrado.'));
    return new Promise<Uint8Array>((resolve, reject) => {
      const pending: Pending<J> = { id: this.nextId++, job, resolve, reject };
      const slot = this.freeSlot();
      if (slot) this.dispatch(slot, pending);
      else if (this.queue.length < this.maxQueue) this.queue.push(pending);
      else reject(new PdfBusyError(`Fila de PDF cheia (${this.maxQueue} aguardando, ${this.size} em geração).`));
    });
  }

  stats(): RenderPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.current !== null).length,
      queued: this.queue.length,
      started: this.started,
    };
  }

  /** Fails every job not yet answered and terminates the workers. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new PdfRenderError('Gerador de PDF encerrado.');
    for (const pending of this.queue.splice(0)) pending.reject(error);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.gone = true;
      if (slot.timer) clearTimeout(slot.timer);
      slot.current?.reject(error);
      slot.current = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** An idle worker, or a new one while the pool is below its size; null when all are busy. */
  private freeSlot(): Slot<J> | null {
    const idle = this.slots.find((s) => s.current === null);
    if (idle) return idle;
    return this.slots.length < this.size ? this.spawn() : null;
  }

  private spawn(): Slot<J> {
    const options = { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } };
    const worker = this.entry.pathname.endsWith('.ts')
      ? new Worker(TSX_BOOT, { ...options, workerData: { entry: this.entry.href } })
      : new Worker(this.entry, options);
    const slot: Slot<J> = { worker, ready: false, current: null, timer: null, gone: false };
    this.started += 1;
    this.slots.push(slot);
    worker.unref();
    slot.timer = this.limit(slot, this.startTimeoutMs, `não iniciou em ${this.startTimeoutMs / 1000} s`);
    worker.on('message', (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on('error', (error) => this.onDeath(slot, error.message));
    worker.on('exit', (code) => this.onDeath(slot, `código de saída ${code}`));
    return slot;
  }

  private dispatch(slot: Slot<J>, pending: Pending<J>): void {
    const message: JobMessage<J> = { id: pending.id, job: pending.job };
    try {
      slot.worker.postMessage(message);
    } catch (error) {
      // Not structured-cloneable (a programming error of the caller): this job fails, the worker stays idle.
      pending.reject(new PdfRenderError(`Dados do documento não transferíveis: ${error instanceof Error ? error.message : String(error)}`));
      this.pump();
      return;
    }
    slot.current = pending;
    // A worker still loading is on its start limit; the job's own starts when it is ready.
    if (slot.ready) slot.timer = this.jobLimit(slot);
    slot.worker.ref();
  }

  private limit(slot: Slot<J>, ms: number, reason: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.onDeath(slot, reason), ms);
    timer.unref();
    return timer;
  }

  private jobLimit(slot: Slot<J>): NodeJS.Timeout {
    return this.limit(slot, this.timeoutMs, `sem resposta em ${this.timeoutMs / 1000} s`);
  }

  private onMessage(slot: Slot<J>, message: WorkerMessage): void {
    if (slot.gone) return;
    if ('ready' in message) {
      slot.ready = true;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = slot.current ? this.jobLimit(slot) : null;
      return;
    }
    const pending = slot.current;
    if (!pending || pending.id !== message.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
    slot.worker.unref();
    if (message.ok) pending.resolve(message.pdf);
    else pending.reject(new PdfRenderError(message.message));
    this.pump();
  }

  /** The worker died (or is stuck and is killed here): its job fails, a waiting job gets a fresh worker. */
  private onDeath(slot: Slot<J>, reason: string): void {
    if (slot.gone) return;
    slot.gone = true;
    if (slot.timer) clearTimeout(slot.timer);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    const pending = slot.current;
    slot.current = null;
    pending?.reject(new PdfRenderError(`O gerador de PDF parou (${reason}).`));
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const slot = this.freeSlot();
      const next = slot ? this.queue.shift() : undefined;
      if (!slot || !next) return;
      this.dispatch(slot, next);
    }
  }
}
