/**
 * Field monitoring (the machine) in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/staff/fieldMonitoring.model.test.tsx check the view against the
 * machine's own snapshots): a live reading added to the week's timeline, each role's own calls against a real HTTP
 * server, the list's filters and failure, and the details' open, live readings and close.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { fieldMonitoringMachine, withReading, type LiveReading } from '@/machines/fieldMonitoring.machine';
import type { FieldRow } from '@/services/fields';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');
const DAY = 86_400_000;
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const reading = (type: string, value: number, msAgo = 0, fieldId = 'f1'): LiveReading => ({ fieldId, type, value, timestamp: at(msAgo) }) as LiveReading;
const tick = () => new Promise((r) => setTimeout(r, 0));

let api: ApiServer | undefined;

describe('withReading', () => {
  const week = { sensors: [{ type: 'moisture', readings: [{ timestamp: at(2 * DAY), value: 30 }] }, { type: 'temperature', readings: [{ timestamp: at(DAY), value: 24 }] }] };

  it("adds a reading to its own sensor's series only", () => {
    expect(withReading(week, reading('moisture', 31), NOW)).toEqual({
      sensors: [
        { type: 'moisture', readings: [{ timestamp: at(2 * DAY), value: 30 }, { timestamp: at(0), value: 31 }] },
        { type: 'temperature', readings: [{ timestamp: at(DAY), value: 24 }] },
      ],
    });
  });

  it('starts a series for a sensor type not seen yet', () => {
    expect(withReading(week, reading('ph', 6.5), NOW).sensors).toEqual([...week.sensors, { type: 'ph', readings: [{ timestamp: at(0), value: 6.5 }] }]);
    expect(withReading({ sensors: [] }, reading('ph', 6.5), NOW)).toEqual({ sensors: [{ type: 'ph', readings: [{ timestamp: at(0), value: 6.5 }] }] });
  });

  it('keeps seven days: a reading exactly seven days old stays, an older one goes', () => {
    const old = { sensors: [{ type: 'moisture', readings: [{ timestamp: at(7 * DAY + 1), value: 1 }, { timestamp: at(7 * DAY), value: 2 }, { timestamp: at(DAY), value: 3 }] }] };
    expect(withReading(old, reading('moisture', 4), NOW).sensors[0].readings.map((p) => p.value)).toEqual([2, 3, 4]);
  });
});

const row = (id: string) => ({ _id: id, fieldId: `FLD-${id}`, fieldName: `Plot ${id}` }) as unknown as FieldRow;

describe('field monitoring: each role’s own calls', () => {
  for (const [actorRole, list, detail, timeline] of [
    ['admin', '/api/v1/admin/fields', '/api/v1/admin/fields/f1', '/api/v1/admin/fields/f1/sensor-data'],
    ['coordinator', '/api/v1/coordinator/field-overview', '/api/v1/admin/fields/f1', '/api/v1/admin/fields/f1/sensor-data'],
    ['farmer', '/api/v1/fields/overview', '/api/v1/fields/f1', '/api/v1/fields/f1/sensor-data'],
  ] as const) {
    it(`${actorRole}: the list (search only when there is one), the details and the week's timeline`, async () => {
      api = await startApiServer(({ path }) =>
        path === list
          ? { status: 200, body: { fields: [row('f1')], pagination: { page: 1, totalPages: 1 } } }
          : path === detail
            ? { status: 200, body: { _id: 'f1', fieldName: 'Plot f1' } }
            : path === timeline
              ? { status: 200, body: { sensors: [] } }
              : { status: 404 },
      );
      const actor = createActor(fieldMonitoringMachine.provide({ actors: { watchReadings: fromCallback(() => {}) as never } }), { input: { actorRole } }).start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true));
      expect(actor.getSnapshot().context.fields).toEqual([row('f1')]);
      actor.send({ type: 'search.change', value: 'North' });
      await vi.waitFor(() => expect(api!.calls(list.replace('/api/v1', ''))).toHaveLength(2));
      actor.send({ type: 'details.open', id: 'f1' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ details: { open: { field: 'shown', timeline: 'live' } } })).toBe(true));
      expect(actor.getSnapshot().context.detail).toEqual({ _id: 'f1', fieldName: 'Plot f1' });
      expect(api.requests.map((r) => [r.path, r.query])).toEqual([
        [list, { page: '1', limit: '10', status: 'all' }],
        [list, { page: '1', limit: '10', status: 'all', search: 'North' }],
        [detail, {}],
        [timeline, { days: '7' }],
      ]);
      actor.stop();
    });
  }
});

/** The machine with its calls held for the scenario to answer. */
async function monitoring() {
  const { held, last } = heldCalls();
  const actor = createActor(
    fieldMonitoringMachine.provide({
      actors: { load: held('load') as never, loadDetail: held('loadDetail') as never, loadTimeline: held('loadTimeline') as never, watchReadings: fromCallback(() => {}) as never },
    }),
    { input: { actorRole: 'admin' } },
  ).start();
  last('load').resolve({ items: [row('f1')], totalPages: 1 });
  await tick();
  return { actor, last, ctx: () => actor.getSnapshot().context, send: actor.send.bind(actor) };
}

