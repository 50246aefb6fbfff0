/**
 * The alarm lifecycle through the real app: readings through the real ingest path raise an alert, repeats count on
 * it, recovery clears it (status cleared_*, a system entry on the timeline); staff acknowledge (with a comment),
 * assign, comment and clear by hand; farmers read their own only; foreign or unknown ids are 404; bad comments are
 * a translated 400; a refusal changes nothing; every change is pushed as alert:updated with the new status/count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alertActions, alerts } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
const U = FIXTURE.users;
const A = FIXTURE.alerts;
const UNKNOWN = '00000000-0000-4000-8000-999999999999';

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer', 'farmer2', 'farmer3'] as const) token[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: t.auth(token[who]), ...(payload ? { payload } : {}) });

const code = async (uuid: string) => (await t.db.execute<{ sensor_id: string }>(sql`select sensor_id from sensors where id = ${uuid}::uuid`)).rows[0].sensor_id;
let clock = Date.now() - 600_000;
/** One moisture reading on farmer2's field through the ingest pipeline, then the engine's run. */
async function moisture(value: number) {
  clock += 1000;
  await t.app.ingest.ingest([{ sensorId: await code(F.farmer2.moistureSensor), type: 'moisture', value, timestamp: new Date(clock).toISOString() }], {}, 'wait');
  await t.app.alertEngine.idle();
}
const openOnFarmer2 = async () => (await t.db.select().from(alerts).where(eq(alerts.fieldId, F.farmer2.id))).filter((a) => a.resolvedAt === null);
const kinds = (body: { timeline: Array<{ kind: string }> }) => body.timeline.map((e) => e.kind);
/** The alert row and its timeline rows, to prove a refusal changed nothing. */
const snapshot = async (id: string) => ({
  alert: (await t.db.select().from(alerts).where(eq(alerts.id, id)))[0],
  actions: await t.db.select().from(alertActions).where(eq(alertActions.alertId, id)),
});

describe('raised, repeated and cleared by the engine', () => {
  let id = '';
  it('a low reading raises one alert; repeats count on it instead of raising another', async () => {
    await moisture(40);
    expect(await openOnFarmer2()).toHaveLength(0);
    await moisture(21);
    const [raised] = await openOnFarmer2();
    expect(raised).toMatchObject({ severity: 'minor', status: 'active_unack', count: 1, value: 21 });
    id = raised.id;
    const firstSeen = raised.lastSeenAt.getTime();
    await moisture(21.2);
    await moisture(20.9);
    const open = await openOnFarmer2();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id, count: 3 });
    expect(open[0].lastSeenAt.getTime()).toBeGreaterThan(firstSeen);
    const body = (await call('coordinator', 'GET', `/alerts/${id}`)).json();
    expect(body.alert).toMatchObject({ id, status: 'active_unack', severity: 'minor', count: 3, lastSeenAt: open[0].lastSeenAt.toISOString() });
    expect(body.timeline).toEqual([expect.objectContaining({ kind: 'raised', actor: null, detail: { severity: 'minor', value: 21, threshold: 25 } })]);
  });

  it('a severity change is a system entry on the timeline', async () => {
    await moisture(14);
    const body = (await call('admin', 'GET', `/alerts/${id}`)).json();
    expect(body.alert).toMatchObject({ severity: 'critical', count: 4, value: 14 });
    expect(body.timeline.at(-1)).toMatchObject({ kind: 'severityChanged', actor: null, detail: { from: 'minor', to: 'critical', value: 14 } });
  });

  it('recovery clears it by itself (after the hysteresis), and the farmer sees it cleared', async () => {
    await moisture(27);
    expect(await openOnFarmer2()).toHaveLength(1);
    const socket = await t.connectAs(token.farmer2);
    const pushed = new Promise<{ id: string; status: string }>((resolve) => socket.on('alert:updated', (a) => a.id === id && resolve(a)));
    await moisture(31);
    expect(await openOnFarmer2()).toHaveLength(0);
    expect(await pushed).toMatchObject({ id, status: 'cleared_unack' });
    const mine = (await call('farmer2', 'GET', '/alerts')).json();
    expect(mine.alerts.find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'cleared_unack', resolvedAt: expect.any(String), clearedBy: null });
    const body = (await call('farmer2', 'GET', `/alerts/${id}`)).json();
    expect(body.timeline.at(-1)).toMatchObject({ kind: 'cleared', actor: null, detail: { auto: true } });
    // A cleared alert is acknowledged still (cleared_ack), but not cleared twice.
    expect((await call('coordinator', 'PATCH', `/alerts/${id}/clear`)).statusCode).toBe(409);
    expect((await call('coordinator', 'PATCH', `/alerts/${id}/acknowledge`)).json().alert.status).toBe('cleared_ack');
  });

  it('the condition coming back after clearing raises a new alert', async () => {
    await moisture(10);
    const [again] = await openOnFarmer2();
    expect(again.id).not.toBe(id);
    expect(again).toMatchObject({ count: 1, status: 'active_unack', severity: 'critical' });
  });
});

