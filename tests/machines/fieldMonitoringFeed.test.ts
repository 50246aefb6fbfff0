/**
 * The Field Details live feed (fieldMonitoring.machine.ts `watchFieldReadings`) against a real socket.io
 * server: it joins the field's room, and joins again after a reconnect socket.io did not recover (a server
 * restart drops every room), so readings keep arriving, and reads the timeline again for what was pushed while it
 * was away; closing the details leaves the room.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { watchFieldReadings } from '@/machines/fieldMonitoring.machine';
import { connectSocket, disconnectSocket, getConnectionState } from '@/services/socket';

const TIMELINE = { sensors: [{ type: 'moisture', readings: [{ timestamp: '2026-11-25T10:00:00.000Z', value: 40 }] }] };
const timelineReads: string[] = [];
// The API's sensor-data route beside the socket, as the server has it.
const httpServer = createServer((req, res) => {
  if (!req.url?.startsWith('/api/v1/admin/fields/f-9/sensor-data')) return;
  timelineReads.push(req.url);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TIMELINE));
});
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
  // The app calls its API on its own origin: send those calls to this server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(new URL(String(input), url), init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  disconnectSocket();
  await io.close();
});

const reading = (value: number) => ({ fieldId: 'f-9', sensorId: 'M-9', type: 'moisture', value, timestamp: new Date().toISOString() });

describe('Field Details live feed', () => {
  it('rejoins its field room and reads the timeline again after an unrecovered reconnect, and leaves the room when closed', async () => {
    connectSocket('any', url);
    await expect.poll(() => getConnectionState()).toBe('connected');
    const got: number[] = [];
    const caughtUp: unknown[] = [];
    const parent = createMachine({
      invoke: { src: watchFieldReadings, input: { fieldId: 'f-9', source: 'admin' } },
      on: {
        'reading.new': { actions: ({ event }) => got.push((event as unknown as { reading: { value: number } }).reading.value) },
        'timeline.caughtUp': { actions: ({ event }) => caughtUp.push((event as unknown as { timeline: unknown }).timeline) },
      },
    });
    const actor = createActor(parent).start();
    await expect.poll(() => watches).toEqual(['f-9']);
    io.to('field:f-9').emit('reading:new', reading(1));
    await expect.poll(() => got).toEqual([1]);
    // Joined while connected: the timeline the details loaded is current, nothing to catch up.
    expect(timelineReads).toEqual([]);

    // The server drops the socket (as a restart does): the new connection has no rooms until it joins again.
    io.disconnectSockets();
    await expect.poll(() => watches, { timeout: 5000 }).toEqual(['f-9', 'f-9']);
    // What was pushed while it was away is read again, once the room is joined again.
    await expect.poll(() => caughtUp).toEqual([TIMELINE]);
    expect(timelineReads).toEqual(['/api/v1/admin/fields/f-9/sensor-data?days=7']);
    io.to('field:f-9').emit('reading:new', reading(2));
    await expect.poll(() => got).toEqual([1, 2]);

    actor.stop();
    await expect.poll(() => unwatches).toEqual(['f-9']);
  });
});
