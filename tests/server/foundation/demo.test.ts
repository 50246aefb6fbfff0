/** The demo world: complete, inside Maharashtra, and its alerts and last readings agree with the readings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoIfEmpty } from '../../../server/src/seed/demo';
import { DEMO_ACCOUNTS, DEMO_FARMER_PHONE, DEMO_PASSWORD } from '../../../server/src/seed/demoAccounts';
import { createRandom } from '../../../server/src/seed/prng';
import { episodes, simulateField } from '../../../server/src/seed/series';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let seeded: boolean;
const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  // sensor_readings has no foreign keys (schema.ts), so the cascade does not reach it.
  await t.db.execute(sql`truncate users, fields, sensor_readings, weather_stations, messages cascade`);
  seeded = await seedDemoIfEmpty(t.db);
}, 120_000);
afterAll(() => t.close());

describe('demo world', () => {
  it('is written once, into an empty database only', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
  });

  it('has the people, fields, sensors and 30 days of half-hourly readings', async () => {
    const roles = await rows<{ role: string; n: number }>(sql`select role, count(*)::int n from users group by role order by role`);
    expect(Object.fromEntries(roles.map((r) => [r.role, r.n]))).toEqual({ superadmin: 1, admin: 1, coordinator: 2, farmer: 20 });
    const [c] = await rows<{ fields: number; sensors: number; readings: number; perSensor: number; unmanaged: number }>(sql`
      select (select count(*)::int from fields) fields, (select count(*)::int from sensors) sensors,
             (select count(*)::int from sensor_readings) readings,
             (select max(n)::int from (select count(*) n from sensor_readings group by sensor_id) x) "perSensor",
             (select count(*)::int from users where role = 'farmer' and managed_by is null) unmanaged`);
    expect(c).toEqual({ fields: 40, sensors: 80, readings: 80 * 30 * 48, perSensor: 30 * 48, unmanaged: 0 });
    const split = await rows<{ n: number }>(sql`select count(*)::int n from users where role = 'farmer' group by managed_by`);
    expect(split.map((s) => s.n)).toEqual([10, 10]);
  });

  it('puts every field inside Maharashtra with regional crops and sane soil', async () => {
    const fields = await rows<{ lat: number; lng: number; crop_name: string; ph: number; district: string }>(sql`select lat, lng, crop_name, ph, district from fields`);
    for (const f of fields) {
      expect(f.lat).toBeGreaterThan(15.6);
      expect(f.lat).toBeLessThan(22.1);
      expect(f.lng).toBeGreaterThan(72.6);
      expect(f.lng).toBeLessThan(80.9);
      expect(f.ph).toBeGreaterThanOrEqual(6);
      expect(f.ph).toBeLessThanOrEqual(8.5);
    }
    expect(new Set(fields.map((f) => f.district)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(fields.map((f) => f.crop_name))).toEqual(
      new Set(['soybean', 'cotton', 'sugarcane', 'tur', 'jowar', 'onion', 'grapes', 'pomegranate', 'wheat', 'chana']),
    );
  });

  it("keeps each field's last-reading columns equal to its newest readings", async () => {
    const mismatches = await rows(sql`
      select f.id from fields f
      join lateral (select value, recorded_at from sensor_readings r where r.field_id = f.id and r.type = 'moisture' order by recorded_at desc limit 1) m on true
      join lateral (select value from sensor_readings r where r.field_id = f.id and r.type = 'temperature' order by recorded_at desc limit 1) tmp on true
      where f.last_moisture <> m.value or f.last_temperature <> tmp.value or f.last_reading_at <> m.recorded_at`);
    expect(mismatches).toEqual([]);
  });

  it('raises alerts exactly where moisture fell below 25 %, open only while it stays low', async () => {
    const dry = await rows<{ n: number }>(sql`select count(distinct field_id)::int n from sensor_readings where type = 'moisture' and value < 25`);
    expect(dry[0].n).toBeGreaterThanOrEqual(5);
    // An alert starts at a reading below the threshold…
    const bad = await rows(sql`
      select a.id from alerts a where a.type = 'moisture' and not exists (
        select 1 from sensor_readings r where r.sensor_id = a.sensor_id and r.recorded_at = a.created_at and r.value < 25)`);
    expect(bad).toEqual([]);
    // …every field that is dry now has an open alert, and open alerts belong to fields still low.
    const dryNoAlert = await rows(sql`
      select f.id from fields f where f.last_moisture < 25 and not exists (
        select 1 from alerts a where a.field_id = f.id and a.type = 'moisture' and a.resolved_at is null)`);
    expect(dryNoAlert).toEqual([]);
    const openOnWet = await rows(sql`
      select a.id from alerts a join fields f on f.id = a.field_id where a.type = 'moisture' and a.resolved_at is null and f.last_moisture > 30`);
    expect(openOnWet).toEqual([]);
    // Every status the demo can show: open alerts take turns (unacknowledged, acknowledged, assigned, …), so how
    // many of the active ones there are depends on the hour the world is generated at (sometimes only one is open).
    const statuses = (await rows<{ status: string }>(sql`select distinct status from alerts`)).map((s) => s.status);
    const [{ open }] = await rows<{ open: number }>(sql`select count(*)::int open from alerts where resolved_at is null`);
    const expected = ['cleared_ack', 'cleared_unack', ...(open >= 1 ? ['active_unack'] : []), ...(open >= 2 ? ['active_ack'] : [])];
    expect(statuses.sort()).toEqual(expected.sort());
    // Some alerts are assigned (assignment is not a status), and every alert's timeline starts with 'raised'.
    expect((await rows(sql`select id from alerts where assigned_to is not null`)).length).toBeGreaterThan(0);
    expect(await rows(sql`select a.id from alerts a where not exists (select 1 from alert_actions x where x.alert_id = a.id and x.action = 'raised')`)).toEqual([]);
    const unhealthy = await rows(sql`select id from fields where health <> 'good'`);
    expect(unhealthy.length).toBeGreaterThan(0);
  });

  it('records the last Kharif and Rabi harvests before today, so the yield trends have recent months', async () => {
    const [h] = await rows<{ perField: number; latest: string; oldest: string; future: number }>(sql`
      select (select max(n)::int from (select count(*) n from crop_history group by field_id) x) "perField",
             max(harvested_date)::text latest, min(harvested_date)::text oldest,
             count(*) filter (where harvested_date > current_date)::int future
      from crop_history`);
    expect(h.perField).toBe(2);
    expect(h.future).toBe(0);
    const DAY = 86_400_000;
    expect(Date.now() - Date.parse(h.latest)).toBeLessThan(365 * DAY);
    expect(Date.now() - Date.parse(h.oldest)).toBeLessThan(365 * DAY);
  });

  it('lets every demo account sign in with the demo password; the demo farmer sees two fields', async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: '10.9.9.9' });
      expect(res.statusCode, email).toBe(200);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.farmer, password: DEMO_PASSWORD } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(login.json().accessToken) });
    const fields = profile.json().fields;
    expect(fields).toHaveLength(2);
    expect(Math.min(...fields.map((f: { lastSensorData: { moisture: number } }) => f.lastSensorData.moisture))).toBeLessThan(25);
  });

  it('gives the demo farmer, and only them, the README\'s mobile number (OTP sign-in)', async () => {
    const owners = await rows<{ email: string }>(sql`select email from users where phone_number = ${DEMO_FARMER_PHONE}`);
    expect(owners).toEqual([{ email: DEMO_ACCOUNTS.farmer }]);
  });
});

describe('series', () => {
  it('is deterministic for a seed and follows the sun', () => {
    const opts = { points: 96, start: Date.UTC(2026, 10, 1, 18, 30), hotDayMax: 32, irrigateBelow: 32, wetTo: 55, drySpells: [] };
    const a = simulateField(createRandom(7), opts);
    expect(simulateField(createRandom(7), opts)).toEqual(a);
    expect(simulateField(createRandom(8), opts)).not.toEqual(a);
    // Start is midnight IST: index 29 is 14:30, index 11 is 05:30.
    expect(a.temperature[29]).toBeGreaterThan(a.temperature[11] + 8);
  });

  it('finds threshold episodes with hysteresis', () => {
    expect(episodes([30, 24, 22, 27, 31, 24], 25, 5, true)).toEqual([
      { startIndex: 1, endIndex: 4, extreme: 22, valueAtStart: 24 },
      { startIndex: 5, endIndex: null, extreme: 24, valueAtStart: 24 },
    ]);
  });
});
