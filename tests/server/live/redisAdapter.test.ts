/**
 * Two app processes sharing PostgreSQL and Redis (socket.io Redis adapter, own key prefix): a reading
 * ingested over HTTP on one reaches a socket connected to the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { users } from '../../../server/src/db/schema';
import { hashPassword } from '../../../server/src/lib/passwords';
import { freshDatabase, liveFixture, type LiveDb } from './db';
import { startAppProcess, type AppProcess } from './appProcess';

const pgUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Redis@2026test';

describe.skipIf(!pgUrl)('socket.io across two app processes (Redis adapter)', () => {
  let d: LiveDb;
  let fx: Awaited<ReturnType<typeof liveFixture>>;
  const apps: AppProcess[] = [];
  let socket: Socket | null = null;

  beforeAll(async () => {
    d = await freshDatabase('postgres');
    fx = await liveFixture(d.db);
    const passwordHash = await hashPassword(PASSWORD);
    await d.db.update(users).set({ passwordHash }).where(eq(users.id, fx.farmer.id));
    await d.db.update(users).set({ passwordHash }).where(eq(users.id, fx.coordinator.id));
    const env = {
      DATABASE_URL: d.url!,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `live-test-${randomBytes(4).toString('hex')}`,
      MQTT_ENABLED: 'false',
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    apps.push(await startAppProcess(env));
    apps.push(await startAppProcess(env));
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await d.drop();
  });

  const login = async (base: string, email: string) => {
    const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it('delivers a reading ingested on one process to a socket on the other', async () => {
    const [a, b] = apps;
    const farmerToken = await login(b.url, fx.farmer.email);
    socket = connect(b.url, { path: '/socket.io', transports: ['websocket'], auth: { token: farmerToken }, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    expect(await socket.emitWithAck('field:watch', fx.field.id)).toMatchObject({ ok: true });
    const got = new Promise<{ value: number; fieldId: string }>((resolve) => socket!.once('reading:new', resolve));

    const coordToken = await login(a.url, fx.coordinator.email);
    const keyRes = await fetch(`${a.url}/api/v1/sensors/${fx.moisture.id}/device-key`, { method: 'POST', headers: { authorization: `Bearer ${coordToken}` } });
    expect(keyRes.status).toBe(201);
    const { deviceKey } = (await keyRes.json()) as { deviceKey: string };
    // As a device does: a 503 (a process just started on a machine loaded by the rest of the run sheds, or its first
    // database connection is still on its way) is tried again, for at most 60 s; the answer's body shows if it never lands.
    const ingest = async () => {
      const res = await fetch(`${a.url}/api/v1/sensor-data/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': deviceKey },
        body: JSON.stringify({ sensorId: fx.moisture.sensorId, type: 'moisture', value: 37.5 }),
      });
      return { status: res.status, body: await res.text() };
    };
    await expect.poll(ingest, { timeout: 60_000, interval: 1000 }).toMatchObject({ status: 202 });
    const reading = await Promise.race([got, new Promise<never>((_, r) => setTimeout(() => r(new Error('no reading on the other process')), 5000))]);
    expect(reading).toMatchObject({ fieldId: fx.field.id, value: 37.5 });
  }, 90_000);
});
