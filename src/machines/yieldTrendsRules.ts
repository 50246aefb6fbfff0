/**
 * The yield trends panel's arithmetic, kept pure: which months a period shows, the month × crop table
 * the chart and the CSV both read, the CSV itself, and the three field health tiles.
 *
 * The server returns every harvested month it has; the period (Last 6 Months, Last 12 Months, This
 * Year) is not sent to it (spec section 2) and is applied here, counting the current month.
 */
import { toCsv } from '@/services/csv';
import type { FieldStatusCounts, YieldTrend } from '@/services/analytics';

export const YIELD_PERIODS = ['last6months', 'last12months', 'thisYear'] as const;
export type YieldPeriod = (typeof YIELD_PERIODS)[number];

/** A calendar month; `month` is 1–12 as the server sends it. */
export type Month = { year: number; month: number };

export const monthOf = (d: Date): Month => ({ year: d.getFullYear(), month: d.getMonth() + 1 });

/** The months a period shows, oldest first, ending with the current month. */
export function monthsOf(period: YieldPeriod, today: Month): Month[] {
  const count = period === 'last6months' ? 6 : period === 'last12months' ? 12 : today.month;
  return Array.from({ length: count }, (_, i) => {
    const back = today.year * 12 + (today.month - 1) - (count - 1 - i);
    return { year: Math.floor(back / 12), month: (back % 12) + 1 };
  });
}

export type YieldRow = Month & { values: (number | null)[] };
export type YieldTable = { crops: string[]; rows: YieldRow[] };

/** One row per shown month, one value per crop (null where nothing was harvested that month). */
export function yieldTable(trends: YieldTrend[], months: Month[]): YieldTable {
  const crops = trends.map((t) => t.crop);
  const rows = months.map((m) => ({
    ...m,
    values: trends.map((t) => t.data.find((d) => d.year === m.year && d.month === m.month)?.averageYield ?? null),
  }));
  return { crops, rows };
}

export const hasYields = (table: YieldTable) => table.rows.some((r) => r.values.some((v) => v !== null));

/** The CSV's column names in the reader's language: 'महिना', 'वर्ष', and each crop as the chart names it. */
export type YieldCsvHeadings = { month: string; year: string; crops: Record<string, string> };
const ENGLISH_HEADINGS: YieldCsvHeadings = { month: 'Month', year: 'Year', crops: {} };

/**
 * Month, Year, then one column per crop (spreadsheet formulas in crop names are neutralised by toCsv). Nothing
 * reads this file back, so its headings are for people; a crop without a name given keeps its own.
 */
export const yieldCsv = (table: YieldTable, headings: YieldCsvHeadings = ENGLISH_HEADINGS) =>
  toCsv(
    [headings.month, headings.year, ...table.crops.map((c) => headings.crops[c] ?? c)],
    table.rows.map((r) => [r.month, r.year, ...r.values]),
  );

export type HealthSummary = { healthy: number; needsAttention: number; critical: number };

/** Healthy = active fields; Needs Attention = under maintenance or inactive; Critical = harvested. */
export const healthSummary = (s: FieldStatusCounts): HealthSummary => ({
  healthy: s.active,
  needsAttention: s.maintenance + s.inactive,
  critical: s.harvested,
});
