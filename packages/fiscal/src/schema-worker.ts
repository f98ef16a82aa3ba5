/**
 * The main-thread side of xmllint-worker.cjs: one worker per schema, documents queued and handed over one at a time
 * through shared memory (chunks of 1 MiB), xmllint's stderr lines collected per document. See validate.ts for why.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHUNK = 1 << 20;
/**
 * Documents one xmllint run takes before a fresh run replaces it: each "-" argument is one document, and the argument
 * list lives on the WebAssembly stack (64 KiB), so it cannot be very long.
 */
const DOCUMENTS_PER_RUN = 2_000;
/** A validation that takes longer than this means the worker is stuck: it is replaced and the call fails. */
const TIMEOUT_MS = 60_000;

const require = createRequire(import.meta.url);
const GLUE = require.resolve('xmllint-wasm/xmllint-node.js');
const WORKER_FILE = new URL('./xmllint-worker.cjs', import.meta.url);

interface Job {
  bytes: Buffer;
  offset: number;
  lines: string[];
  resolve: (lines: string[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

type WorkerMessage = { t: 'line'; text: string } | { t: 'need' } | { t: 'more' } | { t: 'exit'; code: number; reason?: string };

export class SchemaWorker {
  private worker: Worker | null = null;
  private readonly shared = new SharedArrayBuffer(16 + CHUNK);
  private readonly control = new Int32Array(this.shared, 0, 4);
  private readonly data = new Uint8Array(this.shared, 16);
  private readonly queue: Job[] = [];
  private current: Job | null = null;
  /** The worker is blocked waiting for a document. */
  private idle = false;
  /** The worker compiled its schema at least once (a failure before that is the schema's, not a document's). */
  private started = false;
  private startupLines: string[] = [];
  private readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  private readonly documentsPerRun: number;

  constructor(
    private readonly files: Array<{ fileName: string; contents: string }>,
    options: { documentsPerRun?: number } = {},
  ) {
    this.documentsPerRun = options.documentsPerRun ?? DOCUMENTS_PER_RUN;
  }

  /** xmllint's stderr lines for one document ('- validates' when it is valid). */
  validate(xml: string): Promise<string[]> {
    return new Promise<string[]>((resolve, reject) => {
      this.queue.push({ bytes: Buffer.from(xml, 'utf8'), offset: 0, lines: [], resolve, reject, timer: null });
      this.ensureWorker();
      this.pump();
      this.updateRef();
    });
  }

  /** Resolves once the schema is compiled. */
  ready(): Promise<void> {
    if (this.idle || this.current) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.readyWaiters.push({ resolve, reject });
      this.ensureWorker();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.idle = false;
    const error = new Error('Validador de schema encerrado.');
    this.current?.reject(error);
    this.current = null;
    for (const job of this.queue.splice(0)) job.reject(error);
    if (worker) await worker.terminate();
  }

  private ensureWorker(): void {
    if (this.worker) return;
    const [main] = this.files;
    if (!main) throw new Error('Schema sem arquivo principal.');
    const args = ['--nonet', '--noout', '--schema', main.fileName, ...Array<string>(this.documentsPerRun).fill('-')];
    const worker = new Worker(WORKER_FILE, {
      workerData: { glue: GLUE, files: this.files, args, shared: this.shared, initialPages: 512, maxPages: 8192 },
    });
    Atomics.store(this.control, 0, 0);
    this.worker = worker;
    this.idle = false;
    this.startupLines = [];
    worker.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onExit(worker, error));
    worker.on('exit', (code) => this.onExit(worker, new Error(`Validador de schema terminou (código ${code}).`)));
    this.updateRef();
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    if (worker !== this.worker) return;
    switch (message.t) {
      case 'line':
        (this.current?.lines ?? this.startupLines).push(message.text);
        return;
      case 'need':
        this.started = true;
        this.idle = true;
        if (this.current) {
          const done = this.current;
          this.current = null;
          this.finish(done);
        }
        for (const w of this.readyWaiters.splice(0)) w.resolve();
        this.pump();
        this.updateRef();
        return;
      case 'more':
        this.sendChunk();
        return;
      case 'exit':
        this.onExit(worker, new Error(`Validador de schema terminou (código ${message.code}${message.reason ? `: ${message.reason}` : ''}).`));
    }
  }

  private onExit(worker: Worker, error: Error): void {
    if (worker !== this.worker) return;
    this.worker = null;
    this.idle = false;
    void worker.terminate();
    const job = this.current;
    this.current = null;
    if (job) {
      // The last document of a run is answered before xmllint exits.
      if (job.lines.some((l) => /^- (validates|fails to validate)$/.test(l) || /^-:\d+: parser error : /.test(l))) this.finish(job);
      else this.fail(job, error);
    }
    if (!this.started) {
      // The schema itself did not compile: every waiting call fails, with libxml2's words.
      const cause = new Error(`Schema não compilado pelo libxml2: ${this.startupLines.join(' ').slice(0, 2000) || error.message}`);
      for (const w of this.readyWaiters.splice(0)) w.reject(cause);
      for (const queued of this.queue.splice(0)) queued.reject(cause);
      this.updateRef();
      return;
    }
    if (this.queue.length > 0 || this.readyWaiters.length > 0) this.ensureWorker();
    this.updateRef();
  }

  private pump(): void {
    if (!this.idle || this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    this.current = job;
    this.idle = false;
    job.timer = setTimeout(() => this.timeout(job), TIMEOUT_MS);
    job.timer.unref();
    this.sendChunk();
  }

  private sendChunk(): void {
    const job = this.current;
    if (!job) return;
    const n = Math.min(CHUNK, job.bytes.length - job.offset);
    this.data.set(job.bytes.subarray(job.offset, job.offset + n));
    job.offset += n;
    Atomics.store(this.control, 1, n);
    Atomics.store(this.control, 2, job.offset >= job.bytes.length ? 1 : 0);
    Atomics.add(this.control, 0, 1);
    Atomics.notify(this.control, 0);
  }

  private finish(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.resolve(job.lines);
  }

  private fail(job: Job, error: Error): void {
    if (job.timer) clearTimeout(job.timer);
    job.reject(error);
  }

  private timeout(job: Job): void {
    if (this.current !== job || !this.worker) return;
    const worker = this.worker;
    this.onExit(worker, new Error(`Validação de schema sem resposta em ${TIMEOUT_MS / 1000} s.`));
  }

  /** Keep the process alive only while a validation is under way. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.current || this.queue.length > 0 || this.readyWaiters.length > 0) this.worker.ref();
    else this.worker.unref();
  }
}
