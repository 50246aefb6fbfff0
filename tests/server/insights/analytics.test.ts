/** Analytics routes: figures computed from the data inside the caller's reach, periods, estimated water, ownership. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { alerts, cropHistory, fields, sensorReadings, users } from '../../../server/src/db/schema';
import { coordinatorAnalytics, percentChange } from '../../../server/src/modules/analytics/service';
import { ensurePartitions } from '../../../server/src/modules/sensors/partitions';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
const U = FIXTURE.users;
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
  // Written straight into the day-partitioned table: those days need their partitions (ingest creates them itself).
  await ensurePartitions(t.db, [ago(10).getTime(), ago(10, 1).getTime(), ago(2).getTime(), ago(2, 1).getTime()]);
  const m = { sensorId: F.farmer.moistureSensor, fieldId: F.farmer.id, type: 'moisture' as const };
  // Two irrigation events on farmer's 2-acre field: +8 points ten days ago, +15 points two days ago.
  await t.db.insert(sensorReadings).values([
    { ...m, value: 20, recordedAt: ago(10) },
    { ...m, value: 28, recordedAt: ago(10, 1) },
    { ...m, value: 20, recordedAt: ago(2) },
    { ...m, value: 35, recordedAt: ago(2, 1) },
  ]);
  const pest = { fieldId: F.farmer.id, farmerId: U.farmer.id, type: 'pest' as const, severity: 'major' as const, message: 'Pest' };
  await t.db.insert(alerts).values([
    { ...pest, createdAt: ago(1) },
    { ...pest, createdAt: ago(9), resolvedAt: ago(8) },
    { ...pest, createdAt: ago(12), resolvedAt: ago(11) },
  ]);
  await t.db.update(fields).set({ operationalStatus: 'harvested', yieldExpected: 100, yieldActual: 80 }).where(eq(fields.id, F.farmer2.id));
  await t.db.insert(cropHistory).values([
    { fieldId: F.farmer.id, crop: 'Soybean', harvestedDate: '2026-10-15', yield: 800, yieldUnit: 'kg' },
    { fieldId: F.farmer.id, crop: 'Soybean', harvestedDate: '2026-10-20', yield: 1.2, yieldUnit: 'ton' },
    { fieldId: F.farmer2.id, crop: ' soybean', harvestedDate: '2026-10-02', yield: 16, yieldUnit: 'quintal' },
    { fieldId: F.farmer2.id, crop: 'Wheat', harvestedDate: '2026-03-10', yield: 16, yieldUnit: 'quintal' },
    { fieldId: F.farmer2.id, crop: 'Wheat', harvestedDate: null, yield: 99, yieldUnit: 'quintal' },
  ]);
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: t.auth(token[who]) });

/** litres = rise / 100 × 0.3 m root zone × area m² × 1000 (see analytics/repository). */
const litres = (rise: number, acres: number) => Math.round((rise / 100) * 0.3 * acres * 4046.86 * 1000);

describe('GET /coordinator/analytics', () => {
  it("computes the week's figures for the coordinator's own farmers and fields", async () => {
    const res = await get('coordinator', '/coordinator/analytics?period=week');
    expect(res.statusCode).toBe(200);
    const a = res.json().analytics;
    expect(a.totalFarmers).toBe(3); // farmer, farmer2 and the inactive one
    expect(a.totalFields).toBe(2);
    expect(a.averageYield).toBe(80);
    expect(a.yieldFields).toBe(1);
    expect(a.waterUsage.current).toBe(litres(15, 2));
    expect(a.waterUsage.estimated).toBe(true);
    expect(a.waterUsage.change).toBeCloseTo(((litres(15, 2) - litres(8, 2)) / litres(8, 2)) * 100, 0);
    expect(a.pestIssues).toEqual({ current: 1, change: -50 });
    expect(a.fieldHealth).toEqual({ excellent: 1, good: 0, fair: 0, poor: 1 });
    expect(a.cropDistribution).toEqual({ soybean: 100 });
  });

  it('defaults to month: both events and all three pest alerts fall in it', async () => {
    const res = await get('coordinator', '/coordinator/analytics');
    expect(res.json().period).toBe('month');
    const a = res.json().analytics;
    expect(a.waterUsage.change).toBe(100);
    expect(a.waterUsage.current).toBeCloseTo(litres(15, 2) + litres(8, 2), -1);
    expect(a.pestIssues).toEqual({ current: 3, change: 100 });
  });

  it("hides another coordinator's data, refuses farmers and bad periods", async () => {
    const a = (await get('coordinator2', '/coordinator/analytics?period=week')).json().analytics;
    expect(a.waterUsage.current).toBe(0);
    expect(a.pestIssues.current).toBe(0);
    expect(a.totalFields).toBe(2);
    // Nothing harvested in coordinator2's fields: the average is over no field, not a 0 % yield.
    expect({ averageYield: a.averageYield, yieldFields: a.yieldFields }).toEqual({ averageYield: 0, yieldFields: 0 });
    expect((await get('admin', '/coordinator/analytics?period=week')).json().analytics.totalFields).toBe(4);
    expect((await get('farmer', '/coordinator/analytics')).statusCode).toBe(403);
    const bad = await get('coordinator', '/coordinator/analytics?period=decade');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toHaveProperty('marathi');
  });

  it('percent change: none before counts as +100 %, none at all as 0', () => {
    expect([percentChange(5, 0), percentChange(0, 0), percentChange(1, 2), percentChange(3, 2)]).toEqual([100, 0, -50, 50]);
  });
});

