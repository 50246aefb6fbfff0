/** Sensor routes: device keys, HTTP ingest (202 after commit, per-item rejections, 401, 422, 503), and the reading queries with ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { fields, sensorReadings, sensors } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer', 'farmer2', 'farmer3'] as const) token[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

const as = (who: string) => t.auth(token[who]);
const sensorCode = async (uuid: string) => (await t.db.execute<{ sensor_id: string }>(sql`select sensor_id from sensors where id = ${uuid}::uuid`)).rows[0].sensor_id;
const issueKey = async (who: string, sensorUuid: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/sensors/${sensorUuid}/device-key`, headers: as(who) });
const ingest = (key: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sensor-data/ingest', headers: key ? { 'x-device-key': key } : {}, payload: payload as object });
const stored = async (sensorUuid: string, value: number) =>
  (await t.db.select().from(sensorReadings).where(and(eq(sensorReadings.sensorId, sensorUuid), eq(sensorReadings.value, value)))).length;

describe('device keys', () => {
  it('are issued by staff who can reach the sensor, once, and can be revoked', async () => {
    expect((await issueKey('farmer', F.farmer.moistureSensor)).statusCode).toBe(403);
    expect((await issueKey('coordinator2', F.farmer.moistureSensor)).statusCode).toBe(404);
    const res = await issueKey('coordinator', F.farmer.moistureSensor);
    expect(res.statusCode).toBe(201);
    const { deviceKey, sensorId } = res.json();
    expect(deviceKey).toMatch(/^sk_[0-9a-f]{32}_/);
    expect(sensorId).toBe(await sensorCode(F.farmer.moistureSensor));
    const row = (await t.db.execute<{ device_key_hash: string }>(sql`select device_key_hash from sensors where id = ${F.farmer.moistureSensor}::uuid`)).rows[0];
    // The secret is everything after `sk_<32 hex>_`; it is base64url, so it may itself contain '_'.
    const secret = deviceKey.slice('sk_'.length + 32 + 1);
    expect(secret).toHaveLength(43);
    expect(row.device_key_hash).not.toContain(secret);

    const code = await sensorCode(F.farmer.moistureSensor);
    expect((await ingest(deviceKey, { sensorId: code, type: 'moisture', value: 41.5 })).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/sensors/${F.farmer.moistureSensor}/device-key`, headers: as('admin') })).statusCode).toBe(204);
    const after = await ingest(deviceKey, { sensorId: code, type: 'moisture', value: 41.6 });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'DEVICE_KEY_INVALID', message: { english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) } });
  });
});

describe('HTTP ingest', () => {
  let key: string;
  let code: string;
  beforeAll(async () => {
    key = (await issueKey('admin', F.farmer2.moistureSensor)).json().deviceKey;
    code = await sensorCode(F.farmer2.moistureSensor);
  });

  it('answers 401 without a key or with a wrong one', async () => {
    expect((await ingest(undefined, { sensorId: code, type: 'moisture', value: 40 })).statusCode).toBe(401);
    expect((await ingest('sk_nonsense', { sensorId: code, type: 'moisture', value: 40 })).statusCode).toBe(401);
    const forged = key.replace(/_[^_]+$/, `_${'A'.repeat(43)}`);
    expect((await ingest(forged, { sensorId: code, type: 'moisture', value: 40 })).statusCode).toBe(401);
  });

  it('stores a batch after commit and reports each refused reading', async () => {
    const ts = new Date(Date.now() - 120_000).toISOString();
    const res = await ingest(key, [
      { sensorId: code, type: 'moisture', value: 33.3, timestamp: ts },
      { sensorId: code, type: 'moisture', value: 133 },
      { sensorId: code, type: 'temperature', value: 20 },
      { sensorId: 'SOMEONE-ELSE', type: 'moisture', value: 30 },
      { sensorId: code, type: 'moisture', value: 30, timestamp: new Date(Date.now() + 3600_000).toISOString() },
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, reason: 'out_of_range' },
        { index: 2, reason: 'wrong_type' },
        { index: 3, reason: 'sensor_mismatch' },
        { index: 4, reason: 'future_timestamp' },
      ],
    });
    expect(await stored(F.farmer2.moistureSensor, 33.3)).toBe(1);
    // A resend of the same reading is absorbed.
    expect((await ingest(key, { sensorId: code, type: 'moisture', value: 33.3, timestamp: ts })).statusCode).toBe(202);
    expect(await stored(F.farmer2.moistureSensor, 33.3)).toBe(1);
    const [f] = await t.db.select().from(fields).where(eq(fields.id, F.farmer2.id));
    expect(f.lastMoisture).toBe(33.3);
  });

  it('refuses timestamps outside the window with their reason, while the good readings of the same request and of other devices are stored', async () => {
    const otherKey = (await issueKey('admin', F.farmer.temperatureSensor)).json().deviceKey;
    const otherCode = await sensorCode(F.farmer.temperatureSensor);
    const good = new Date(Date.now() - 90_000).toISOString();
    const [mine, other] = await Promise.all([
      ingest(key, [
        { sensorId: code, type: 'moisture', value: 35.1, timestamp: good },
        { sensorId: code, type: 'moisture', value: 35.2, timestamp: -8640000000000000 },
        { sensorId: code, type: 'moisture', value: 35.3, timestamp: 1e308 },
        { sensorId: code, type: 'moisture', value: 35.4, timestamp: '-000001-01-01T00:00:00Z' },
        { sensorId: code, type: 'moisture', value: 35.5, timestamp: 0 },
        { sensorId: code, type: 'moisture', value: 35.6, timestamp: '1970-01-01T00:00:00Z' },
      ]),
      ingest(otherKey, { sensorId: otherCode, type: 'temperature', value: 27.7, timestamp: good }),
    ]);
    expect(mine.statusCode).toBe(202);
    expect(mine.json()).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, reason: 'timestamp_too_old' },
        { index: 2, reason: 'bad_timestamp' },
        { index: 3, reason: 'timestamp_too_old' },
        { index: 4, reason: 'timestamp_too_old' },
        { index: 5, reason: 'timestamp_too_old' },
      ],
    });
    expect(other.statusCode).toBe(202);
    expect(await stored(F.farmer2.moistureSensor, 35.1)).toBe(1);
    expect(await stored(F.farmer.temperatureSensor, 27.7)).toBe(1);
    for (const v of [35.2, 35.3, 35.4, 35.5, 35.6]) expect(await stored(F.farmer2.moistureSensor, v)).toBe(0);
    const only1970 = await ingest(key, { sensorId: code, type: 'moisture', value: 35.7, timestamp: 5000 });
    expect(only1970.statusCode).toBe(422);
    expect(only1970.json().details).toEqual({ rejected: [{ index: 0, reason: 'timestamp_too_old' }] });
  });

  it('answers 422 when nothing was accepted and 400 for a body of the wrong shape', async () => {
    const none = await ingest(key, { sensorId: code, type: 'rain', value: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json().details).toEqual({ rejected: [{ index: 0, reason: 'unknown_type' }] });
    expect((await ingest(key, { sensorId: code, type: 'moisture', value: 'wet' })).statusCode).toBe(400);
    expect((await ingest(key, [])).statusCode).toBe(400);
    expect((await ingest(key, { sensorId: code, type: 'moisture', value: 1, extra: true })).statusCode).toBe(400);
  });

  it('answers 503 while the database refuses the write, and stores nothing', async () => {
    await t.db.execute(sql`alter table sensor_readings add constraint live_http_block check (value <> 44.4)`);
    try {
      const res = await ingest(key, { sensorId: code, type: 'moisture', value: 44.4 });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('UNAVAILABLE');
      expect(res.headers['retry-after']).toBe(String(t.app.config.retryAfterSeconds));
    } finally {
      await t.db.execute(sql`alter table sensor_readings drop constraint live_http_block`);
    }
    expect(await stored(F.farmer2.moistureSensor, 44.4)).toBe(0);
    expect((await ingest(key, { sensorId: code, type: 'moisture', value: 44.4 })).statusCode).toBe(202);
  });
});

describe('reading queries', () => {
  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as(who) });

  it('lists only the fields the caller may see', async () => {
    const ids = async (who: string) => ((await get(who, '/sensor-data')).json().fields as Array<{ _id: string }>).map((f) => f._id).sort();
    expect(await ids('farmer')).toEqual([F.farmer.id]);
    expect(await ids('coordinator')).toEqual([F.farmer.id, F.farmer2.id].sort());
    expect(await ids('admin')).toEqual(expect.arrayContaining([F.farmer.id, F.farmer2.id, F.farmer3.id, F.farmer4.id]));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sensor-data' })).statusCode).toBe(401);
  });

  it('gives the latest reading of an own field and 404 for someone else’s', async () => {
    const res = await get('farmer', `/sensor-data/latest?fieldId=${F.farmer.fieldId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ moisture: expect.any(Number), temperature: expect.any(Number), timestamp: expect.any(String), staleAfterMinutes: 120 });
    expect((await get('farmer', `/sensor-data/latest?fieldId=${F.farmer3.id}`)).statusCode).toBe(404);
    expect((await get('farmer', '/sensor-data/latest')).statusCode).toBe(400);
  });

  it('says how old each value is and which sensor stopped reporting, so an old value is never shown as live', async () => {
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    await t.db.update(sensors).set({ lastSeenAt: ago(12) }).where(eq(sensors.id, F.farmer2.moistureSensor));
    await t.db.update(sensors).set({ lastSeenAt: ago(180) }).where(eq(sensors.id, F.farmer2.temperatureSensor));
    const data = (await get('farmer2', `/sensor-data/latest?fieldId=${F.farmer2.fieldId}`)).json().data;
    expect(Math.round((Date.now() - Date.parse(data.moistureAt)) / 60_000)).toBe(12);
    expect(Math.round((Date.now() - Date.parse(data.temperatureAt)) / 60_000)).toBe(180);
    expect(data.staleAfterMinutes).toBe(120);
    const [temperature] = await t.db.select().from(sensors).where(eq(sensors.id, F.farmer2.temperatureSensor));
    expect(data.silentSensors).toEqual([{ sensorId: temperature.sensorId, type: 'temperature', lastSeenAt: temperature.lastSeenAt!.toISOString() }]);
    // Both back: nothing is silent.
    await t.db.update(sensors).set({ lastSeenAt: ago(1) }).where(eq(sensors.id, F.farmer2.temperatureSensor));
    expect((await get('farmer2', `/sensor-data/latest?fieldId=${F.farmer2.fieldId}`)).json().data.silentSensors).toEqual([]);
  });

  it('gives the 24-hour series in 5-minute buckets, or the english empty message', async () => {
    const res = await get('farmer', `/sensor-data/24h?fieldId=${F.farmer.id}`);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(message).toBeUndefined();
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) expect(new Date(p.timestamp).getUTCMinutes() % 5).toBe(0);
    const later = await get('farmer', `/sensor-data/24h?fieldId=${F.farmer.id}&since=${encodeURIComponent(data.at(-1).timestamp)}`);
    expect(later.json().data.length).toBeLessThan(data.length);

    const [empty] = await t.db.insert(fields).values({ fieldId: 'FLDEMPTY0001', name: 'Empty plot', farmerId: FIXTURE.users.farmer.id }).returning();
    const none = (await get('farmer', `/sensor-data/24h?fieldId=${empty.id}`)).json();
    expect(none).toEqual({ data: [], message: { english: 'No sensor data available for the last 24 hours', marathi: expect.any(String), hindi: expect.any(String) } });
    expect((await get('farmer3', `/sensor-data/24h?fieldId=${F.farmer.id}`)).statusCode).toBe(404);
    expect((await get('farmer', `/sensor-data/24h?fieldId=${F.farmer.id}&since=yesterday`)).statusCode).toBe(400);
  });

  it('gives staff a bucketed 7-day timeline per sensor type', async () => {
    const res = await get('coordinator', `/admin/fields/${F.farmer.id}/sensor-data?days=7`);
    expect(res.statusCode).toBe(200);
    const { sensors } = res.json();
    expect(sensors.map((s: { type: string }) => s.type).sort()).toEqual(['moisture', 'temperature']);
    for (const s of sensors) {
      expect(s.bucketMinutes).toBe(60); // beyond 48 hours: whole hours from the rollups
      expect(s.readings.length).toBeGreaterThan(0);
      expect(s.readings.length).toBeLessThanOrEqual(7 * 24 + 2);
    }
    expect((await get('farmer', `/admin/fields/${F.farmer.id}/sensor-data?days=7`)).statusCode).toBe(403);
    expect((await get('coordinator2', `/admin/fields/${F.farmer.id}/sensor-data?days=7`)).statusCode).toBe(404);
    expect((await get('admin', `/admin/fields/${F.farmer.id}/sensor-data?days=0`)).statusCode).toBe(400);
  });
});
