/** SQL for Advanced Analytics: one field's readings over a range, its crop history, money and recent recommendations. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, cropHistory, fieldFinancials, sensorReadings } from '../../db/schema';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));
/** Days and weeks are counted in India's time zone, where the fields are. */
const ZONE = 'Asia/Kolkata';

const inRange = (fieldId: string, from: Date, to: Date) =>
  sql`${sensorReadings.fieldId} = ${fieldId} and ${sensorReadings.recordedAt} >= ${from.toISOString()}::timestamptz and ${sensorReadings.recordedAt} <= ${to.toISOString()}::timestamptz`;

/** Per reading type in the range: count, average, min, max, the latest value and time, and the averages before and after `mid`. */
export async function readingSummary(db: Db, fieldId: string, from: Date, to: Date, mid: Date) {
  return rowsOf(
    await db.execute(sql`select ${sensorReadings.type}::text as type, count(*)::int as readings,
        avg(${sensorReadings.value})::float8 as average, min(${sensorReadings.value})::float8 as min, max(${sensorReadings.value})::float8 as max,
        (array_agg(${sensorReadings.value} order by ${sensorReadings.recordedAt} desc))[1]::float8 as latest,
        max(${sensorReadings.recordedAt}) as "latestAt",
        avg(${sensorReadings.value}) filter (where ${sensorReadings.recordedAt} < ${mid.toISOString()}::timestamptz)::float8 as "firstHalf",
        avg(${sensorReadings.value}) filter (where ${sensorReadings.recordedAt} >= ${mid.toISOString()}::timestamptz)::float8 as "secondHalf"
      from ${sensorReadings} where ${inRange(fieldId, from, to)} group by 1 order by 1`),
  ) as { type: string; readings: number; average: number; min: number; max: number; latest: number; latestAt: unknown; firstHalf: number | null; secondHalf: number | null }[];
}

/** Per reading type, the average and count of each day or week of the range (India's calendar), oldest first. */
export async function readingSeries(db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week') {
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  return rowsOf(
    await db.execute(sql`select ${sensorReadings.type}::text as type,
        to_char(date_trunc(${unit}, ${sensorReadings.recordedAt} at time zone ${ZONE}), 'YYYY-MM-DD') as bucket,
        avg(${sensorReadings.value})::float8 as average, count(*)::int as readings
      from ${sensorReadings} where ${inRange(fieldId, from, to)} group by 1, 2 order by 1, 2`),
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
