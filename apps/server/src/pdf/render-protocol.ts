/**
 * The messages between a RenderPool (render-pool.ts) and its workers, and the worker side of them: one job in, the
 * PDF's bytes out (their buffer transferred, not copied) or the error's message.
 */
import { parentPort } from 'node:worker_threads';

export interface JobMessage<J> {
  id: number;
  job: J;
}

export type ResultMessage = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

/** Posted once by a worker when its modules are loaded: a job's time limit counts from then, not from the start. */
export interface ReadyMessage {
  ready: true;
}

export type WorkerMessage = ResultMessage | ReadyMessage;

/** A view that owns its whole ArrayBuffer can be transferred; anything else (a pooled Buffer) is copied first. */
function transferable(pdf: Uint8Array): { pdf: Uint8Array; buffer: ArrayBuffer } {
  const { buffer } = pdf;
  if (buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === buffer.byteLength) return { pdf, buffer };
  const copy = pdf.slice();
  return { pdf: copy, buffer: copy.buffer };
}

/** In a worker thread: answers each job posted by the pool with `render`'s bytes. */
export function serveRenderJobs<J>(render: (job: J) => Promise<Uint8Array>): void {
  const port = parentPort;
  if (!port) throw new Error('serveRenderJobs roda numa worker thread.');
  port.postMessage({ ready: true } satisfies ReadyMessage);
  port.on('message', (message: JobMessage<J>) => {
    void (async () => {
      let answer: ResultMessage;
      let transfer: ArrayBuffer[] = [];
      try {
        const { pdf, buffer } = transferable(await render(message.job));
        answer = { id: message.id, ok: true, pdf };
        transfer = [buffer];
      } catch (error) {
        answer = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer, transfer);
    })();
  });
}
