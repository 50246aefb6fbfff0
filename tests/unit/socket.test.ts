/** src/services/socket.ts against a real socket.io server on 127.0.0.1 (token auth like the API's). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectSocket,
  disconnectSocket,
  emitWithAck,
  getConnectionState,
  onSocket,
  subscribeConnectionState,
  type ConnectionState,
} from '@/services/socket';

const VALID = new Set(['access-1', 'access-2']);
const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io' });
const handshakes: string[] = [];
let url = '';

io.use((socket, next) => {
  const token = String(socket.handshake.auth?.token ?? '');
  handshakes.push(token);
  return VALID.has(token) ? next() : next(new Error('unauthorized'));
});
io.on('connection', (socket) => {
  socket.join('everyone');
  socket.on('field:watch', (fieldId: string, ack: (r: unknown) => void) => ack({ watching: fieldId, token: socket.handshake.auth.token }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterEach(() => {
  disconnectSocket();
  handshakes.length = 0;
});
afterAll(async () => {
  await io.close();
});

const until = (wanted: ConnectionState) =>
  new Promise<void>((resolve) => {
    if (getConnectionState() === wanted) return resolve();
    const stop = subscribeConnectionState((s) => {
      if (s === wanted) {
        stop();
        resolve();
      }
    });
  });

describe('socket service', () => {
  it('connects with the token, delivers pushes to subscribers and answers acks', async () => {
    const seen: unknown[] = [];
    const unsubscribe = onSocket('alert:new', (alert) => seen.push(alert));
    connectSocket('access-1', url);
    await until('connected');
    expect(handshakes).toEqual(['access-1']);

    await expect(emitWithAck('field:watch', 'F-7')).resolves.toEqual({ watching: 'F-7', token: 'access-1' });
    io.to('everyone').emit('alert:new', { _id: 'a-1' });
    await expect.poll(() => seen).toEqual([{ _id: 'a-1' }]);

    unsubscribe();
    io.to('everyone').emit('alert:new', { _id: 'a-2' });
    await expect(emitWithAck('field:watch', 'F-8')).resolves.toMatchObject({ watching: 'F-8' });
    expect(seen).toEqual([{ _id: 'a-1' }]);
  });

  it('reconnects with the fresh token after a refresh and keeps its subscribers', async () => {
    const seen: string[] = [];
    onSocket('message:new', (m) => seen.push(m.subject));
    connectSocket('access-1', url);
    await until('connected');
    connectSocket('access-2', url);
    await until('connected');
    expect(handshakes).toEqual(['access-1', 'access-2']);
    await expect(emitWithAck('field:watch', 'F-1')).resolves.toMatchObject({ token: 'access-2' });
    io.to('everyone').emit('message:new', { _id: 'm-1', subject: 'नमस्कार', message: 'पाणी द्या', senderName: null, createdAt: '2026-11-21T10:00:00.000Z' });
    await expect.poll(() => seen).toEqual(['नमस्कार']);
  });

  it('refuses acks when not connected and reports the state on logout', async () => {
    await expect(emitWithAck('field:watch', 'F-1')).rejects.toThrow('socket not connected');
    connectSocket('access-1', url);
    await until('connected');
    disconnectSocket();
    expect(getConnectionState()).toBe('disconnected');
    await expect(emitWithAck('field:watch', 'F-1')).rejects.toThrow('socket not connected');
  });

  it('never opens a connection that was cancelled or superseded while the client was loading', async () => {
    connectSocket('access-1', url);
    disconnectSocket();
    connectSocket('stolen', url);
    connectSocket('access-2', url);
    await until('connected');
    expect(handshakes).toEqual(['access-2']);
  });

  it('does not count as connected when the server refuses the token', async () => {
    const states: ConnectionState[] = [];
    const stop = subscribeConnectionState((s) => states.push(s));
    connectSocket('stolen', url);
    await expect.poll(() => handshakes).toEqual(['stolen']);
    await until('disconnected');
    stop();
    expect(states).toEqual(['connecting', 'disconnected']);
  });
});
