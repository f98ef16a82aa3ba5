/**
 * Socket.IO on the API's port. A client connects with its token (handshake auth) and emits `login`; the server puts
 * it in its organization room and its active branch's room. Change events come from PostgreSQL NOTIFY (sent by the
 * tables' triggers, delivered on commit to every server process) and go to the sockets of this process only, so a
 * cluster of nodes on one database delivers each event once per client.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Database } from '../../db/database.ts';
import { loadCaller } from '../auth/caller.ts';
import type { TokenService } from '../auth/token.ts';
import { EVENTS_CHANNEL } from './triggers.ts';

export const orgRoom = (org: number) => `o:${org}`;
export const branchRoom = (org: number, branch: number) => `f:${org}:${branch}`;

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
    socket.on('login', (_payload: unknown, ackArg?: unknown) => {
      const ack = typeof ackArg === 'function' ? (ackArg as (reply: unknown) => void) : () => undefined;
      void (async () => {
        // Rooms follow the user's current active branch (emit login again after switching branch).
        const caller = await db.tenant({ id_organization: data.id_organization }, (tx) =>
          loadCaller(tx, data.id_organization, data.id_usuario),
        );
        for (const room of socket.rooms) if (room !== socket.id) await socket.leave(room);
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

  return {
    io,
    async close() {
      await unlisten();
      // Not io.close(): that would close the HTTP server, which belongs to Fastify.
      io.disconnectSockets(true);
    },
  };
}