describe('staff actions', () => {
  it('a coordinator acknowledges their farmer’s alert with a comment, in one step, pushed live', async () => {
    const socket = await t.connectAs(token.admin);
    const pushed = new Promise<{ id: string; status: string }>((resolve) => socket.on('alert:updated', (a) => a.id === A.farmer && resolve(a)));
    const res = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, { comment: '  Called Ramesh, pump is on.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().alert).toMatchObject({ status: 'active_ack', acknowledgedBy: { _id: U.coordinator.id, name: 'Sunil Pawar' } });
    expect(res.json().timeline.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'acknowledged', actor: { _id: U.coordinator.id, name: 'Sunil Pawar' } }),
      expect.objectContaining({ kind: 'comment', actor: { _id: U.coordinator.id, name: 'Sunil Pawar' }, detail: { text: 'Called Ramesh, pump is on.' } }),
    ]);
    expect(await pushed).toMatchObject({ status: 'active_ack' });
    expect((await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`)).statusCode).toBe(409);
  });

  it('an admin assigns (status unchanged, a system entry); comments; clears by hand with their name', async () => {
    const assign = await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.coordinator2.id });
    expect(assign.json().alert).toMatchObject({ status: 'active_ack', assignedTo: { _id: U.coordinator2.id } });
    expect(assign.json().timeline.at(-1)).toMatchObject({ kind: 'assigned', detail: { coordinatorId: U.coordinator2.id, name: 'Meena Jadhav' } });
    const comment = await call('admin', 'POST', `/alerts/${A.farmer}/comments`, { text: 'Meena, please visit.' });
    expect(comment.statusCode).toBe(200);
    expect(comment.json().timeline.at(-1)).toMatchObject({ kind: 'comment', detail: { text: 'Meena, please visit.' } });
    const cleared = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/clear`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().alert).toMatchObject({ status: 'cleared_ack', clearedBy: { _id: U.coordinator.id, name: 'Sunil Pawar' }, resolvedAt: expect.any(String) });
    expect(cleared.json().timeline.at(-1)).toMatchObject({ kind: 'cleared', actor: { _id: U.coordinator.id }, detail: { auto: false } });
    expect(kinds(cleared.json())).toEqual(['acknowledged', 'comment', 'assigned', 'comment', 'cleared']);
    // Assigning a cleared alert is refused.
    expect((await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/assign`, { coordinatorId: U.coordinator.id })).statusCode).toBe(409);
    // Comments stay possible on a cleared alert.
    expect((await call('coordinator', 'POST', `/alerts/${A.farmer}/comments`, { text: 'Done.' })).statusCode).toBe(200);
  });
});

describe('ownership and bad input', () => {
  it('farmers read their own alerts only and change nothing', async () => {
    expect((await call('farmer', 'GET', `/alerts/${A.farmer}`)).statusCode).toBe(200);
    expect((await call('farmer', 'GET', `/alerts/${A.farmer3}`)).statusCode).toBe(404);
    expect((await call('farmer', 'GET', '/alerts')).json().alerts.every((a: { farmerId: string }) => a.farmerId === U.farmer.id)).toBe(true);
    const before = await snapshot(A.farmer3);
    expect((await call('farmer3', 'PATCH', `/alerts/${A.farmer3}/clear`)).statusCode).toBe(403);
    expect((await call('farmer3', 'POST', `/alerts/${A.farmer3}/comments`, { text: 'Hello' })).statusCode).toBe(403);
    expect((await call('farmer3', 'PATCH', `/alerts/${A.farmer3}/acknowledge`)).statusCode).toBe(403);
    expect(await snapshot(A.farmer3)).toEqual(before);
  });

  it('foreign and unknown ids are 404 and change nothing', async () => {
    const before = await snapshot(A.farmer3);
    for (const [method, path, body] of [
      ['GET', `/alerts/${A.farmer3}`, undefined],
      ['PATCH', `/alerts/${A.farmer3}/acknowledge`, undefined],
      ['PATCH', `/alerts/${A.farmer3}/clear`, undefined],
      ['POST', `/alerts/${A.farmer3}/comments`, { text: 'Not mine' }],
      ['GET', `/alerts/${UNKNOWN}`, undefined],
      ['PATCH', `/alerts/${UNKNOWN}/clear`, undefined],
      ['POST', `/alerts/${UNKNOWN}/comments`, { text: 'Nobody' }],
    ] as const) {
      const res = await call('coordinator', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toMatchObject({ english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) });
    }
    expect(await snapshot(A.farmer3)).toEqual(before);
    expect((await call('coordinator2', 'POST', `/alerts/${A.farmer3}/comments`, { text: 'Mine' })).statusCode).toBe(200);
  });

  it('empty, blank or too-long comments are a translated 400 and change nothing', async () => {
    const before = await snapshot(A.farmer3);
    for (const payload of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(1001) }, {}, { text: 'ok', extra: 1 }]) {
      const res = await call('coordinator2', 'POST', `/alerts/${A.farmer3}/comments`, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatchObject({ english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) });
    }
    expect((await call('coordinator2', 'POST', `/alerts/${A.farmer3}/comments`, { text: '   ' })).json().message.marathi).toBe('आधी टिप्पणी लिहा.');
    // A blank comment on an acknowledgement refuses the whole step: not acknowledged either.
    const ack = await call('coordinator2', 'PATCH', `/alerts/${A.farmer3}/clear`, undefined);
    expect(ack.statusCode).toBe(200);
    const afterClear = await snapshot(A.farmer3);
    expect((await call('admin', 'POST', `/alerts/${A.farmer3}/comments`, { text: 'y'.repeat(1001) })).statusCode).toBe(400);
    expect(await snapshot(A.farmer3)).toEqual(afterClear);
    expect(before.actions.length).toBeLessThan(afterClear.actions.length);
  });

  it('an acknowledgement with a blank comment is refused whole', async () => {
    await moisture(40);
    await moisture(9);
    const [open] = await openOnFarmer2();
    const before = await snapshot(open.id);
    const res = await call('coordinator', 'PATCH', `/alerts/${open.id}/acknowledge`, { comment: '  ' });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(open.id)).toEqual(before);
    expect(before.alert.status).toBe('active_unack');
  });
});

describe('a second rule on the same reading (frost)', () => {
  it('a freezing temperature raises a frost alert on the field, the heat rule raises nothing, and warming clears it', async () => {
    const temperature = async (value: number) => {
      clock += 1000;
      await t.app.ingest.ingest([{ sensorId: await code(F.farmer3.temperatureSensor), type: 'temperature', value, timestamp: new Date(clock).toISOString() }], {}, 'wait');
      await t.app.alertEngine.idle();
    };
    const onField = async () => (await t.db.select().from(alerts).where(eq(alerts.fieldId, F.farmer3.id))).filter((a) => a.type === 'frost' || a.type === 'temperature');
    await temperature(-0.5);
    const [frost] = await onField();
    expect(frost).toMatchObject({ type: 'frost', severity: 'critical', status: 'active_unack', messageKey: 'alert.temperature.low', value: -0.5, threshold: 4 });
    expect(await onField()).toHaveLength(1);
    const list = (await call('farmer3', 'GET', '/alerts?type=frost')).json();
    expect(list.alerts.map((a: { id: string }) => a.id)).toContain(frost.id);
    await temperature(5);
    expect((await onField())[0].resolvedAt).toBeNull();
    await temperature(6.5);
    const [cleared] = await onField();
    expect(cleared).toMatchObject({ id: frost.id, status: 'cleared_unack' });
    expect(cleared.resolvedAt).not.toBeNull();
  });
});
