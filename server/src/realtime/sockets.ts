/**
 * socket.io on Fastify's own HTTP server (path /socket.io). A socket is admitted only with a valid
 * access token; it then sits in `user:<id>`, `session:<sid>` and its role's rooms (rooms.ts), and joins
 * `field:<uuid>` only for fields lib/access.ts lets it see. With REDIS_URL the Redis adapter makes
 * pushes reach sockets held by every app instance. plugins/io.ts registers it as `app.io` / `app.realtime`.
 *
 * Staying honest (docs/security.md, 'Live sockets'):
 * - a socket socket.io would restore after a short drop (connection state recovery) is restored only if
 *   its session is still live and every field room it held is still in reach; the token is checked again
 *   either way (middlewares are not skipped);
 * - `realtime.recheck(...)`, called after every write that can shrink access, re-checks the sockets
 *   concerned on every instance (through the adapter): a dead session is disconnected, a field out of
 *   reach is left at once;
 * - on shutdown the engine's connections are closed without a socket.io disconnect packet, so clients
 *   see a dropped transport and reconnect by themselves (to another instance, or to this one restarted).
 */
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketAck, SocketData } from '../../../contracts/socket';
import { loadFieldFor, type AuthUser } from '../lib/access';
import { onAccessChange } from '../lib/accessCache';
import { AppError } from '../lib/errors';
import { entitlement, fieldRoom, fieldsOfFarmers, watchedFields } from './access';
import { rooms, type IoServer, type Realtime } from './rooms';

