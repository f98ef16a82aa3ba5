/**
 * Socket.IO on the API's port. A client connects with its token (handshake auth) and emits `login`; the server puts
 * it in its organization room and its active branch's room. Change events come from PostgreSQL NOTIFY (sent by the
 * tables' triggers, delivered on commit to every server process) and go to the sockets of this process only, so a
 * cluster of nodes on one database delivers each event once per client.
 *
 * A user who is disabled loses their sockets at once: the disabling transaction sends a NOTIFY on SESSIONS_CHANNEL
 * (delivered on commit to every node, like the change events), and each node disconnects that user's local sockets.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Database } from '../../db/database.ts';
import { loadCaller } from '../auth/caller.ts';
import type { TokenService } from '../auth/token.ts';
import type { Tx } from '../../db/database.ts';
import { EVENTS_CHANNEL } from './triggers.ts';

/** NOTIFY channel of session ends (a disabled user), heard by every node. */
export const SESSIONS_CHANNEL = 'pdv_sessions';

export const orgRoom = (org: number) => `o:${org}`;
export const branchRoom = (org: number, branch: number) => `f:${org}:${branch}`;
export const userRoom = (org: number, user: number) => `u:${org}:${user}`;

interface SessionEndMessage {
  o: number;
  u: number;
}

/**
 * Inside the transaction that disables a user: every node disconnects that user's sockets once it commits (nothing
 * happens if it rolls back).
 */
export async function endUserSockets(tx: Tx, id_organization: number, id_usuario: number): Promise<void> {
  const message: SessionEndMessage = { o: id_organization, u: id_usuario };
  await tx.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify(message)]);
}

interface SocketData {
  id_organization: number;
  id_usuario: number;
}

export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

interface EventMessage {
  e: string;
  o: number;
  f?: number;
  d?: unknown;
}

export async function startRealtime(server: HttpServer, db: Database, tokens: TokenService): Promise<Realtime> {
  const io = new Server<Record<string, never>, Record<string, (payload: unknown) => void>, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    void (async () => {
      const claims = typeof token === 'string' ? await tokens.verify(token) : null;
      if (!claims) return next(new Error('unauthorized'));
      socket.data.id_organization = claims.id_organization;
      socket.data.id_usuario = claims.id_usuario;
      next();
    })().catch(() => next(new Error('unauthorized')));
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const ownRoom = userRoom(data.id_organization, data.id_usuario);
    void socket.join(ownRoom);
    socket.on('login', (_payload: unknown, ackArg?: unknown) => {
      const ack = typeof ackArg === 'function' ? (ackArg as (reply: unknown) => void) : () => undefined;
      void (async () => {
        // Rooms follow the user's current active branch (emit login again after switching branch).
        const caller = await db.tenant({ id_organization: data.id_organization }, (tx) =>
          loadCaller(tx, data.id_organization, data.id_usuario),
        );
        for (const room of socket.rooms) if (room !== socket.id && room !== ownRoom) await socket.leave(room);
        await socket.join([orgRoom(caller.id_organization), branchRoom(caller.id_organization, caller.id_filial)]);
        ack({ ok: true, id_filial: caller.id_filial });
      })().catch(() => {
        ack({ ok: false });
        socket.disconnect(true);
      });
    });
  });

  const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => {
    let msg: EventMessage;
    try {
      msg = JSON.parse(payload) as EventMessage;
    } catch {
      return;
    }
    const room = msg.f === undefined || msg.f === null ? orgRoom(msg.o) : branchRoom(msg.o, msg.f);
    io.local.to(room).emit(msg.e, msg.d ?? { id_filial: msg.f ?? null });
  });

  const unlistenSessions = await db.listen(SESSIONS_CHANNEL, (payload) => {
    let msg: SessionEndMessage;
    try {
      msg = JSON.parse(payload) as SessionEndMessage;
    } catch {
      return;
    }
    if (!Number.isInteger(msg.o) || !Number.isInteger(msg.u)) return;
    io.local.in(userRoom(msg.o, msg.u)).disconnectSockets(true);
  });

  return {
    io,
    async close() {
      await unlisten();
      await unlistenSessions();
      // Not io.close(): that would close the HTTP server, which belongs to Fastify.
      io.disconnectSockets(true);
    },
  };
}
