/**
 * One owner tab. The opfs-sahpool VFS lets one context at a time hold the database's files, so only one tab starts
 * the local copy's worker: the tab holding the Web Lock OWNER_LOCK (navigator.locks.request). The other tabs wait on
 * the same lock and, meanwhile, send their calls to the owner over a BroadcastChannel (CHANNEL_NAME); the owner runs
 * them on its worker and answers the caller only, and tells every tab of each committed write ('changed').
 *
 * Take-over: when the owner tab closes (or crashes) the browser releases its lock and the next waiting tab gets it;
 * it starts its own worker (retrying the open for a while: the dead worker's file handles may take a moment to be
 * released), then announces itself. Every tab resends to the new owner the calls it had sent and not seen answered,
 * so a call in flight when the owner died is answered by the next. A call may thus run twice (the old owner ran it and
 * died before answering): the engine's writes are puts and deletes by key, which give the same copy when run again.
 *
 * Restart: a worker whose memory grew for a bulk load asks to be restarted ('restart', engine.ts restartAdvised). The
 * owner waits until no call has run for a moment (idleBeforeRestart), holds the calls that come meanwhile (its own and
 * the other tabs'), closes the database, starts a new worker on the same file and sends the held calls to it.
 * WebAssembly memory never shrinks, so this is how the tab gives back the bulk load's cache.
 *
 * TabEndpoint is what a LocalDbClient talks to (it looks like the worker): the tab keeps one client for its whole
 * life, whichever tab owns the database. Locks, channel and worker are injected (tests run several tabs in Node).
 */
import { LocalDbClient } from './client.ts';
import type { Endpoint, LocalDbMessage, LocalDbRequest, OpenOptions } from './protocol.ts';

export const OWNER_LOCK = 'pdv-localdb-owner';
export const CHANNEL_NAME = 'pdv-localdb';

/** The part of navigator.locks used here. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** Messages between the tabs. */
export type TabMessage =
  | { kind: 'who'; from: string }
  | { kind: 'owner'; id: string }
  | { kind: 'gone'; id: string }
  | { kind: 'request'; from: string; to: string; request: LocalDbRequest }
  | { kind: 'reply'; to: string; message: LocalDbMessage }
  | { kind: 'changed'; tables: string[] };

/** The part of a BroadcastChannel used here (a message reaches every other tab, not the sender). */
export interface ChannelLike {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void;
  close(): void;
}

/** The local copy's worker as the owner tab sees it. */
export interface WorkerLike extends Endpoint<LocalDbMessage, LocalDbRequest> {
  terminate(): void;
}

export type TabRole = 'waiting' | 'opening' | 'owner' | 'follower';

export interface TabDeps {
  locks: LockManagerLike;
  channel: ChannelLike;
  startWorker: () => WorkerLike;
  /** Where the owner opens the database. */
  openOptions?: OpenOptions;
  tabId?: string;
  /** Opens tried by a new owner before it gives up (the worker's answers then carry the failure). */
  openAttempts?: number;
  /** The wait between two opens (ms): `retryDelay(attempt)`. */
  retryDelay?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  onRoleChange?: (role: TabRole) => void;
  /** How long no call must have run before a worker that asked for it is restarted (ms, default 3000). */
  idleBeforeRestart?: number;
  /** Told when the owner's worker has been restarted (tests, benches). */
  onRestart?: () => void;
}

/** A restart asked for (its idle check waiting on `timer`) or running (calls held meanwhile). */
interface RestartState {
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
}

type Route = { to: 'local'; id: number } | { to: 'remote'; from: string; id: number } | { to: 'internal'; done: (message: LocalDbMessage) => void };

