/**
 * The Field Details live feed (fieldMonitoring.machine.ts `watchFieldReadings`) against a real socket.io
 * server: it joins the field's room, and joins again after a reconnect socket.io did not recover (a server
 * restart drops every room), so readings keep arriving; closing the details leaves the room.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { watchFieldReadings } from '@/machines/fieldMonitoring.machine';
import { connectSocket, disconnectSocket, getConnectionState } from '@/services/socket';

const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io' });
const watches: string[] = [];
const unwatches: string[] = [];
let url = '';

io.on('connection', (socket) => {
  socket.on('field:watch', async (fieldId: string, ack: (r: unknown) => void) => {
    watches.push(fieldId);
    await socket.join(`field:${fieldId}`);
    ack({ ok: true, fieldId });
  });
  socket.on('field:unwatch', async (fieldId: string, ack: (r: unknown) => void) => {
    unwatches.push(fieldId);
    await socket.leave(`field:${fieldId}`);
    ack({ ok: true, fieldId });
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  disconnectSocket();
  await io.close();
});

const reading = (value: number) => ({ fieldId: 'f-9', sensorId: 'M-9', type: 'moisture', value, timestamp: new Date().toISOString() });

describe('Field Details live feed', () => {
  it('rejoins its field room after an unrecovered reconnect and leaves it when closed', async () => {
    connectSocket('any', url);
    await expect.poll(() => getConnectionState()).toBe('connected');
    const got: number[] = [];
    const parent = createMachine({
      invoke: { src: watchFieldReadings, input: { fieldId: 'f-9' } },
      on: { 'reading.new': { actions: ({ event }) => got.push((event as unknown as { reading: { value: number } }).reading.value) } },
    });
    const actor = createActor(parent).start();
    await expect.poll(() => watches).toEqual(['f-9']);
    io.to('field:f-9').emit('reading:new', reading(1));
    await expect.poll(() => got).toEqual([1]);

    // The server drops the socket (as a restart does): the new connection has no rooms until it joins again.
    io.disconnectSockets();
    await expect.poll(() => watches, { timeout: 5000 }).toEqual(['f-9', 'f-9']);
    io.to('field:f-9').emit('reading:new', reading(2));
    await expect.poll(() => got).toEqual([1, 2]);

    actor.stop();
    await expect.poll(() => unwatches).toEqual(['f-9']);
  });
});
