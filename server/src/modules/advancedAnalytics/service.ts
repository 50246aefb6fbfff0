/**
 * Advanced Analytics of one field over a range, from the field's own records only: nothing is sampled
 * or invented, and what is not recorded comes back null or empty so the screen can say so.
 */
import type { Db } from '../../db/client';
import type { AdvancedAnalytics, Range, SensorTrend } from '../../../../contracts/advancedAnalytics';
import { notFound } from '../../lib/errors';
import type { WeatherProvider } from '../../providers/weather/index';
import { insightsOf } from '../fdss/service';
import * as repo from './repository';

const iso = (v: unknown) => new Date(v as string).toISOString();
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const RANGE_DAYS: Record<Range, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export async function sensorTrends(db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week'): Promise<SensorTrend[]> {
  const mid = new Date((from.getTime() + to.getTime()) / 2);
  const { summary, series } = await repo.readingTrends(db, fieldId, from, to, mid, bucket);
  return summary.map((s) => ({
    type: s.type,
    readings: s.readings,
    average: round(s.average),
    min: round(s.min),
    max: round(s.max),
    latest: round(s.latest),
    latestAt: iso(s.latestAt),
    change: s.firstHalf == null || s.secondHalf == null ? null : round(s.secondHalf - s.firstHalf),
    series: series.filter((x) => x.type === s.type).map((x) => ({ bucket: x.bucket, average: round(x.average), readings: x.readings })),
  }));
}

/**
 * The analytics of a field whose reach the caller has already checked (the route does, through the cached field
 * lookup): two statements side by side — the field row with its harvests, money and recommendations, and the
 * rollups of the range — and the advice from that same row (no second read of the field). 404 if the field is gone.
 */
export async function advancedAnalytics(db: Db, fieldId: string, range: Range, weather: WeatherProvider, now: Date): Promise<AdvancedAnalytics> {
  const from = new Date(now.getTime() - RANGE_DAYS[range] * 86_400_000);
  const records = repo.fieldRecords(db, fieldId);
  const [loaded, trends, advice] = await Promise.all([
    records,
    sensorTrends(db, fieldId, from, now, range === '1y' ? 'week' : 'day'),
    records.then((r) => (r ? insightsOf(r.field, weather, now) : null)),
  ]);
  if (!loaded || !advice) throw notFound();
  const { field, history, money, recommendations: recs } = loaded;
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
