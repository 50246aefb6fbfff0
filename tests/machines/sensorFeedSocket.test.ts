/**
 * The sensor feed (sensorFeed.machine.ts) with its own actors, once: the field's room joined over a real socket.io
 * server (field:watch), the pushed readings of that field only, and after each reconnect socket.io could not recover
 * the catch-up read (GET /sensor-data/24h) since the last reading seen — from the catch-up before, or from a pushed
 * reading; a field the server refuses fails. The model test (tests/model/sensorFeed.model.test.tsx) replaces both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { sensorFeedMachine, type SensorFeedParentEvent } from '@/machines/sensorFeed.machine';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { socketServer } from '../support/socketServer';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const reading = (fieldId: string, timestamp: string) => ({ fieldId, sensorId: 'M-1', type: 'moisture' as const, value: 38, timestamp });
// What each catch-up answers: the first two points out of order (the later one is what was seen last).
const CAUGHT_UP = [[{ timestamp: ago(15), moisture: 39 }, { timestamp: ago(20), moisture: 40 }], [], []];

const socket = socketServer();
const watches: string[] = [];
socket.io.on('connection', (s) =>
  s.on('field:watch', async (fieldId: string, ack: (r: unknown) => void) => {
    watches.push(fieldId);
    if (fieldId !== 'f1') return ack({ ok: false, code: 'NOT_FOUND' });
    await s.join(`field:${fieldId}`);
    ack({ ok: true, fieldId });
  }),
);
let api: ApiServer;
beforeAll(async () => {
  let answered = 0;
  api = await startApiServer(({ path }) => (path === '/api/v1/sensor-data/24h' ? { status: 200, body: { data: CAUGHT_UP[answered++] ?? [] } } : { status: 404 }));
  await socket.start();
});
afterAll(async () => {
  await socket.stop();
  await api.close();
});

/** The feed under a parent that records what it is told. */
function feedOf(fieldId: string, lastSeenAt: string | null) {
  const told: SensorFeedParentEvent[] = [];
  const parent = createMachine({
    invoke: { src: sensorFeedMachine, input: { fieldId, lastSeenAt } },
    on: { '*': { actions: ({ event }) => void told.push(event as SensorFeedParentEvent) } },
  });
  const actor = createActor(parent).start();
  const statuses = () => told.flatMap((e) => (e.type === 'feed.status' ? [e.status] : []));
  return { actor, told, statuses };
}

describe('sensor feed over the socket', () => {
  it('joins the room, catches up since the last reading seen after every unrecovered reconnect, and relays its field’s readings', async () => {
    const feed = feedOf('f1', null);
    await expect.poll(feed.statuses).toEqual(['offline', 'joining', 'catchingUp', 'live']);
    expect(watches).toEqual(['f1']);
    const since = () => api.calls('/sensor-data/24h').map((r) => r.query.since ?? null);
    // Nothing seen yet: everything of the last 24 hours.
    expect(api.calls('/sensor-data/24h').map((r) => r.query)).toEqual([{ fieldId: 'f1' }]);
    expect(feed.told).toContainEqual({ type: 'feed.points', points: CAUGHT_UP[0] });

    // A restart of the server: the room again, and what came since the latest caught-up point.
    await socket.dropAll();
    await expect.poll(since).toEqual([null, CAUGHT_UP[0][0].timestamp]);
    await expect.poll(feed.statuses).toEqual(['offline', 'joining', 'catchingUp', 'live', 'reconnecting', 'joining', 'catchingUp', 'live']);
    expect(watches).toEqual(['f1', 'f1']);

    // Pushed readings: another field's is not this feed's; its own is relayed, and is the last one seen.
    const own = reading('f1', ago(1));
    socket.io.emit('reading:new', reading('f2', ago(0)));
    socket.io.to('field:f1').emit('reading:new', own);
    await expect.poll(() => feed.told.filter((e) => e.type === 'feed.reading')).toEqual([{ type: 'feed.reading', reading: own }]);
    await socket.dropAll();
    await expect.poll(since).toEqual([null, CAUGHT_UP[0][0].timestamp, own.timestamp]);
    await expect.poll(() => feed.statuses().at(-1)).toBe('live');
    feed.actor.stop();
  });

  it('fails when the server refuses the field’s room', async () => {
    const feed = feedOf('zz', ago(30));
    await expect.poll(feed.statuses).toEqual(['offline', 'joining', 'failed']);
    expect(watches.at(-1)).toBe('zz');
    feed.actor.stop();
  });
});
