/**
 * A socket.io server on 127.0.0.1 for tests that run a machine's real socket feed: the app's socket connects to it
 * (`start`), it pushes as the API does (`io.emit`), and `dropAll` disconnects every socket the way a server restart
 * does, resolving once the app is connected again (a new session socket.io could not recover).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { expect, vi } from 'vitest';
import { connectSocket, disconnectSocket, getConnectionState, subscribeConnectionState } from '@/services/socket';

export function socketServer() {
  const io = new Server(createServer(), { path: '/socket.io' });
  return {
    io,
    async start() {
      const http = io.httpServer;
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      connectSocket('test-token', `http://127.0.0.1:${(http.address() as AddressInfo).port}`);
      await vi.waitFor(() => expect(getConnectionState()).toBe('connected'), { timeout: 10_000 });
    },
    async stop() {
      disconnectSocket();
      await io.close();
    },
    async dropAll() {
      let wasDown = false;
      let stop = () => {};
      const back = new Promise<void>((resolve) => {
        stop = subscribeConnectionState((s) => {
          if (s !== 'connected') wasDown = true;
          else if (wasDown) resolve();
        });
      });
      io.disconnectSockets();
      await back;
      stop();
    },
  };
}
