/**
 * GET /advanced-analytics with its answers kept (ADVANCED_ANALYTICS_CACHE_SECONDS): a kept answer is served, a
 * recommendation generated or decided and an announced money write (here or in another process) show on the next
 * request, a new reading shows once the kept answer is older than the cache's age, and role and reach are checked on
 * every request whatever is kept. Also: the one statement that reads the field with its harvests, money and
 * recommendations gives exactly what the separate reads it replaced gave. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { aiRecommendations, cropHistory, fieldFinancials, fields, sensorReadings } from '../../../server/src/db/schema';
import { ACCESS_CHANNEL } from '../../../server/src/lib/accessCache';
import { analyticsChanged } from '../../../server/src/modules/advancedAnalytics/cache';
import { fieldRecords } from '../../../server/src/modules/advancedAnalytics/repository';
import { ensurePartitions } from '../../../server/src/modules/sensors/partitions';
import { FIXTURE, createTestApp, type FixtureUser, type TestApp } from '../helper';

const F = FIXTURE.fields;
const MINUTE = 60_000;

async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

type Trend = { type: string; readings: number };
type Analytics = { sensorTrends: Trend[]; recommendations: Array<{ _id: string; status: string }>; financial: { totalCost: number } | null };

function client(t: TestApp) {
  const token: Partial<Record<FixtureUser, string>> = {};
  const get = async (who: FixtureUser, fieldRef: string = F.farmer.id, range = '7d') => {
    token[who] ??= (await t.login(who)).accessToken;
    return t.app.inject({ method: 'GET', url: `/api/v1/advanced-analytics?fieldId=${fieldRef}&range=${range}`, headers: t.auth(token[who]!) });
  };
  const analytics = async (who: FixtureUser = 'coordinator', fieldRef?: string): Promise<Analytics> => {
    const res = await get(who, fieldRef);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().analytics;
  };
  const moistureReadings = async () => (await analytics()).sensorTrends.find((s) => s.type === 'moisture')?.readings ?? 0;
  return { get, analytics, moistureReadings, token: async (who: FixtureUser) => (token[who] ??= (await t.login(who)).accessToken) };
}

/** A moisture reading of the farmer's field, written straight into the table (the rollup trigger counts it). */
async function storeReading(t: TestApp, at: number, value = 30) {
  await ensurePartitions(t.db, [at]);
  await t.db.insert(sensorReadings).values({ sensorId: F.farmer.moistureSensor, fieldId: F.farmer.id, type: 'moisture', value, recordedAt: new Date(at) });
}

describe('advanced analytics with kept answers (a long cache age)', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ config: { advancedAnalyticsCacheSeconds: 600 } });
    c = client(t);
    // A soil test, so recommendations can be generated for the field.
    await t.db.update(fields).set({ ph: 6.9, nitrogen: 260, phosphorus: 22, potassium: 280, organicMatter: 0.7 }).where(eq(fields.id, F.farmer.id));
  });
  afterAll(() => t.close());

  it('serves the kept answer: a reading stored behind its back does not show within the cache age', async () => {
    const before = await c.moistureReadings();
    await storeReading(t, Date.now() - 5 * MINUTE);
    expect(await c.moistureReadings()).toBe(before);
  });

  it('shows a generated recommendation, and its new status, on the next request', async () => {
    expect((await c.analytics()).recommendations).toEqual([]);
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/ai-recommendations/generate', headers: t.auth(await c.token('coordinator')), payload: { fieldId: F.farmer.id } });
    expect(made.statusCode, made.body).toBe(200);
    const ids = (made.json().recommendations as Array<{ _id: string }>).map((r) => r._id);
    expect(ids.length).toBeGreaterThan(0);
    const shown = (await c.analytics()).recommendations;
    expect(shown.length).toBe(Math.min(3, ids.length));
    expect(ids).toEqual(expect.arrayContaining(shown.map((r) => r._id)));
    expect(shown.every((r) => r.status === 'pending')).toBe(true);

    const moved = await t.app.inject({ method: 'PUT', url: `/api/v1/ai-recommendations/${shown[0]._id}/status`, headers: t.auth(await c.token('coordinator')), payload: { status: 'approved' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await c.analytics()).recommendations.find((r) => r._id === shown[0]._id)?.status).toBe('approved');
  });

  it('shows a money write announced in this process, and one announced by another process (NOTIFY)', async () => {
    expect((await c.analytics()).financial).toBeNull();
    await t.db.insert(fieldFinancials).values({ fieldId: F.farmer.id, seeds: 1000, labor: 500 });
    // Unannounced: still the kept answer.
    expect((await c.analytics()).financial).toBeNull();
    await analyticsChanged(t.db, [F.farmer.id]);
    expect((await c.analytics()).financial?.totalCost).toBe(1500);

    // Another app process wrote and announced: this one hears it on its LISTEN connection.
    await t.db.update(fieldFinancials).set({ labor: 2500 }).where(eq(fieldFinancials.fieldId, F.farmer.id));
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ analytics: [F.farmer.id] })})`);
    expect(await eventually(async () => (await c.analytics()).financial?.totalCost === 3500)).toBe(true);
  });

  it('checks role and reach on every request, whatever is kept', async () => {
    const kept = await c.get('coordinator');
    expect(kept.statusCode).toBe(200);
    // The same kept answer for an admin (it depends on the field, not on who asks)…
    const admin = await c.get('admin', F.farmer.fieldId);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual(kept.json());
    // …and nothing for anyone out of reach or role.
    expect((await c.get('coordinator2')).statusCode).toBe(404);
    expect((await c.get('farmer')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/advanced-analytics?fieldId=${F.farmer.id}` })).statusCode).toBe(401);
  });
});

