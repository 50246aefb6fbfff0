/**
 * Registers the socket server of realtime/sockets.ts as `app.io`, and its room-addressed pushes
 * (realtime/rooms.ts) as `app.realtime`.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { IoServer, Realtime } from '../realtime/rooms';
import { startSockets } from '../realtime/sockets';

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
    realtime: Realtime;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { io, realtime } = await startSockets(app, config);
    app.decorate('io', io);
    app.decorate('realtime', realtime);
  },
  { name: 'io', dependencies: ['auth', 'health'] },
);