const closedReply = (id: number): LocalDbMessage => ({ type: 'reply', id, ok: false, kind: 'error', name: 'Closed', message: 'A cópia local foi fechada nesta aba.' });

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TabEndpoint implements Endpoint<LocalDbMessage, LocalDbRequest> {
  readonly id: string;
  private roleNow: TabRole = 'waiting';
  private ownerId: string | null = null;
  /** This tab's calls not yet answered, by the client's id. */
  private readonly pending = new Map<number, LocalDbRequest>();
  private readonly listeners = new Set<(event: MessageEvent<LocalDbMessage>) => void>();
  private worker: WorkerLike | null = null;
  private readonly routes = new Map<number, Route>();
  private nextWorkerId = 1;
  private readonly abort = new AbortController();
  private release: (() => void) | null = null;
  private closed = false;
  /** A restart is asked for or running: the calls that come meanwhile wait in `held`. */
  private restart: RestartState | null = null;
  private held: Array<{ route: Route; request: LocalDbRequest }> = [];
  private lastCallAt = 0;
  private restartAsked = false;
  private readonly onChannel = (event: MessageEvent<TabMessage>) => this.fromChannel(event.data);
  private readonly onWorker = (event: MessageEvent<LocalDbMessage>) => this.fromWorker(event.data);

  constructor(private readonly deps: TabDeps) {
    this.id = deps.tabId ?? (globalThis.crypto?.randomUUID?.() ?? `tab-${Math.random().toString(36).slice(2)}`);
    deps.channel.addEventListener('message', this.onChannel);
    deps.locks
      .request(OWNER_LOCK, { signal: this.abort.signal }, async () => {
        if (this.closed) return;
        const held = new Promise<void>((resolve) => {
          this.release = resolve;
        });
        await this.becomeOwner();
        await held;
      })
      .catch((error: unknown) => {
        if (!this.closed) console.error('Falha ao disputar a cópia local entre as abas', error);
      });
    deps.channel.postMessage({ kind: 'who', from: this.id });
  }

  /** Whether this tab runs the worker ('owner'), asks another ('follower'), or knows no owner yet. */
  get role(): TabRole {
    return this.roleNow;
  }

  private setRole(role: TabRole): void {
    if (this.roleNow === role) return;
    this.roleNow = role;
    this.deps.onRoleChange?.(role);
  }

  // ---- the client's side ----

  postMessage(request: LocalDbRequest): void {
    if (this.closed) {
      this.emit(request.op === 'close' ? { type: 'reply', id: request.id, ok: true, value: undefined } : closedReply(request.id));
      return;
    }
    if (request.op === 'close') {
      // The tab's own client closing: the database stays open for the other tabs until close() below.
      this.emit({ type: 'reply', id: request.id, ok: true, value: undefined });
      return;
    }
    this.pending.set(request.id, request);
    this.dispatch(request);
  }

  addEventListener(_type: 'message', listener: (event: MessageEvent<LocalDbMessage>) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent<LocalDbMessage>) => void): void {
    this.listeners.delete(listener);
  }

  private emit(message: LocalDbMessage): void {
    for (const listener of [...this.listeners]) listener({ data: message } as MessageEvent<LocalDbMessage>);
  }

  private dispatch(request: LocalDbRequest): void {
    if (this.roleNow === 'owner') this.toWorker({ to: 'local', id: request.id }, request);
    else if (this.roleNow === 'follower' && this.ownerId) this.deps.channel.postMessage({ kind: 'request', from: this.id, to: this.ownerId, request });
    // Otherwise it waits in pending: sent when an owner is known (or this tab becomes it).
  }

  private answered(message: LocalDbMessage): void {
    if (message.type !== 'reply') return;
    // A call resent after a take-over may be answered twice: the first answer counts.
    if (!this.pending.delete(message.id)) return;
    this.emit(message);
  }

  private resendPending(): void {
    for (const request of this.pending.values()) this.dispatch(request);
  }

  // ---- the other tabs ----

  private fromChannel(message: TabMessage): void {
    if (this.closed) return;
    switch (message.kind) {
      case 'who':
        if (this.roleNow === 'owner') this.deps.channel.postMessage({ kind: 'owner', id: this.id });
        return;
      case 'owner':
        if (message.id === this.id || this.roleNow === 'owner' || this.roleNow === 'opening') return;
        if (this.ownerId === message.id && this.roleNow === 'follower') return;
        this.ownerId = message.id;
        this.setRole('follower');
        this.resendPending();
        return;
      case 'gone':
        if (this.ownerId === message.id && this.roleNow === 'follower') {
          this.ownerId = null;
          this.setRole('waiting');
        }
        return;
      case 'request':
        // A call for an owner this tab is not (any more): the caller resends it when the next owner announces itself.
        if (message.to !== this.id || this.roleNow !== 'owner') return;
        if (message.request.op === 'close') {
          this.deps.channel.postMessage({ kind: 'reply', to: message.from, message: { type: 'reply', id: message.request.id, ok: true, value: undefined } });
          return;
        }
        this.toWorker({ to: 'remote', from: message.from, id: message.request.id }, message.request);
        return;
      case 'reply':
        if (message.to === this.id) this.answered(message.message);
        return;
      case 'changed':
        if (this.roleNow !== 'owner') this.emit({ type: 'changed', tables: message.tables });
        return;
    }
  }

  // ---- the worker (owner only) ----

  private toWorker(route: Route, request: LocalDbRequest): void {
    if (route.to !== 'internal') {
      this.lastCallAt = Date.now();
      if (this.restart?.running) {
        this.held.push({ route, request });
        return;
      }
    }
    const id = this.nextWorkerId++;
    this.routes.set(id, route);
    this.worker?.postMessage({ ...request, id });
  }

  private fromWorker(message: LocalDbMessage): void {
    if (message.type === 'changed') {
      this.emit(message);
      this.deps.channel.postMessage({ kind: 'changed', tables: message.tables });
      return;
    }
    if (message.type === 'restart') {
      this.restartWhenIdle();
      return;
    }
    const route = this.routes.get(message.id);
    if (!route) return;
    this.routes.delete(message.id);
    if (route.to === 'internal') route.done(message);
    else if (route.to === 'local') this.answered({ ...message, id: route.id });
    else this.deps.channel.postMessage({ kind: 'reply', to: route.from, message: { ...message, id: route.id } });
  }

  private internalCall(request: LocalDbRequest): Promise<LocalDbMessage> {
    return new Promise((resolve) => this.toWorker({ to: 'internal', done: resolve }, request));
  }

  /** Restarts the worker once no call has run for idleBeforeRestart ms and none is in flight. */
  private restartWhenIdle(): void {
    this.restartAsked = this.roleNow === 'opening';
    if (this.restart || this.closed || this.roleNow !== 'owner') return;
    const idle = this.deps.idleBeforeRestart ?? 3_000;
    const state: RestartState = { timer: null, running: false };
    this.restart = state;
    const check = () => {
      state.timer = null;
      if (this.closed || this.roleNow !== 'owner') {
        this.restart = null;
        return;
      }
      const quiet = Date.now() - this.lastCallAt;
      if (quiet < idle || this.routes.size > 0) {
        state.timer = setTimeout(check, Math.max(50, idle - quiet));
        return;
      }
      state.running = true;
      void this.restartWorker().finally(() => {
        this.restart = null;
        for (const { route, request } of this.held.splice(0)) this.toWorker(route, request);
      });
    };
    state.timer = setTimeout(check, 0);
  }

  private async restartWorker(): Promise<void> {
    await this.internalCall({ id: 0, op: 'close' });
    if (this.closed) return;
    this.stopWorker();
    await this.startOwnWorker();
    if (!this.closed) this.deps.onRestart?.();
  }

  private openWorker(): Promise<LocalDbMessage> {
    const worker = this.deps.startWorker();
    this.worker = worker;
    worker.addEventListener('message', this.onWorker);
    return this.internalCall({ id: 0, op: 'open', options: this.deps.openOptions ?? {} });
  }

  private stopWorker(): void {
    if (!this.worker) return;
    this.worker.removeEventListener('message', this.onWorker);
    this.worker.terminate();
    this.worker = null;
    // Calls in flight are sent again (pending) to the next worker or owner; an open in flight fails.
    for (const [id, route] of [...this.routes]) {
      this.routes.delete(id);
      if (route.to === 'internal') route.done({ type: 'reply', id, ok: false, kind: 'error', name: 'Closed', message: 'O worker da cópia local parou.' });
    }
  }

  private async becomeOwner(): Promise<void> {
    this.setRole('opening');
    this.ownerId = this.id;
    await this.startOwnWorker();
    if (this.closed) return;
    this.setRole('owner');
    this.deps.channel.postMessage({ kind: 'owner', id: this.id });
    this.resendPending();
    // The open finished a load cut short, and the worker asked meanwhile.
    if (this.restartAsked) this.restartWhenIdle();
  }

  /** Starts this tab's worker and opens the database, trying again while the files are still held. */
  private async startOwnWorker(): Promise<void> {
    const attempts = Math.max(1, this.deps.openAttempts ?? 20);
    const sleep = this.deps.sleep ?? defaultSleep;
    for (let attempt = 1; ; attempt += 1) {
      const answer = await this.openWorker();
      if (this.closed) return;
      if (answer.type !== 'reply' || answer.ok) break;
      // No OPFS here: every tab is told so by its own calls; opening again would not change it.
      if (answer.kind === 'unsupported' || attempt >= attempts) {
        console.error('A cópia local não abriu nesta aba', answer.message);
        break;
      }
      // The previous owner's worker may still hold the files for a moment.
      this.stopWorker();
      await sleep(this.deps.retryDelay?.(attempt) ?? Math.min(50 * attempt, 250));
      if (this.closed) return;
    }
  }

  /** The tab leaves: an owner tells the others, stops its worker and releases the lock for the next tab. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const wasOwner = this.roleNow === 'owner' || this.roleNow === 'opening';
    if (wasOwner) this.deps.channel.postMessage({ kind: 'gone', id: this.id });
    if (this.restart?.timer) clearTimeout(this.restart.timer);
    // Calls held for a restart: this tab's are refused below; the other tabs' go to the next owner.
    this.held = [];
    this.stopWorker();
    this.abort.abort();
    this.release?.();
    this.deps.channel.removeEventListener('message', this.onChannel);
    this.deps.channel.close();
    // This tab's calls still waiting are refused (its client removes its own listener when it closes).
    const waiting = [...this.pending.keys()];
    this.pending.clear();
    for (const id of waiting) this.emit(closedReply(id));
  }
}

/** This tab's client of the local copy, whichever tab owns the database (see the file's comment). */
export function openSharedLocalDb(deps: TabDeps): { client: LocalDbClient; endpoint: TabEndpoint } {
  const endpoint = new TabEndpoint(deps);
  return { client: new LocalDbClient(endpoint, () => endpoint.close()), endpoint };
}

/** The page's: navigator.locks, a BroadcastChannel and the app's worker (worker.ts). */
export function openBrowserSharedLocalDb(options: Omit<TabDeps, 'locks' | 'channel' | 'startWorker'> = {}): { client: LocalDbClient; endpoint: TabEndpoint } {
  return openSharedLocalDb({
    ...options,
    locks: navigator.locks,
    channel: new BroadcastChannel(CHANNEL_NAME),
    startWorker: () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pdv-localdb' }),
  });
}
