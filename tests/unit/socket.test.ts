/** src/services/socket.ts against a real socket.io server on 127.0.0.1 (token auth like the API's). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAuthBridge } from '@/services/http';
import {
  connectSocket,
  disconnectSocket,
  emitWithAck,
  getConnectionState,
  onSocket,
  reconnectDelay,
  RECONNECT_MAX_MS,
  subscribeConnectionState,
  wasRecovered,
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
  VALID.clear();
  VALID.add('access-1').add('access-2');
  setAuthBridge({ getAccessToken: () => null, refresh: async () => null });
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

  it('comes back by itself after the server disconnected it, as a fresh (unrecovered) session', async () => {
    const seen: string[] = [];
    onSocket('alert:new', (a) => seen.push(a._id));
    connectSocket('access-1', url);
    await until('connected');
    const states: ConnectionState[] = [];
    const stop = subscribeConnectionState((s) => states.push(s));
    // 'io server disconnect': socket.io-client alone would stay offline for good.
    io.disconnectSockets();
    await until('connecting');
    await until('connected');
    stop();
    expect(states).toEqual(['connecting', 'connected']);
    expect(handshakes).toEqual(['access-1', 'access-1']);
    expect(wasRecovered()).toBe(false);
    io.to('everyone').emit('alert:new', { _id: 'after-restart' });
    await expect.poll(() => seen).toEqual(['after-restart']);
  });

  it('asks the session for a fresh token when the server refuses the old one, then connects with it', async () => {
    let current = 'access-1';
    let refreshes = 0;
    setAuthBridge({
      getAccessToken: () => current,
      refresh: async () => {
        refreshes++;
        return (current = 'access-2');
      },
    });
    connectSocket('access-1', url);
    await until('connected');
    VALID.delete('access-1');
    io.disconnectSockets();
    await expect.poll(() => handshakes, { timeout: 5000 }).toEqual(['access-1', 'access-1', 'access-2']);
    await until('connected');
    expect(refreshes).toBe(1);
    await expect(emitWithAck('field:watch', 'F-1')).resolves.toMatchObject({ token: 'access-2' });
  });

  it('stays down when the session is over (the refresh gives no token)', async () => {
    let refreshes = 0;
    setAuthBridge({ getAccessToken: () => 'access-1', refresh: async () => (refreshes++, null) });
    connectSocket('access-1', url);
    await until('connected');
    VALID.delete('access-1');
    io.disconnectSockets();
    await expect.poll(() => refreshes).toBe(1);
    await until('disconnected');
    await new Promise((r) => setTimeout(r, 1200));
    expect(handshakes).toEqual(['access-1', 'access-1']);
    expect(getConnectionState()).toBe('disconnected');
  });

  it('sends the current token as it is, however short its life, and refreshes only a token the server refuses', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const now = Math.floor(Date.now() / 1000);
    // Issued just now for 4 s (the e2e suite's ACCESS_TOKEN_TTL): a refresh here would reconnect, and loop.
    const fresh = `${b64({ alg: 'HS256' })}.${b64({ iat: now, exp: now + 4 })}.sig`;
    VALID.add(fresh);
    let refreshes = 0;
    setAuthBridge({ getAccessToken: () => fresh, refresh: async () => (refreshes++, fresh) });
    connectSocket(fresh, url);
    await until('connected');
    expect(handshakes).toEqual([fresh]);
    expect(refreshes).toBe(0);
  });
});

describe('reconnectDelay', () => {
  it('grows exponentially to a ceiling, with jitter in the upper half of each step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 0)).toBe(2000);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(4)));
    expect(spread.size).toBeGreaterThan(10);
  });
});
