/**
 * A node's serving state: readiness (GET /api/ready) and the graceful stop main.ts runs on SIGTERM and SIGINT.
 *
 * - /api/health is liveness: the process answers. /api/ready is readiness: the process answers, is not stopping, and
 *   its database runs a query within READY_TIMEOUT_MS; otherwise 503 with a pt-BR message, so a load balancer or an
 *   orchestrator sends the traffic to another node.
 * - The stop (gracefulStop): readiness turns 503 and the listening socket closes (no new connections: the proxy moves
 *   to the other node); the Socket.IO clients are disconnected (they reconnect through the proxy to a node that runs,
 *   and their long-polls or WebSockets would otherwise hold the HTTP server open); the requests in flight finish, at
 *   most `graceMs` (default 25 s, under systemd's 90 s and Kubernetes' 30 s), after which the connections left are
 *   cut; then the app's close hooks (PDF workers), the rest (fiscal, contingency sender) and the database close last.
 *   A request arriving on a kept-alive connection during the drain is still served, with `Connection: close`.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@pdv/domain/messages';
import type { Database } from '../db/database.ts';
import { HttpError } from './errors.ts';

/** A database that does not answer `SELECT 1` within this time is not ready. */
export const READY_TIMEOUT_MS = 2_000;
/** Longest wait for the requests in flight when stopping. */
export const DEFAULT_GRACE_MS = 25_000;

export class Lifecycle {
  /** Set once the node begins to stop: readiness answers 503 from then on. */
  stopping = false;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The readiness answer: `{ status: 'ready' }`, or an HttpError 503 saying why not. */
export async function checkReady(db: Database, lifecycle: Lifecycle, timeoutMs = READY_TIMEOUT_MS): Promise<{ status: 'ready' }> {
  if (lifecycle.stopping) throw new HttpError(503, MESSAGES.serverStopping);
  try {
    await within(db.system((tx) => tx.query('SELECT 1')), timeoutMs);
  } catch {
    throw new HttpError(503, MESSAGES.databaseUnavailable);
  }
  if (lifecycle.stopping) throw new HttpError(503, MESSAGES.serverStopping);
  return { status: 'ready' };
}

export interface StopSteps {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** Disconnects the Socket.IO clients (without closing the HTTP server, which belongs to Fastify). */
  closeSockets: () => Promise<void>;
  /** Run after the HTTP server closed, in order (fiscal, background senders, ...). */
  closeOthers: Array<() => Promise<void> | void>;
  db: Database;
  graceMs?: number;
  log?: (message: string) => void;
}

/** The graceful stop described above; resolves once everything is closed (the caller then exits 0). */
export async function gracefulStop(steps: StopSteps): Promise<{ forced: boolean }> {
  const graceMs = steps.graceMs ?? DEFAULT_GRACE_MS;
  const log = steps.log ?? (() => undefined);
  steps.lifecycle.stopping = true;
  // app.close() stops listening at once, closes idle kept-alive connections, waits for the requests in flight, then
  // runs the onClose hooks (the PDF workers). The sockets go right after: an open WebSocket keeps the server open.
  const closed = steps.app.close();
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    log(`requisições ainda abertas após ${graceMs / 1000} s: conexões encerradas`);
    steps.app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all([steps.closeSockets(), closed]);
  } finally {
    clearTimeout(timer);
  }
  for (const close of steps.closeOthers) await close();
  await steps.db.close();
  return { forced };
}
