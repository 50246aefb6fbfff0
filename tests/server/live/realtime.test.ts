/**
 * Realtime through the real app: a committed reading reaches the sockets watching its field; a low
 * reading raises an alert pushed to the farmer, their coordinator and the admins (and nobody else);
 * a socket that drops and comes back gets what it missed (connection state recovery).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIXTURE, createTestApp, type SocketClient, type TestApp } from '../helper';

type Client = SocketClient;
let t: TestApp;
const F = FIXTURE.fields;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function socketFor(who: Parameters<TestApp['login']>[0]) {
  const { accessToken } = await t.login(who);
  return t.connectAs(accessToken, { reconnection: true, reconnectionDelay: 100, reconnectionDelayMax: 200 });
}
type Pushed = { id?: string; fieldId?: string; type?: string; value?: number; severity?: string; status?: string };
const events = (s: Client, ...names: string[]) => {
  const got: Pushed[] = [];
  // Listens by name (any server event), so the typed client is seen as a plain emitter here.
  const emitter = s as unknown as { on(name: string, listener: (p: Pushed) => void): void };
  for (const name of names) emitter.on(name, (p) => got.push(p));
  return got;
};
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const code = async (uuid: string) => (await t.db.execute<{ sensor_id: string }>(sql`select sensor_id from sensors where id = ${uuid}::uuid`)).rows[0].sensor_id;

describe('pushes', () => {
  it('sends a committed reading to its field room and a raised alert to farmer, coordinator and admins only', async () => {
    const farmer = await socketFor('farmer');
    const coordinator = await socketFor('coordinator');
    const otherCoordinator = await socketFor('coordinator2');
    const admin = await socketFor('admin');
    const farmer3 = await socketFor('farmer3');
    expect(await farmer.emitWithAck('field:watch', F.farmer2.id)).toMatchObject({ ok: false });
    expect(await farmer.emitWithAck('field:watch', F.farmer.id)).toMatchObject({ ok: true });
    const readings = events(farmer, 'reading:new');
    const alertsFor = Object.fromEntries(
      Object.entries({ farmer, coordinator, otherCoordinator, admin, farmer3 }).map(([k, s]) => [k, events(s, 'alert:new', 'alert:updated')]),
    );
    const sensorId = await code(F.farmer2.moistureSensor);
    // farmer2's field: the farmer's socket watches another field and must not get it.
    await t.app.ingest.ingest([{ sensorId, type: 'moisture', value: 50 }], {}, 'wait');
    const mine = await code(F.farmer.moistureSensor);
    await t.app.ingest.ingest([{ sensorId: mine, type: 'moisture', value: 11.5 }], {}, 'wait');
    await until(() => readings.length >= 1 && alertsFor.admin.some((a) => a.fieldId === F.farmer.id));
    expect(readings).toEqual([{ fieldId: F.farmer.id, sensorId: mine, type: 'moisture', value: 11.5, timestamp: expect.any(String) }]);
    await until(() => alertsFor.farmer.length > 0 && alertsFor.coordinator.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    // The fixture already holds an open moisture alert on this field: the engine updates it (alert:updated).
    const got = (k: string) => alertsFor[k].filter((a) => a.fieldId === F.farmer.id);
    for (const k of ['farmer', 'coordinator', 'admin']) expect(got(k)).toContainEqual(expect.objectContaining({ type: 'moisture', value: 11.5, severity: 'critical' }));
    expect(got('otherCoordinator')).toEqual([]);
    expect(got('farmer3')).toEqual([]);
  });

  it('pushes alert:updated when an admin acknowledges', async () => {
    const coordinator = await socketFor('coordinator');
    const updates = events(coordinator, 'alert:updated');
    const { accessToken } = await t.login('admin');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/alerts/${FIXTURE.alerts.farmer}/acknowledge`, headers: t.auth(accessToken) });
    expect(res.statusCode).toBe(200);
    await until(() => updates.some((a) => a.id === FIXTURE.alerts.farmer && a.status === 'active_ack'));
  });
});

describe('reconnecting', () => {
  it('recovers the session and delivers the readings pushed while the socket was away', async () => {
    const s = await socketFor('farmer2');
    expect(await s.emitWithAck('field:watch', F.farmer2.id)).toMatchObject({ ok: true });
    const readings = events(s, 'reading:new');
    const sensorId = await code(F.farmer2.temperatureSensor);
    await t.app.ingest.ingest([{ sensorId, type: 'temperature', value: 21 }], {}, 'wait');
    await until(() => readings.length === 1);
    // Drop the transport without a clean disconnect, as a flaky mobile network does.
    (s.io.engine as unknown as { close(): void }).close();
    await until(() => !s.connected);
    await t.app.ingest.ingest([{ sensorId, type: 'temperature', value: 22 }], {}, 'wait');
    await until(() => s.connected, 5000);
    expect(s.recovered).toBe(true);
    await until(() => readings.length === 2);
    expect(readings.map((r) => r.value)).toEqual([21, 22]);
  });
});