describe('advanced analytics: new readings show once the kept answer is older than the cache age', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { advancedAnalyticsCacheSeconds: 1 } });
  });
  afterAll(() => t.close());

  it('counts a new reading on the first request after the cache age', async () => {
    const c = client(t);
    const before = await c.moistureReadings();
    // The kept answer was read before this instant: from 1 s after it, it is never served again.
    const answered = Date.now();
    await storeReading(t, Date.now() - 2 * MINUTE);
    await new Promise((r) => setTimeout(r, Math.max(0, answered + 1100 - Date.now())));
    expect(await c.moistureReadings()).toBe(before + 1);
  });
});

describe("the field's records in one statement", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('equals the separate reads it replaced (last 5 harvests, money, last 3 recommendations)', async () => {
    const id = F.farmer.id;
    const base = Date.parse('2026-03-01T10:00:00Z');
    // Seven harvests: two without a date (first in the old order: NULLs sort first when descending), two on one day.
    const days = ['2025-10-20', null, '2026-03-10', '2026-03-10', '2024-11-02', null, '2025-03-15'];
    await t.db.insert(cropHistory).values(
      days.map((harvestedDate, i) => ({
        fieldId: id, crop: `Crop ${i}`, season: i % 2 ? 'rabi' : null, harvestedDate, yield: i === 3 ? null : 10.25 + i / 3, yieldUnit: i % 3 === 0 ? ('kg' as const) : ('quintal' as const),
        createdAt: new Date(base + i * 1000 + 0.4),
      })),
    );
    await t.db.insert(fieldFinancials).values({ fieldId: id, seeds: 1234.5, fertilizers: 0.1 + 0.2, labor: 999.99, revenueExpected: 50_000, revenueActual: null });
    await t.db.insert(aiRecommendations).values(
      [0, 1, 2, 3, 4].map((i) => ({ fieldId: id, cropName: `Crop ${i}`, season: 'rabi', status: i === 1 ? ('approved' as const) : ('pending' as const), confidence: 0.5 + i / 7, createdAt: new Date(base + i * 60_000) })),
    );
    // Microseconds the old read (a Date) dropped: the new read must drop them the same way.
    await t.db.execute(sql`update ai_recommendations set created_at = created_at + interval '123 microseconds' where field_id = ${id}::uuid`);

    const [field] = await t.db.select().from(fields).where(eq(fields.id, id));
    const history = (await t.db.select().from(cropHistory).where(eq(cropHistory.fieldId, id)).orderBy(desc(cropHistory.harvestedDate), desc(cropHistory.createdAt)).limit(5)).map(
      (h) => ({ crop: h.crop, season: h.season, harvestedDate: h.harvestedDate, yield: h.yield, yieldUnit: h.yieldUnit }),
    );
    const [m] = await t.db.select().from(fieldFinancials).where(eq(fieldFinancials.fieldId, id)).limit(1);
    const money = { seeds: m.seeds, fertilizers: m.fertilizers, pesticides: m.pesticides, labor: m.labor, irrigation: m.irrigation, other: m.other, revenueExpected: m.revenueExpected, revenueActual: m.revenueActual };
    const recommendations = (await t.db.select().from(aiRecommendations).where(eq(aiRecommendations.fieldId, id)).orderBy(desc(aiRecommendations.createdAt)).limit(3)).map(
      (r) => ({ id: r.id, cropName: r.cropName, status: r.status, confidence: r.confidence, createdAt: r.createdAt }),
    );
    expect(history.map((h) => h.harvestedDate)).toEqual([null, null, '2026-03-10', '2026-03-10', '2025-10-20']);

    expect(await fieldRecords(t.db, id)).toEqual({ field, history, money, recommendations });
    // A field with none of them, and no field at all.
    const [other] = await t.db.select().from(fields).where(eq(fields.id, F.farmer2.id));
    expect(await fieldRecords(t.db, F.farmer2.id)).toEqual({ field: other, history: [], money: null, recommendations: [] });
    expect(await fieldRecords(t.db, '00000000-0000-4000-8000-000000009999')).toBeUndefined();
  });
});