type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** What recheck needs of a socket, local or on another instance (socket.io's RemoteSocket). */
type CheckedSocket = { data: Partial<SocketData>; rooms: Set<string>; leave(room: string): unknown; disconnect(close?: boolean): unknown };

/** The socket server and the room-addressed pushes over it; closed with the app. */
export async function startSockets(app: FastifyInstance, config: Config): Promise<{ io: IoServer; realtime: Realtime }> {
  const io: IoServer = new Server(app.server, {
    path: '/socket.io',
    cors: { origin: false },
    serveClient: false,
    // A socket back within 2 minutes gets its rooms and the pushes it missed (not with the Redis adapter: clients refetch).
    // The token is checked again on a recovered connection too, and the recovery itself is vetted below.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  if (config.redisUrl) {
    // Loaded only when used: the Redis client is a large import for the embedded default.
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => app.log.warn({ err }, 'redis (socket.io adapter) error'));
    sub.on('error', (err) => app.log.warn({ err }, 'redis (socket.io adapter) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}:socket.io` }));
    app.health.register('redis', () => ({ ok: pub.isReady && sub.isReady, kind: 'redis' }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  // Connection state recovery puts a returning socket back in its rooms and replays what it missed while it
  // was away, before any middleware runs. So a session is restored only while it still holds: the session is
  // live, the user Active with the same role, and every field room still in reach. Otherwise the socket
  // starts afresh (the client refetches what it missed). The Redis adapter has no recovery (null).
  const adapter = io.of('/').adapter;
  const restore = adapter.restoreSession.bind(adapter);
  // (Typed as never null, but socket.io's own adapters answer null for 'no session'.)
  const vetted = async (pid: string, offset: string) => {
    const session = await restore(pid, offset);
    if (!session) return null;
    const user = (session.data as Partial<SocketData> | undefined)?.user;
    if (!user) return null;
    const fieldIds = watchedFields(session.rooms);
    const verdict = await entitlement(app.db, user, fieldIds);
    if (!verdict.live || fieldIds.some((id) => !verdict.allowedFields.has(id))) return null;
    return session;
  };
  adapter.restoreSession = vetted as typeof adapter.restoreSession;

  // Bumped by every change of access seen here (this process's writes and, through NOTIFY, the others'),
  // so a field:watch whose check raced a change checks again.
  let accessGeneration = 0;
  const stopAccess = onAccessChange(() => void accessGeneration++);

  async function recheckSockets(sockets: CheckedSocket[]) {
    const byPrincipal = new Map<string, { user: AuthUser; sockets: CheckedSocket[] }>();
    for (const socket of sockets) {
      const user = socket.data.user;
      if (!user) continue;
      const key = `${user.sessionId}|${user.id}|${user.role}`;
      const group: { user: AuthUser; sockets: CheckedSocket[] } = byPrincipal.get(key) ?? { user, sockets: [] };
      group.sockets.push(socket);
      byPrincipal.set(key, group);
    }
    for (const { user, sockets: group } of byPrincipal.values()) {
      const watched = [...new Set(group.flatMap((s) => watchedFields(s.rooms)))];
      const verdict = await entitlement(app.db, user, watched);
      for (const socket of group) {
        if (!verdict.live) {
          socket.disconnect(true);
          continue;
        }
        for (const id of watchedFields(socket.rooms)) if (!verdict.allowedFields.has(id)) void socket.leave(fieldRoom(id));
      }
    }
  }

  io.use(async (socket, next) => {
    try {
      const user = await app.auth.principal(socket.handshake.auth?.token);
      if (!user) return next(new Error('unauthorized'));
      socket.data.user = user;
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: IoSocket) => {
    const user = socket.data.user;
    void socket.join([rooms.user(user.id), rooms.session(user.sessionId)]);
    if (user.role === 'admin' || user.role === 'superadmin') void socket.join(rooms.admins);
    if (user.role === 'coordinator') void socket.join(rooms.coordinator(user.id));

    socket.on('field:watch', async (fieldId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (typeof fieldId !== 'string' || fieldId.length === 0 || fieldId.length > 64) return reply({ ok: false, code: 'BAD_REQUEST' });
      try {
        const seen = accessGeneration;
        const field = await loadFieldFor(app.db, user, fieldId);
        await socket.join(rooms.field(field.id));
        // Access changed while the field was being looked up: the answer may be stale, so look again.
        if (seen !== accessGeneration) {
          const verdict = await entitlement(app.db, user, [field.id]);
          if (!verdict.live || !verdict.allowedFields.has(field.id)) {
            await socket.leave(rooms.field(field.id));
            if (!verdict.live) socket.disconnect(true);
            return reply({ ok: false, code: 'NOT_FOUND' });
          }
        }
        reply({ ok: true, fieldId: field.id } satisfies SocketAck);
      } catch (err) {
        if (!(err instanceof AppError)) app.log.error({ err }, 'field:watch failed');
        reply({ ok: false, code: 'NOT_FOUND' });
      }
    });

    socket.on('field:unwatch', async (fieldId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (typeof fieldId !== 'string') return reply({ ok: false, code: 'BAD_REQUEST' });
      // Leaving needs no check: a socket can only leave rooms it is in.
      const room = [...socket.rooms].find((r) => r === rooms.field(fieldId));
      if (room) await socket.leave(room);
      reply({ ok: true, fieldId });
    });
  });

  const realtime = {
    toField: (id) => io.to(rooms.field(id)),
    toUser: (id) => io.to(rooms.user(id)),
    toCoordinator: (id) => io.to(rooms.coordinator(id)),
    toAdmins: () => io.to(rooms.admins),
    disconnectSession: (sessionId) => io.in(rooms.session(sessionId)).disconnectSockets(true),
    async recheck(change) {
      accessGeneration++;
      const ended = (change.sessions ?? []).map(rooms.session);
      if (ended.length) io.in(ended).disconnectSockets(true);
      // Known before any database read, for the fallback below.
      const concerned = [...(change.users ?? []).map(rooms.user), ...(change.fields ?? []).map(rooms.field)];
      try {
        concerned.push(...(await fieldsOfFarmers(app.db, change.farmers ?? [])).map(rooms.field));
        if (!concerned.length) return;
        // fetchSockets asks every instance (Redis adapter); RemoteSocket.leave/disconnect act where the socket lives.
        await recheckSockets(await io.in(concerned).fetchSockets());
      } catch (err) {
        if (!concerned.length) return app.log.warn({ err }, 'socket re-check failed');
        // An instance did not answer in time, or the database is away: the write has committed, so do not fail
        // the request; close the concerned sockets instead. Their clients reconnect by themselves and every
        // room is checked again on the way back in.
        app.log.warn({ err }, 'socket re-check failed: disconnecting the sockets concerned');
        io.in(concerned).disconnectSockets(true);
      }
    },
  } satisfies Realtime;

  app.addHook('preClose', async () => {
    // Close this instance's connections without a socket.io disconnect packet: the clients see a dropped
    // transport ('transport close') and reconnect on their own, to another instance or to this one restarted.
    // (`io.disconnectSockets()` would send 'io server disconnect', after which a client does not reconnect,
    // and with the Redis adapter it would disconnect every instance's sockets.)
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    stopAccess();
    await io.close();
  });
  return { io, realtime };
}
