/** SQL for Advanced Analytics: one field's readings over a range, its crop history, money and recent recommendations. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, cropHistory, fieldFinancials, sensorRollupsHourly } from '../../db/schema';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));
/** Days and weeks are counted in India's time zone, where the fields are. */
const ZONE = 'Asia/Kolkata';

/** Hourly rollups whose hour overlaps [from, to]: the range is read at hour granularity (no raw rows, whatever its length). */
const hoursIn = (fieldId: string, from: Date, to: Date) =>
  sql`field_id = ${fieldId}::uuid and bucket > ${from.toISOString()}::timestamptz - interval '1 hour' and bucket <= ${to.toISOString()}::timestamptz`;

/**
 * Per reading type in the range: count, average, min, max, the latest value and time, and the averages before and
 * after `mid`, from the hourly rollups (an hour counts on the side of `mid` where it starts).
 */
export async function readingSummary(db: Db, fieldId: string, from: Date, to: Date, mid: Date) {
  const before = sql`bucket < ${mid.toISOString()}::timestamptz`;
  return rowsOf(
    await db.execute(sql`select type::text as type, sum(count)::int as readings,
        (sum(sum) / sum(count))::float8 as average, min(min)::float8 as min, max(max)::float8 as max,
        (array_agg(last_value order by last_at desc))[1]::float8 as latest,
        max(last_at) as "latestAt",
        (sum(sum) filter (where ${before}) / nullif(sum(count) filter (where ${before}), 0))::float8 as "firstHalf",
        (sum(sum) filter (where not ${before}) / nullif(sum(count) filter (where not ${before}), 0))::float8 as "secondHalf"
      from ${sensorRollupsHourly} where ${hoursIn(fieldId, from, to)} group by 1 order by 1`),
  ) as { type: string; readings: number; average: number; min: number; max: number; latest: number; latestAt: unknown; firstHalf: number | null; secondHalf: number | null }[];
}

/** Per reading type, the average and count of each day or week of the range (India's calendar), oldest first, from the hourly rollups. */
export async function readingSeries(db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week') {
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  return rowsOf(
    await db.execute(sql`select type::text as type,
        to_char(date_trunc(${unit}, bucket at time zone ${ZONE}), 'YYYY-MM-DD') as bucket,
        (sum(sum) / sum(count))::float8 as average, sum(count)::int as readings
      from ${sensorRollupsHourly} where ${hoursIn(fieldId, from, to)} group by 1, 2 order by 1, 2`),
  ) as { type: string; bucket: string; average: number; readings: number }[];
}

export function recentHarvests(db: Db, fieldId: string, limit: number) {
  return db.select().from(cropHistory).where(eq(cropHistory.fieldId, fieldId)).orderBy(desc(cropHistory.harvestedDate), desc(cropHistory.createdAt)).limit(limit);
}

export async function financialsOf(db: Db, fieldId: string) {
  const [money] = await db.select().from(fieldFinancials).where(eq(fieldFinancials.fieldId, fieldId)).limit(1);
  return money;
}

export function recentRecommendations(db: Db, fieldId: string, limit: number) {
  return db.select().from(aiRecommendations).where(eq(aiRecommendations.fieldId, fieldId)).orderBy(desc(aiRecommendations.createdAt)).limit(limit);
}
