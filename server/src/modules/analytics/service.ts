/**
 * Analytics & Reports: the figures of a period against the period before, the field health classes, the crop
 * shares, the status overview and the yield trends. The SQL is in repository.ts (with how water is estimated).
 */
import type { Db } from '../../db/client';
import { isAdmin, type AuthUser } from '../../lib/access';
import type { Period } from '../../../../contracts/analytics';
import { cropKey, cropText } from '../../domain/crops/catalogue';
import { scopeKey, type CountCache } from '../../lib/countCache';
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
 * it may come from `water` (kept per scope and period for ANALYTICS_CACHE_SECONDS). The health classes and pest
 * counts are read every time, with the versions of `users` and `fields` (lib/countCache.ts) in the same
 * statement; the farmers, fields, yield and crop shares are kept in `counts` for those versions, so a write to
 * either table is seen by the very next request.
 */
export async function coordinatorAnalytics(db: Db, user: AuthUser, period: Period, now = new Date(), water: WaterCache = uncached, counts?: CountCache) {
  const days = PERIOD_DAYS[period];
  const start = new Date(now.getTime() - days * 86_400_000);
  const before = new Date(now.getTime() - 2 * days * 86_400_000);
  const scope = isAdmin(user) ? 'all' : user.id;
  const [live, w] = await Promise.all([
    repo.liveFigures(db, user, start, before),
    water.get(`${scope}|${period}`, () => repo.waterFigures(db, user, start, before)),
  ]);
  const kept = <T>(key: string, compute: () => Promise<T>) => (counts ? counts.at(`analytics|${key}|${scopeKey(user)}`, live.stamp, compute) : compute());
  const [reach, crops] = await Promise.all([kept('reach', () => repo.reachFigures(db, user)), kept('crops', () => cropDistribution(db, user))]);
  return {
    totalFarmers: reach.totalFarmers,
    totalFields: reach.totalFields,
    averageYield: reach.averageYield,
    yieldFields: reach.yieldFields,
    waterUsage: { current: w.waterNow, change: percentChange(w.waterNow, w.waterBefore), estimated: true as const },
    pestIssues: { current: live.pestNow, change: percentChange(live.pestNow, live.pestBefore) },
    fieldHealth: live.health,
    cropDistribution: crops,
  };
}

/** Percent of the caller's fields (with a crop) growing each crop, one decimal, by catalogue key. */
async function cropDistribution(db: Db, user: AuthUser) {
  const rows = await repo.cropCounts(db, user);
  const total = rows.reduce((s, x) => s + x.n, 0);
  return Object.fromEntries(rows.map((x) => [x.crop, Math.round((x.n / total) * 1000) / 10]));
}

/** The caller's fields by operational status, kept in `counts` while `users` and `fields` are unchanged. */
export async function statusOverview(db: Db, user: AuthUser, counts?: CountCache) {
  const compute = () => repo.statusOverview(db, user);
  return { analytics: { byStatus: counts ? await counts.get(db, `status|${scopeKey(user)}`, ['users', 'fields'], compute) : await compute() } };
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
