/** The yield panel's arithmetic: the months a period shows, the month × crop table, its CSV, the health tiles. */
import { describe, expect, it } from 'vitest';
import { healthSummary, hasYields, monthsOf, yieldCsv, yieldTable } from '@/machines/yieldTrendsRules';

const NOV_2026 = { year: 2026, month: 11 };
const FEB_2027 = { year: 2027, month: 2 };
const label = (ms: { year: number; month: number }[]) => ms.map((m) => `${m.year}-${m.month}`);

describe('yield periods', () => {
  it('last 6 and 12 months end with the current month and cross the year', () => {
    expect(label(monthsOf('last6months', NOV_2026))).toEqual(['2026-6', '2026-7', '2026-8', '2026-9', '2026-10', '2026-11']);
    expect(label(monthsOf('last6months', FEB_2027))).toEqual(['2026-9', '2026-10', '2026-11', '2026-12', '2027-1', '2027-2']);
    const year = monthsOf('last12months', NOV_2026);
    expect(year).toHaveLength(12);
    expect(label([year[0], year[11]])).toEqual(['2025-12', '2026-11']);
  });

  it('this year runs from January to the current month', () => {
    expect(label(monthsOf('thisYear', FEB_2027))).toEqual(['2027-1', '2027-2']);
    expect(monthsOf('thisYear', NOV_2026)).toHaveLength(11);
    expect(monthsOf('thisYear', { year: 2026, month: 1 })).toEqual([{ year: 2026, month: 1 }]);
  });
});

describe('yield table and CSV', () => {
  const trends = [
    { crop: 'soybean', data: [{ year: 2026, month: 10, averageYield: 12.5 }, { year: 2025, month: 10, averageYield: 9 }] },
    { crop: '=cmd()', data: [{ year: 2026, month: 9, averageYield: 3 }] },
  ];

  it('keeps only the shown months, one value per crop, null where nothing was harvested', () => {
    const t = yieldTable(trends, monthsOf('last6months', NOV_2026));
    expect(t.crops).toEqual(['soybean', '=cmd()']);
    expect(t.rows.map((r) => r.values)).toEqual([[null, null], [null, null], [null, null], [null, 3], [12.5, null], [null, null]]);
    expect(hasYields(t)).toBe(true);
    expect(hasYields(yieldTable(trends, monthsOf('thisYear', FEB_2027)))).toBe(false);
  });

  it('writes Month, Year and one column per crop, neutralising formula-like crop names', () => {
    const csv = yieldCsv(yieldTable(trends, monthsOf('thisYear', { year: 2026, month: 10 }).slice(8)));
    expect(csv).toBe("\uFEFFMonth,Year,soybean,'=cmd()\r\n9,2026,,3\r\n10,2026,12.5,\r\n");
  });

  it('names its columns in the reader\'s language when given the words', () => {
    const csv = yieldCsv(yieldTable(trends, monthsOf('thisYear', { year: 2026, month: 10 }).slice(9)), {
      month: 'महिना',
      year: 'वर्ष',
      crops: { soybean: 'सोयाबीन' },
    });
    expect(csv).toBe("\uFEFFमहिना,वर्ष,सोयाबीन,'=cmd()\r\n10,2026,12.5,\r\n");
  });
});

describe('field health tiles', () => {
  it('healthy = active, needs attention = maintenance + inactive, critical = harvested', () => {
    expect(healthSummary({ active: 7, maintenance: 2, inactive: 3, harvested: 1 })).toEqual({ healthy: 7, needsAttention: 5, critical: 1 });
  });
});