describe('field analytics', () => {
  it('counts fields by operational status in scope', async () => {
    expect((await get('coordinator', '/fields/analytics/overview')).json().analytics.byStatus).toEqual({ active: 1, maintenance: 0, inactive: 0, harvested: 1 });
    expect((await get('coordinator2', '/fields/analytics/overview')).json().analytics.byStatus).toEqual({ active: 2, maintenance: 0, inactive: 0, harvested: 0 });
    expect((await get('farmer', '/fields/analytics/overview')).statusCode).toBe(403);
  });

  it('averages harvested yields per crop and month in quintals, one series per crop whatever its case', async () => {
    const all = (await get('coordinator', '/fields/analytics/yield-trends')).json();
    expect(all.crops).toEqual(['soybean', 'wheat']);
    // Soybean in October: 800 kg = 8 q, 1.2 t = 12 q and ' soybean' 16 q → 12 q; the unharvested wheat row is left out.
    expect(all.yieldTrends).toEqual([
      { crop: 'soybean', data: [{ month: 10, year: 2026, averageYield: 12 }] },
      { crop: 'wheat', data: [{ month: 3, year: 2026, averageYield: 16 }] },
    ]);
  });

  it('filters by the comma-joined crops in any case, and treats an empty list as all crops', async () => {
    const wheat = (await get('coordinator', '/fields/analytics/yield-trends?crops=WHEAT%20')).json();
    expect(wheat.yieldTrends.map((y: { crop: string }) => y.crop)).toEqual(['wheat']);
    expect(wheat.crops).toEqual(['soybean', 'wheat']);
    const both = (await get('coordinator', '/fields/analytics/yield-trends?crops=wheat,Soybean,okra')).json();
    expect(both.yieldTrends.map((y: { crop: string }) => y.crop)).toEqual(['soybean', 'wheat']);
    const none = (await get('coordinator', '/fields/analytics/yield-trends?crops=,')).json();
    expect(none.yieldTrends).toHaveLength(2);
  });

  it("keeps yield trends inside the caller's reach and refuses farmers and unknown parameters", async () => {
    expect((await get('coordinator2', '/fields/analytics/yield-trends')).json()).toEqual({ yieldTrends: [], crops: [] });
    expect((await get('admin', '/fields/analytics/yield-trends')).json().crops).toEqual(['soybean', 'wheat']);
    expect((await get('farmer', '/fields/analytics/yield-trends')).statusCode).toBe(403);
    const bad = await get('admin', '/fields/analytics/yield-trends?period=last6months');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toHaveProperty('marathi');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fields/analytics/yield-trends' })).statusCode).toBe(401);
  });
});

describe('kept figures (lib/countCache.ts) follow every write at once', () => {
  const asCoordinator = { id: U.coordinator.id, role: 'coordinator' as const, sessionId: 'test', name: 'Sunil Pawar', email: U.coordinator.email };
  // The oracle: the same service with nothing kept (the water estimate is not written here, so it is equal).
  const fresh = async () => coordinatorAnalytics(t.db, asCoordinator, 'week');
  const week = async () => (await get('coordinator', '/coordinator/analytics?period=week')).json().analytics;
  const byStatus = async () => (await get('coordinator', '/fields/analytics/overview')).json().analytics.byStatus;

  it('a field, a farmer, a pest alert and a reading change the next answer', async () => {
    const a0 = await week();
    expect(await week()).toEqual(a0); // now kept
    expect(a0).toEqual(await fresh());
    const s0 = await byStatus();
    expect(await byStatus()).toEqual(s0);

    // fields: the crop, the yield and the operational status (the `fields` version moves).
    await t.db.update(fields).set({ cropName: 'Wheat', yieldExpected: 100, yieldActual: 50, operationalStatus: 'maintenance' }).where(eq(fields.id, F.farmer.id));
    const a1 = await week();
    expect({ averageYield: a1.averageYield, yieldFields: a1.yieldFields, cropDistribution: a1.cropDistribution }).toEqual({ averageYield: 65, yieldFields: 2, cropDistribution: { soybean: 50, wheat: 50 } });
    expect(a1).toEqual(await fresh());
    expect(await byStatus()).toEqual({ ...s0, active: s0.active - 1, maintenance: s0.maintenance + 1 });

    // users: a farmer moves to another coordinator (the `users` version moves).
    await t.db.update(users).set({ managedBy: U.coordinator2.id }).where(eq(users.id, U.inactive.id));
    const a2 = await week();
    expect(a2.totalFarmers).toBe(a1.totalFarmers - 1);
    expect(a2).toEqual(await fresh());

    // No version moves with these: read on every request.
    await t.db.insert(alerts).values({ fieldId: F.farmer.id, farmerId: U.farmer.id, type: 'pest', severity: 'minor', message: 'Pest again', resolvedAt: new Date() });
    const a3 = await week();
    expect(a3.pestIssues.current).toBe(a2.pestIssues.current + 1);
    await t.db.update(fields).set({ lastMoisture: 1 }).where(inArray(fields.id, [F.farmer.id, F.farmer2.id]));
    const a4 = await week();
    expect(a4.fieldHealth).not.toEqual(a3.fieldHealth);
    expect(a4).toEqual(await fresh());
  });
});
