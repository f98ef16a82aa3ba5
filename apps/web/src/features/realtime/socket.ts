/**
 * The socket client (000 §7.1): connects on the API's origin with the token, emits `login` (the server puts it in its
 * organization's and active branch's rooms), and reports each table-change event. It reconnects with backoff after a
 * server restart, without a page reload, and logs in again after each reconnection and after a branch switch.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { localDb } from '../../db/database.ts';
import { applyProcessEvent } from '../outbox/processEvent.ts';

/** 000 §7.1: the server's report on an operation, emitted to the branch room after POST /api/operacao commits. */
export const PROCESS_EVENT = 'process';
/** The table event a report also announces: 000 §4.1, "stock is synced after transmissions". */
const STOCK_EVENT = 'stock';

/** online: connected and logged in; connecting: before the first answer; offline: no network or no server. */
export type ConnectionState = 'connecting' | 'online' | 'offline';

export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 10_000,
};

const LOGIN_TIMEOUT_MS = 10_000;

export interface RealtimeOptions {
  token: string;
  /** The events to listen to (the `event` of every SYNC_GROUPS entry). */
  events: readonly string[];
  onChange: (event: string) => void;
  /** A `process` report (default: applied to the local operation it is about, outbox/processEvent.ts). */
  onProcess?: (payload: unknown) => Promise<unknown>;
  /** Logged in (the first time or again): events may have been missed before. */
  onReconnect: () => void;
  onState: (state: ConnectionState) => void;
  /** For tests: how a socket is made. */
  connect?: (options: Partial<ManagerOptions & SocketOptions>) => Socket;
  /** For tests: the window whose online/offline events are followed. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator?: { onLine: boolean } };
}

export interface RealtimeClient {
  /** Emits login again (after a branch switch: the rooms follow the active branch). */
  relogin(): void;
  close(): void;
}

interface LoginReply {
  ok?: boolean;
  id_filial?: number;
}

export function connectRealtime(options: RealtimeOptions): RealtimeClient {
  const target = options.target ?? window;
  const online = () => target.navigator?.onLine ?? true;
  const socket = (options.connect ?? ((o) => io(o)))({ ...SOCKET_OPTIONS, auth: { token: options.token } });
  let loggedIn = false;
  let everLoggedIn = false;
  let refused = false;
  let closed = false;
  let state: ConnectionState | null = null;

  const report = () => {
    const next: ConnectionState =
      loggedIn && socket.connected && online()
        ? 'online'
        : everLoggedIn || refused || !online()
          ? 'offline'
          : 'connecting';
    if (next === state) return;
    state = next;
    options.onState(next);
  };

  const login = () => {
    socket.timeout(LOGIN_TIMEOUT_MS).emit('login', {}, (error: Error | null, reply?: LoginReply) => {
      if (closed) return;
      if (error || !reply?.ok) {
        // The server refused (inactive user) or did not answer: it disconnects a refused socket.
        refused = !error;
        loggedIn = false;
        console.warn('Login no socket recusado', error ?? reply);
        report();
        return;
      }
      loggedIn = true;
      everLoggedIn = true;
      report();
      // Events sent while this page was closed, or while the socket was down, were missed: read every table again
      // (incremental, cheap; the engine queues it behind a pass already running).
      options.onReconnect();
    });
  };

  socket.on('connect', () => {
    refused = false;
    login();
  });
  socket.on('disconnect', (reason) => {
    loggedIn = false;
    report();
    // A server going down (or restarting) disconnects its sockets itself, which stops the automatic reconnection.
    if (reason === 'io server disconnect' && !refused && !closed) socket.connect();
  });
  socket.on('connect_error', () => {
    loggedIn = false;
    report();
  });
  for (const event of options.events) socket.on(event, () => options.onChange(event));
  const onProcess = options.onProcess ?? ((payload: unknown) => applyProcessEvent(localDb(), payload));
  socket.on(PROCESS_EVENT, (payload: unknown) => {
    options.onChange(STOCK_EVENT);
    onProcess(payload).catch((error: unknown) => console.error('Falha ao aplicar o evento process', error));
  });

  // Back online: try at once rather than at the end of the backoff.
  const onOnline = () => {
    if (!socket.connected && !refused) socket.disconnect().connect();
    report();
  };
  const onOffline = () => report();
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  report();

  return {
    relogin() {
      if (socket.connected) login();
    },
    close() {
      closed = true;
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
