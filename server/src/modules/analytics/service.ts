/**
 * Analytics & Reports: the figures of a period against the period before, the field health classes, the crop
 * shares, the status overview and the yield trends. The SQL is in repository.ts (with how water is estimated).
 */
import type { Db } from '../../db/client';
import { isAdmin, type AuthUser } from '../../lib/access';
import type { Period } from '../../../../contracts/analytics';
import { cropKey, cropText } from '../../domain/crops/catalogue';
import * as repo from './repository';

export const PERIOD_DAYS: Record<Period, number> = { week: 7, month: 30, quarter: 91, year: 365 };

/** Percent change from the previous period; from nothing to something counts as +100 %. */
export const percentChange = (current: number, previous: number) =>
  previous === 0 ? (current > 0 ? 100 : 0) : Math.round(((current - previous) / previous) * 1000) / 10;

type Water = { waterNow: number; waterBefore: number };
/** Keeps each scope's water estimate of a period (stale-while-revalidate); `get(key, load)`. */
export type WaterCache = { get: (key: string, load: () => Promise<Water>) => Promise<Water> };
const uncached: WaterCache = { get: (_key, load) => load() };

/**
 * The water estimate reads two periods of every in-scope moisture sensor's hours, by far the dearest figure:
 * it may come from `water` (kept per scope and period for ANALYTICS_CACHE_SECONDS); the counts are always read.
 */
export async function coordinatorAnalytics(db: Db, user: AuthUser, period: Period, now = new Date(), water: WaterCache = uncached) {
  const days = PERIOD_DAYS[period];
  const start = new Date(now.getTime() - days * 86_400_000);
  const before = new Date(now.getTime() - 2 * days * 86_400_000);
  const scope = isAdmin(user) ? 'all' : user.id;
  const [figures, w] = await Promise.all([
    repo.periodFigures(db, user, start, before),
    water.get(`${scope}|${period}`, () => repo.waterFigures(db, user, start, before)),
  ]);
  const row = { ...figures, ...w };
  return {
    totalFarmers: row.totalFarmers,
    totalFields: row.totalFields,
    averageYield: row.averageYield,
    yieldFields: row.yieldFields,
    waterUsage: { current: row.waterNow, change: percentChange(row.waterNow, row.waterBefore), estimated: true as const },
    pestIssues: { current: row.pestNow, change: percentChange(row.pestNow, row.pestBefore) },
    fieldHealth: await repo.fieldHealth(db, user),
    cropDistribution: await cropDistribution(db, user),
  };
}

/** Percent of the caller's fields (with a crop) growing each crop, one decimal, by catalogue key. */
async function cropDistribution(db: Db, user: AuthUser) {
  const rows = await repo.cropCounts(db, user);
  const total = rows.reduce((s, x) => s + x.n, 0);
  return Object.fromEntries(rows.map((x) => [x.crop, Math.round((x.n / total) * 1000) / 10]));
}

export async function statusOverview(db: Db, user: AuthUser) {
  return { analytics: { byStatus: await repo.statusOverview(db, user) } };
}

/**
 * Average harvested yield per crop and month (quintals), one series per crop, for the crops named in `crops`
 * (comma-separated, as typed: each becomes its catalogue key) or for every crop; `crops` of the answer lists
 * every crop of the caller's history. The client translates the keys.
 */
export async function yieldTrends(db: Db, user: AuthUser, crops: string | undefined) {
  const wanted = (crops ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  const all = await repo.historyCrops(db, user);
  const rows = await repo.monthlyYields(db, user, wanted.map((c) => cropKey(c) ?? cropText(c)));
  const byCrop = new Map<string, { month: number; year: number; averageYield: number }[]>();
  for (const x of rows) byCrop.set(x.crop, [...(byCrop.get(x.crop) ?? []), { month: x.month, year: x.year, averageYield: x.averageYield }]);
  return { yieldTrends: [...byCrop].map(([crop, data]) => ({ crop, data })), crops: all };
}
