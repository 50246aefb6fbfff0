/**
 * Advanced Analytics of one field over a range, from the field's own records only: nothing is sampled
 * or invented, and what is not recorded comes back null or empty so the screen can say so.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, cropHistory, fieldFinancials, sensorReadings } from '../../db/schema';
import type { AdvancedAnalytics, Range, SensorTrend } from '../../../../contracts/advancedAnalytics';
import { loadFieldFor, type AuthUser } from '../../lib/access';
import type { WeatherProvider } from '../../providers/weather/index';
import { fieldInsights } from '../fdss/service';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));
const iso = (v: unknown) => new Date(v as string).toISOString();
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const RANGE_DAYS: Record<Range, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
/** Days and weeks are counted in India's time zone, where the fields are. */
const ZONE = 'Asia/Kolkata';

export async function sensorTrends(db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week'): Promise<SensorTrend[]> {
  const mid = new Date((from.getTime() + to.getTime()) / 2);
  const inRange = sql`${sensorReadings.fieldId} = ${fieldId} and ${sensorReadings.recordedAt} >= ${from.toISOString()}::timestamptz and ${sensorReadings.recordedAt} <= ${to.toISOString()}::timestamptz`;
  const summary = rowsOf(
    await db.execute(sql`select ${sensorReadings.type}::text as type, count(*)::int as readings,
        avg(${sensorReadings.value})::float8 as average, min(${sensorReadings.value})::float8 as min, max(${sensorReadings.value})::float8 as max,
        (array_agg(${sensorReadings.value} order by ${sensorReadings.recordedAt} desc))[1]::float8 as latest,
        max(${sensorReadings.recordedAt}) as "latestAt",
        avg(${sensorReadings.value}) filter (where ${sensorReadings.recordedAt} < ${mid.toISOString()}::timestamptz)::float8 as "firstHalf",
        avg(${sensorReadings.value}) filter (where ${sensorReadings.recordedAt} >= ${mid.toISOString()}::timestamptz)::float8 as "secondHalf"
      from ${sensorReadings} where ${inRange} group by 1 order by 1`),
  );
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  const series = rowsOf(
    await db.execute(sql`select ${sensorReadings.type}::text as type,
        to_char(date_trunc(${unit}, ${sensorReadings.recordedAt} at time zone ${ZONE}), 'YYYY-MM-DD') as bucket,
        avg(${sensorReadings.value})::float8 as average, count(*)::int as readings
      from ${sensorReadings} where ${inRange} group by 1, 2 order by 1, 2`),
  );
  return summary.map((s) => ({
    type: s.type as string,
    readings: s.readings as number,
    average: round(s.average as number),
    min: round(s.min as number),
    max: round(s.max as number),
    latest: round(s.latest as number),
    latestAt: iso(s.latestAt),
    change: s.firstHalf == null || s.secondHalf == null ? null : round((s.secondHalf as number) - (s.firstHalf as number)),
    series: series
      .filter((x) => x.type === s.type)
      .map((x) => ({ bucket: x.bucket as string, average: round(x.average as number), readings: x.readings as number })),
  }));
}

export async function advancedAnalytics(
  db: Db,
  user: AuthUser,
  fieldRef: string,
  range: Range,
  weather: WeatherProvider,
  now: Date,
): Promise<AdvancedAnalytics> {
  const field = await loadFieldFor(db, user, fieldRef);
  const from = new Date(now.getTime() - RANGE_DAYS[range] * 86_400_000);
  const [trends, history, [money], recs, advice] = await Promise.all([
    sensorTrends(db, field.id, from, now, range === '1y' ? 'week' : 'day'),
    db.select().from(cropHistory).where(eq(cropHistory.fieldId, field.id)).orderBy(desc(cropHistory.harvestedDate), desc(cropHistory.createdAt)).limit(5),
    db.select().from(fieldFinancials).where(eq(fieldFinancials.fieldId, field.id)).limit(1),
    db.select().from(aiRecommendations).where(and(eq(aiRecommendations.fieldId, field.id))).orderBy(desc(aiRecommendations.createdAt)).limit(3),
    fieldInsights(db, user, field.id, weather, now),
  ]);
  const achieved = field.yieldExpected && field.yieldExpected > 0 && field.yieldActual != null ? round((field.yieldActual / field.yieldExpected) * 100, 1) : null;
  const costs = money
    ? { seeds: money.seeds, fertilizers: money.fertilizers, pesticides: money.pesticides, labor: money.labor, irrigation: money.irrigation, other: money.other }
    : null;
  const totalCost = costs ? round(Object.values(costs).reduce((s, v) => s + v, 0)) : 0;
  const revenue = money?.revenueActual ?? money?.revenueExpected ?? null;
  const ph = trends.find((t) => t.type === 'ph');
  return {
    field: { _id: field.id, fieldId: field.fieldId, name: field.name },
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    sensorTrends: trends,
    crop: {
      cropName: field.cropName,
      variety: field.cropVariety,
      status: field.cropStatus,
      plantedDate: field.plantedDate,
      expectedHarvest: field.expectedHarvest,
      yieldExpected: field.yieldExpected,
      yieldActual: field.yieldActual,
      yieldUnit: field.yieldUnit,
      achievedPercent: achieved,
      history: history.map((h) => ({ crop: h.crop, season: h.season, harvestedDate: h.harvestedDate, yield: h.yield, yieldUnit: h.yieldUnit })),
    },
    soil: {
      soilType: field.soilType,
      ph: field.ph,
      organicMatter: field.organicMatter,
      nitrogen: field.nitrogen,
      phosphorus: field.phosphorus,
      potassium: field.potassium,
      lastTested: field.soilLastTested,
      sensorPh: ph ? ph.average : null,
    },
    financial:
      money && costs
        ? {
            costs,
            totalCost,
            revenueExpected: money.revenueExpected,
            revenueActual: money.revenueActual,
            profit: revenue == null ? null : round(revenue - totalCost),
            profitBasis: money.revenueActual != null ? 'actual' : money.revenueExpected != null ? 'expected' : null,
          }
        : null,
    insights: advice.insights,
    weatherEstimated: advice.weatherEstimated,
    recommendations: recs.map((r) => ({ _id: r.id, cropName: r.cropName, status: r.status, confidence: r.confidence, createdAt: r.createdAt.toISOString() })),
  };
}
