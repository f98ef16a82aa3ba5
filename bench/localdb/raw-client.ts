/**
 * The page's side of the raw SQLite baseline worker (raw-worker.ts): one request posted, its answer awaited. Used by
 * the localdb bench's page (page.ts) and by the raw insert run in the app's own page (copy-baseline.ts).
 */
let rawId = 0;

export function rawCall(worker: Worker, message: Record<string, unknown>): Promise<unknown> {
  const id = ++rawId;
  return new Promise((resolve, reject) => {
    const listener = (event: MessageEvent<{ id: number; ok: boolean; value?: unknown; message?: string }>) => {
      if (event.data.id !== id) return;
      worker.removeEventListener('message', listener);
      if (event.data.ok) resolve(event.data.value);
      else reject(new Error(event.data.message));
    };
    worker.addEventListener('message', listener);
    worker.postMessage({ ...message, id });
  });
}