describe('field monitoring: the list', () => {
  it('search and status each load page 1 again with the filter; a failed load says so, the next one clears it', async () => {
    const t = await monitoring();
    t.send({ type: 'status.change', value: 'alert' });
    expect(t.last('load').input).toEqual({ source: 'admin', page: 1, search: '', status: 'alert' });
    t.last('load').reject(new Error('500'));
    await tick();
    expect(t.ctx()).toMatchObject({ loadFailed: true, fields: [] });
    t.send({ type: 'search.change', value: 'North' });
    expect(t.last('load').input).toEqual({ source: 'admin', page: 1, search: 'North', status: 'alert' });
    t.last('load').resolve({ items: [row('f2')], totalPages: 1 });
    await tick();
    expect(t.ctx()).toMatchObject({ loadFailed: false, fields: [row('f2')] });
  });
});

describe('field monitoring: the details', () => {
  it('open on the field asked for; live readings join the week; a catch-up replaces it; close forgets it all', async () => {
    const t = await monitoring();
    t.send({ type: 'details.open', id: 'f1' });
    expect(t.ctx().openId).toBe('f1');
    expect(t.last('loadDetail').input).toEqual({ id: 'f1', source: 'admin' });
    t.last('loadDetail').resolve({ _id: 'f1' });
    const week = { sensors: [{ type: 'moisture', readings: [{ timestamp: new Date(Date.now() - DAY).toISOString(), value: 30 }] }] };
    t.last('loadTimeline').resolve(week);
    await tick();
    const now = new Date().toISOString();
    t.send({ type: 'reading.new', reading: { fieldId: 'f1', type: 'moisture', value: 31, timestamp: now } as LiveReading });
    expect(t.ctx().timeline!.sensors[0].readings.map((p) => p.value)).toEqual([30, 31]);
    const caughtUp = { sensors: [{ type: 'temperature', readings: [] }] };
    t.send({ type: 'timeline.caughtUp', timeline: caughtUp });
    expect(t.ctx().timeline).toEqual(caughtUp);
    t.send({ type: 'details.close' });
    expect(t.ctx()).toMatchObject({ openId: null, detail: null, timeline: null });
    // Opened again, on another field: nothing of the last one shows while it loads, and a failure says so.
    t.send({ type: 'details.open', id: 'f2' });
    t.last('loadDetail').reject(new Error('404'));
    await tick();
    expect(t.ctx()).toMatchObject({ openId: 'f2', detailFailed: true, detail: null, timeline: null });
    t.send({ type: 'details.close' });
    t.send({ type: 'details.open', id: 'f1' });
    expect(t.ctx().detailFailed).toBe(false);
  });
});
