/** socketFeed inside a small machine, fed by a real socket.io server on 127.0.0.1. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { socketFeed } from '@/machines/socketFeed';
import { connectSocket, disconnectSocket, getConnectionState, onSocket, type ConnectionState } from '@/services/socket';

const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io' });
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  disconnectSocket();
  await io.close();
});

type AlertEvent = { type: 'alert.received'; id: string };
type ConnectionEvent = { type: 'socket.connectionChanged'; state: ConnectionState };
const watcher = setup({
  types: { context: {} as { alerts: string[]; states: string[] }, events: {} as AlertEvent | ConnectionEvent | { type: 'feed.close' } },
  actors: {
    feed: socketFeed<AlertEvent>({
      pushes: {
        'alert:new': (alert) => {
          const { _id, severity } = alert as unknown as { _id: string; severity: string };
          return severity === 'high' ? { type: 'alert.received', id: _id } : null;
        },
      },
    }),
    connection: socketFeed<ConnectionEvent>({
      changes: (c) =>
        c.kind === 'up'
          ? { type: 'socket.connectionChanged', state: 'connected' }
          : c.kind === 'down'
            ? { type: 'socket.connectionChanged', state: c.reconnecting ? 'connecting' : 'disconnected' }
            : null,
    }),
  },
}).createMachine({
  context: { alerts: [], states: [] },
  invoke: { src: 'connection' },
  on: { 'socket.connectionChanged': { actions: assign({ states: ({ context, event }) => [...context.states, event.state] }) } },
  initial: 'live',
  states: {
    live: {
      invoke: { src: 'feed' },
      on: {
        'alert.received': { actions: assign({ alerts: ({ context, event }) => [...context.alerts, event.id] }) },
        'feed.close': 'closed',
      },
    },
    closed: {},
  },
});

describe('socketFeed', () => {
  it('turns pushes into machine events while its state is active', async () => {
    const actor = createActor(watcher).start();
    connectSocket('any', url);
    await expect.poll(() => getConnectionState()).toBe('connected');
    expect(actor.getSnapshot().context.states).toEqual(['connecting', 'connected']);

    io.emit('alert:new', { _id: 'a-1', severity: 'high' });
    io.emit('alert:new', { _id: 'a-2', severity: 'low' });
    io.emit('alert:new', { _id: 'a-3', severity: 'high' });
    await expect.poll(() => actor.getSnapshot().context.alerts).toEqual(['a-1', 'a-3']);

    actor.send({ type: 'feed.close' });
    // The test's own listener proves a-4 reached this client; the closed feed must have ignored it.
    const delivered: string[] = [];
    const stop = onSocket('alert:new', (alert: { _id: string }) => delivered.push(alert._id));
    io.emit('alert:new', { _id: 'a-4', severity: 'high' });
    await expect.poll(() => delivered).toEqual(['a-4']);
    stop();
    expect(actor.getSnapshot().context.alerts).toEqual(['a-1', 'a-3']);
    actor.stop();
  });
});
