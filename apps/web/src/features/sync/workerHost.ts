/**
 * The sync worker's side: runs the table reads the page asks for (pullTable against the worker's own connection to
 * the local database) and reports their start, each written page and their end. Fetching, parsing and writing pages
 * all happen here, off the page's thread.
 */
import { errorBody } from '@pdv/contract/common';
import { API_PREFIX, routes } from '@pdv/contract/routes';
import { listByChangesResult } from '@pdv/contract/sync';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  httpErrorText,
  isAbort,
} from '../../api/errors.ts';
import { abortableSleep, pullTable, type PageFetcher } from './pullTable.ts';
import type { SyncStore } from './syncStore.ts';
import { toWire, type FromWorker, type ToWorker } from './workerProtocol.ts';

/** Where the host listens and answers: the worker's global scope, or a test's fake port. */
export interface HostPort {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

export interface HostOptions {
  /** The worker's own access to the local copy. */
  store: () => SyncStore;
  /** The page fetcher for a run made with this token. */
  fetcher?: (token: string | null) => PageFetcher;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/**
 * POST list-by-changes with fetch, as the API client (api/client.ts) does on the page: the same headers, and the
 * same ApiError kinds for no answer, an error answer and an answer outside the contract. (The client itself drives
 * the page's progress bar, which a worker has not got.)
 */
export function fetchSyncPage(token: string | null): PageFetcher {
  return async (table, request, signal) => {
    const name = `sync_${table.name}` as const;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(API_PREFIX + routes[name].path, {
        method: 'POST',
        headers,
        body: JSON.stringify(request),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError('network', 0, null, NETWORK_ERROR_MESSAGE, name);
    }
    let data: unknown = null;
    try {
      data = await response.json();
    } catch (error) {
      if (isAbort(error)) throw error;
    }
    if (!response.ok) {
      const parsed = errorBody.safeParse(data);
      const body = parsed.success ? parsed.data : null;
      const text = body?.message || httpErrorText(response.status, response.statusText);
      throw new ApiError('http', response.status, body, text, name);
    }
    const result = listByChangesResult.safeParse(data);
    if (!result.success) {
      console.error(`Resposta fora do contrato em ${routes[name].path}`, result.error.issues);
      throw new ApiError('response', response.status, null, UNEXPECTED_RESPONSE_MESSAGE, name);
    }
    return result.data;
  };
}

/** Serves the page's requests on `port` until the worker ends. */
export function serveSyncWorker(port: HostPort, options: HostOptions): void {
  const runs = new Map<number, AbortController>();
  const fetcher = options.fetcher ?? fetchSyncPage;
  const post = (message: FromWorker) => port.postMessage(message);

  const run = async (message: Extract<ToWorker, { type: 'pull' }>) => {
    const { id } = message;
    const controller = new AbortController();
    runs.set(id, controller);
    try {
      const result = await pullTable(message.table, {
        store: options.store(),
        fetchPage: fetcher(message.token),
        owner: message.owner,
        signal: controller.signal,
        sleep: options.sleep ?? abortableSleep,
        now: options.now ?? (() => Date.now()),
        onBegin: (firstLoad) => post({ type: 'begin', id, firstLoad }),
        onPage: (received) => post({ type: 'page', id, received }),
      });
      post({ type: 'done', id, result });
    } catch (error) {
      post({ type: 'failed', id, error: toWire(error) });
    } finally {
      runs.delete(id);
    }
  };

  port.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'pull') void run(message);
    else runs.get(message.id)?.abort(new DOMException('Sincronização encerrada', 'AbortError'));
  });
}
