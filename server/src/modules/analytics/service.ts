/**
 * Analytics & Reports: the figures of a period against the period before, the field health classes, the crop
 * shares, the status overview and the yield trends. The SQL is in repository.ts (with how water is estimated).
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import type { Period } from '../../../../contracts/analytics';
import { cropKey, cropText } from '../../domain/crops/catalogue';
import * as repo from './repository';

export const PERIOD_DAYS: Record<Period, number> = { week: 7, month: 30, quarter: 91, year: 365 };

/** Percent change from the previous period; from nothing to something counts as +100 %. */
export const percentChange = (current: number, previous: number) =>
  previous === 0 ? (current > 0 ? 100 : 0) : Math.round(((current - previous) / previous) * 1000) / 10;

export async function coordinatorAnalytics(db: Db, user: AuthUser, period: Period, now = new Date()) {
  const days = PERIOD_DAYS[period];
  const start = new Date(now.getTime() - days * 86_400_000);
  const before = new Date(now.getTime() - 2 * days * 86_400_000);
  const row = await repo.periodFigures(db, user, start, before);
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
