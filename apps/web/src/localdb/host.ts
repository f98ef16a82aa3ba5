/**
 * The worker's side of the channel: opens the engine when the page asks, answers each call in the order received
 * (the engine is synchronous: one call runs at a time), and tells the page of every committed write.
 */
import type { LocalEngine } from './engine.ts';
import { runOnEngine, type AnyProcedure } from './transaction.ts';
import type { Endpoint, LocalDbErrorKind, LocalDbMessage, LocalDbMethod, LocalDbRequest, OpenOptions } from './protocol.ts';
import { LocalDbUnsupportedError, QUOTA_MESSAGE } from './support.ts';
import { callSyncWrite, isSyncWrite } from './syncWrites.ts';

/** SQLITE_FULL: the database or the disk is full. */
const SQLITE_FULL = 13;

const METHODS: ReadonlySet<LocalDbMethod> = new Set<LocalDbMethod>([
  'searchVariations',
  'byBarcode',
  'bySku',
  'get',
  'getMany',
  'where',
  'all',
  'count',
  'bulkPut',
  'applyChanges',
  'beginLoad',
  'endLoad',
  'meta',
  'setMeta',
  'heapBytes',
]);

function isQuota(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { name, resultCode, message, cause } = current as { name?: unknown; resultCode?: unknown; message?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError' || resultCode === SQLITE_FULL) return true;
    if (typeof message === 'string' && /QuotaExceeded|SQLITE_FULL/.test(message)) return true;
    current = cause;
  }
  return false;
}

function failure(id: number, error: unknown): LocalDbMessage {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  let kind: LocalDbErrorKind = 'error';
  if (error instanceof LocalDbUnsupportedError) kind = 'unsupported';
  else if (isQuota(error)) kind = 'quota';
  return { type: 'reply', id, ok: false, kind, name, message: kind === 'quota' ? QUOTA_MESSAGE : message };
}

/** Serves the engine that `open` makes on `endpoint` (the worker's scope; a MessagePort in tests). */
export function serve(
  endpoint: Endpoint<LocalDbRequest, LocalDbMessage>,
  open: (options: OpenOptions) => Promise<LocalEngine>,
  procedures: ReadonlyMap<string, AnyProcedure> = new Map(),
): void {
  let engine: LocalEngine | null = null;
  let opening: Promise<LocalEngine> | null = null;
  const send = (message: LocalDbMessage) => endpoint.postMessage(message);

  const answer = async (request: LocalDbRequest): Promise<unknown> => {
    switch (request.op) {
      case 'open':
        opening ??= open(request.options).then((opened) => {
          engine = opened;
          opened.subscribe(null, (tables) => send({ type: 'changed', tables: [...tables] }));
          return opened;
        });
        opening.catch(() => {
          opening = null;
        });
        await opening;
        return undefined;
      case 'close':
        engine?.close();
        engine = null;
        opening = null;
        return undefined;
      case 'call': {
        if (!engine) throw new Error('A cópia local não foi aberta.');
        if (isSyncWrite(request.method)) return callSyncWrite(engine, request.method, request.args);
        if (!METHODS.has(request.method)) throw new Error(`Operação desconhecida da cópia local: ${String(request.method)}.`);
        // The method by its name, called on the engine (the names are checked above).
        const method = Reflect.get(engine, request.method) as (...args: unknown[]) => unknown;
        return Reflect.apply(method, engine, request.args);
      }
      case 'transact': {
        if (!engine) throw new Error('A cópia local não foi aberta.');
        const procedure = procedures.get(request.name);
        if (!procedure) throw new Error(`Procedimento desconhecido da cópia local: ${request.name}.`);
        // Synchronous from BEGIN to COMMIT: no other message is served in between.
        return runOnEngine(engine, procedure, ...request.args);
      }
    }
  };

  // Calls run one after the other, in the order they came (an open finishes before the calls sent after it).
  let queue: Promise<unknown> = Promise.resolve();
  endpoint.addEventListener('message', (event) => {
    const request = event.data;
    queue = queue.then(() =>
      answer(request).then(
        (value) => send({ type: 'reply', id: request.id, ok: true, value }),
        (error: unknown) => send(failure(request.id, error)),
      ).then(() => {
        if (engine?.restartAdvised()) send({ type: 'restart' });
      }),
    );
  });
}
