/**
 * GET /advanced-analytics: one field over a range, computed from its records (readings in the range,
 * crop and history, soil test, costs and revenue, insights, recommendations); null/empty where nothing
 * is recorded; role, ownership and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cropHistory, fieldFinancials, fields, sensorReadings } from '../../../server/src/db/schema';
import { ensurePartitions } from '../../../server/src/modules/sensors/partitions';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
  const now = Date.now();
  // Written straight into the day-partitioned table: those days need their partitions (ingest creates them itself).
  await ensurePartitions(t.db, [now - 6 * DAY, now - 5 * DAY, now - 40 * DAY]);
  // Older moisture readings of farmer's field: 5 and 6 days ago (first half of 7 days), and 40 days ago (outside 7d/30d).
  await t.db.insert(sensorReadings).values([
    { sensorId: F.farmer.moistureSensor, fieldId: F.farmer.id, type: 'moisture', value: 50, recordedAt: new Date(now - 6 * DAY) },
    { sensorId: F.farmer.moistureSensor, fieldId: F.farmer.id, type: 'moisture', value: 40, recordedAt: new Date(now - 5 * DAY) },
    { sensorId: F.farmer.moistureSensor, fieldId: F.farmer.id, type: 'moisture', value: 90, recordedAt: new Date(now - 40 * DAY) },
  ]);
  await t.db
    .update(fields)
    .set({ cropName: 'Soybean', cropStatus: 'growing', yieldExpected: 20, yieldActual: 15, yieldUnit: 'quintal', ph: 6.8, nitrogen: 240, soilType: 'black', soilLastTested: '2026-06-01' })
    .where(eq(fields.id, F.farmer.id));
  await t.db.insert(cropHistory).values([
    { fieldId: F.farmer.id, crop: 'Gram', season: 'rabi', harvestedDate: '2026-03-10', yield: 12, yieldUnit: 'quintal' },
    { fieldId: F.farmer.id, crop: 'Soybean', season: 'kharif', harvestedDate: '2025-10-20', yield: 18, yieldUnit: 'quintal' },
  ]);
  await t.db.insert(fieldFinancials).values({ fieldId: F.farmer.id, seeds: 4000, fertilizers: 6000, labor: 10000, revenueExpected: 90000 });
});
afterAll(() => t.close());

const get = (who: string, query: string) => t.app.inject({ method: 'GET', url: `/api/v1/advanced-analytics?${query}`, headers: t.auth(token[who]) });

describe('advanced analytics', () => {
  it('computes a field\'s 7-day trends, crop, soil, money and insights from its records', async () => {
    const res = await get('coordinator', `fieldId=${F.farmer.id}`);
    expect(res.statusCode).toBe(200);
    const a = res.json().analytics;
    expect(a.range).toBe('7d');
    expect(a.field).toMatchObject({ _id: F.farmer.id, fieldId: F.farmer.fieldId });
    const moisture = a.sensorTrends.find((s: { type: string }) => s.type === 'moisture');
    // The fixture's six readings (26 down to 21) plus 50 and 40; the 40-day-old 90 is outside the range.
    expect(moisture).toMatchObject({ readings: 8, min: 21, max: 50, latest: 21 });
    expect(moisture.average).toBeCloseTo((26 + 25 + 24 + 23 + 22 + 21 + 50 + 40) / 8, 2);
    // Second half (the fixture's readings, mean 23.5) minus first half (50 and 40, mean 45).
    expect(moisture.change).toBeCloseTo(23.5 - 45, 2);
    expect(moisture.series.reduce((s: number, b: { readings: number }) => s + b.readings, 0)).toBe(8);
    expect(moisture.series[0].bucket).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const temperature = a.sensorTrends.find((s: { type: string }) => s.type === 'temperature');
    expect(temperature).toMatchObject({ readings: 6, min: 27, max: 29.5, latest: 29.5, change: null });
    expect(a.crop).toMatchObject({ cropName: 'Soybean', status: 'growing', achievedPercent: 75, yieldUnit: 'quintal' });
    expect(a.crop.history.map((h: { crop: string }) => h.crop)).toEqual(['Gram', 'Soybean']);
    expect(a.soil).toMatchObject({ soilType: 'black', ph: 6.8, nitrogen: 240, phosphorus: null, lastTested: '2026-06-01', sensorPh: null });
    expect(a.financial).toMatchObject({ totalCost: 20000, revenueExpected: 90000, revenueActual: null, profit: 70000, profitBasis: 'expected' });
    expect(Array.isArray(a.insights)).toBe(true);
    expect(a.recommendations).toEqual([]);
  });

  it('widens with the range: 90 days includes the 40-day-old reading', async () => {
    const a = (await get('admin', `fieldId=${F.farmer.fieldId}&range=90d`)).json().analytics;
    const moisture = a.sensorTrends.find((s: { type: string }) => s.type === 'moisture');
    expect(moisture).toMatchObject({ readings: 9, max: 90 });
    expect(a.range).toBe('90d');
    const year = (await get('admin', `fieldId=${F.farmer.id}&range=1y`)).json().analytics;
    // A year is bucketed by week: fewer buckets than distinct days.
    expect(year.sensorTrends.find((s: { type: string }) => s.type === 'moisture').series.length).toBeLessThanOrEqual(3);
  });

  it('says what is not recorded: no crop history, no soil test, no money', async () => {
    const a = (await get('coordinator', `fieldId=${F.farmer2.id}&range=30d`)).json().analytics;
    expect(a.crop.history).toEqual([]);
    expect(a.crop.achievedPercent).toBeNull();
    expect(a.soil.ph).toBeNull();
    expect(a.financial).toBeNull();
  });

  it('checks role, ownership and input', async () => {
    expect((await get('coordinator2', `fieldId=${F.farmer.id}`)).statusCode).toBe(404);
    expect((await get('farmer', `fieldId=${F.farmer.id}`)).statusCode).toBe(403);
    expect((await get('coordinator', 'fieldId=00000000-0000-4000-8000-000000009999')).statusCode).toBe(404);
    const bad = await get('coordinator', `fieldId=${F.farmer.id}&range=2w`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatchObject({ english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) });
    expect((await get('coordinator', '')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/advanced-analytics?fieldId=${F.farmer.id}` })).statusCode).toBe(401);
  });
});
