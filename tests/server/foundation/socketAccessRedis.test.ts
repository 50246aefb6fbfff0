/**
 * Room re-checks reach every app instance (socket.io Redis adapter, the real Redis at TEST_REDIS_URL,
 * default redis://127.0.0.1:6379): a coordinator's socket held by instance A leaves a farmer's field room
 * when instance B reassigns that farmer, and a deactivated person's socket on A is closed by B.
 * PGlite by default (both instances on one database object), PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../../server/src/app';
import { users } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, testConfig, type SocketClient, type TestApp } from '../helper';

type Client = SocketClient;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `srv-test-${randomBytes(4).toString('hex')}`;

let a: TestApp;
let b: App;

beforeAll(async () => {
  a = await createTestApp({ config: { redisUrl, redisPrefix } });
  b = await buildApp(testConfig({ redisUrl, redisPrefix }), { database: a.database });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const client = async (who: 'coordinator' | 'admin' | 'farmer2') => {
  const { accessToken } = await a.login(who);
  return a.connectAs(accessToken);
};
const collect = (s: Client) => {
  const values: number[] = [];
  s.on('reading:new', (r) => values.push(r.value));
  return values;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Emitted from instance B; repeated until `values` holds it (the adapter's subscription may still be settling). */
async function deliverFromB(fieldId: string, values: number[], value: number) {
  for (let i = 0; i < 30 && !values.includes(value); i++) {
    b.realtime.toField(fieldId).emit('reading:new', { fieldId, sensorId: 'TST-M-2', type: 'moisture', value, timestamp: new Date().toISOString() });
    await wait(100);
  }
  expect(values).toContain(value);
}

describe('room re-checks across instances (Redis adapter)', () => {
  it('a reassignment on B takes the old coordinator\'s socket on A out of the field room', async () => {
    const fieldId = FIXTURE.fields.farmer2.id;
    const coord = await client('coordinator');
    const adm = await client('admin');
    const coordValues = collect(coord);
    const adminValues = collect(adm);
    expect(await coord.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    expect(await adm.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    await deliverFromB(fieldId, coordValues, 1);

    const { accessToken } = await a.login('admin');
    const move = (to: string) =>
      b.inject({
        method: 'PATCH',
        url: `/api/v1/admin/farmer/${FIXTURE.users.farmer2.id}/assign-coordinator`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { coordinatorId: to },
      });
    try {
      expect((await move(FIXTURE.users.coordinator2.id)).statusCode).toBe(200);
      await deliverFromB(fieldId, adminValues, 2);
      await wait(200);
      b.realtime.toField(fieldId).emit('reading:new', { fieldId, sensorId: 'TST-M-2', type: 'moisture', value: 3, timestamp: new Date().toISOString() });
      await expect.poll(() => adminValues).toContain(3);
      expect(coordValues).toEqual([1]);
      expect(coord.connected).toBe(true);
    } finally {
      expect((await move(FIXTURE.users.coordinator.id)).statusCode).toBe(200);
    }
  });

  it('a deactivation on B closes the person\'s socket on A', async () => {
    const farmer = await client('farmer2');
    const dropped = new Promise<string>((resolve) => farmer.once('disconnect', resolve));
    const { accessToken } = await a.login('admin');
    try {
      const res = await b.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${FIXTURE.users.farmer2.id}/deactivate`, headers: { authorization: `Bearer ${accessToken}` } });
      expect(res.statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      await a.db.update(users).set({ status: 'Active' }).where(eq(users.id, FIXTURE.users.farmer2.id));
    }
  });
});
