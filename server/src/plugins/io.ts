/**
 * socket.io on Fastify's own HTTP server (path /socket.io). A socket is admitted only with a valid
 * access token; it then sits in `user:<id>`, `session:<sid>` and its role's rooms, and joins
 * `field:<uuid>` only for fields lib/access.ts lets it see. With REDIS_URL the Redis adapter makes
 * pushes reach sockets held by every app instance.
 */
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketAck, SocketData } from '../contracts/socket';
import { loadFieldFor } from '../lib/access';
import { AppError } from '../lib/errors';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export type Realtime = {
  toField(fieldId: string): ReturnType<IoServer['to']>;
  toUser(userId: string): ReturnType<IoServer['to']>;
  toCoordinator(coordinatorId: string): ReturnType<IoServer['to']>;
  toAdmins(): ReturnType<IoServer['to']>;
  /** Drops every socket signed in with this session (logout, revoke), on every instance. */
  disconnectSession(sessionId: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
    realtime: Realtime;
  }
}

const rooms = {
  field: (id: string) => `field:${id}`,
  user: (id: string) => `user:${id}`,
  coordinator: (id: string) => `coordinator:${id}`,
  session: (id: string) => `session:${id}`,
  admins: 'admins',
};

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const io: IoServer = new Server(app.server, {
      path: '/socket.io',
      cors: { origin: false },
      serveClient: false,
      // A socket back within 2 minutes gets its rooms and the pushes it missed (not with the Redis adapter: clients refetch).
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: true },
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
          const field = await loadFieldFor(app.db, user, fieldId);
          await socket.join(rooms.field(field.id));
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

    app.decorate('io', io);
    app.decorate('realtime', {
      toField: (id) => io.to(rooms.field(id)),
      toUser: (id) => io.to(rooms.user(id)),
      toCoordinator: (id) => io.to(rooms.coordinator(id)),
      toAdmins: () => io.to(rooms.admins),
      disconnectSession: (sessionId) => io.in(rooms.session(sessionId)).disconnectSockets(true),
    } satisfies Realtime);

    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close();
    });
  },
  { name: 'io', dependencies: ['auth', 'health'] },
);
