/** SQL for Advanced Analytics: one field's readings over a range, its crop history, money and recent recommendations. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, cropHistory, fieldFinancials, sensorRollupsDaily, sensorRollupsHourly } from '../../db/schema';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));
/** Days and weeks are counted in India's time zone, where the fields are. */
const ZONE = 'Asia/Kolkata';

const Z = sql.raw(`'${ZONE}'`);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The rollups of one field for every hour that overlaps [from, to] (the range is read at hour granularity, no raw
 * rows, whatever its length): each whole India day of the range as its one daily row, the hours of the partly covered
 * days at both ends as hourly rows, and the hours of the day holding `mid` too when `mid` splits that day's hours
 * (so that `bucket < mid` still puts every row wholly on one side). Each hour is counted exactly once; a daily row is
 * the sum of its day's hourly rows (the same trigger keeps both), so every aggregate is that of the hourly rows alone,
 * from ~30 daily rows and at most 3 days of hours per sensor instead of every hour.
 */
function rollupsIn(fieldId: string, from: Date, to: Date, mid?: Date) {
  // First whole day: the first midnight at or after the hour holding `from`; end of the whole days: the last
  // midnight at or before the end of the hour holding `to` (India's midnights, like the daily rollups' buckets).
  const firstDay = sql`(date_trunc('day', date_trunc('hour', ${at(from)} at time zone ${Z}) + interval '23 hours') at time zone ${Z})`;
  const endDays = sql`(date_trunc('day', date_trunc('hour', ${at(to)} at time zone ${Z}) + interval '1 hour') at time zone ${Z})`;
  const m = at(mid ?? from);
  const midDay = sql`(date_trunc('day', ${m} at time zone ${Z}) at time zone ${Z})`;
  const midDayEnd = sql`((date_trunc('day', ${m} at time zone ${Z}) + interval '1 day') at time zone ${Z})`;
  // Does `mid` fall between two of that day's hour starts (some hours before it, some at or after it)?
  const midSplits = mid ? sql`(${midDay} < ${m} and ${midDayEnd} - interval '1 hour' >= ${m})` : sql`false`;
  const cols = sql.raw('type, bucket, count, sum, min, max, last_value, last_at');
  const inRange = sql`field_id = ${fieldId}::uuid and bucket > ${at(from)} - interval '1 hour' and bucket <= ${at(to)}`;
  return sql`(select ${cols} from ${sensorRollupsDaily}
      where field_id = ${fieldId}::uuid and bucket >= ${firstDay} and bucket < ${endDays} and not (bucket = ${midDay} and ${midSplits})
    union all select ${cols} from ${sensorRollupsHourly} where ${inRange} and bucket < ${firstDay}
    union all select ${cols} from ${sensorRollupsHourly} where ${inRange} and bucket >= greatest(${endDays}, ${firstDay})
    union all select ${cols} from ${sensorRollupsHourly}
      where ${midSplits} and field_id = ${fieldId}::uuid and bucket >= greatest(${midDay}, ${firstDay}) and bucket < least(${midDayEnd}, ${endDays}))`;
}

/**
 * Per reading type in the range: count, average, min, max, the latest value and time, and the averages before and
 * after `mid`, from the rollups (an hour counts on the side of `mid` where it starts).
 */
export async function readingSummary(db: Db, fieldId: string, from: Date, to: Date, mid: Date) {
  const before = sql`bucket < ${at(mid)}`;
  return rowsOf(
    await db.execute(sql`select type::text as type, sum(count)::int as readings,
        (sum(sum) / sum(count))::float8 as average, min(min)::float8 as min, max(max)::float8 as max,
        (array_agg(last_value order by last_at desc))[1]::float8 as latest,
        max(last_at) as "latestAt",
        (sum(sum) filter (where ${before}) / nullif(sum(count) filter (where ${before}), 0))::float8 as "firstHalf",
        (sum(sum) filter (where not ${before}) / nullif(sum(count) filter (where not ${before}), 0))::float8 as "secondHalf"
      from ${rollupsIn(fieldId, from, to, mid)} r group by 1 order by 1`),
  ) as { type: string; readings: number; average: number; min: number; max: number; latest: number; latestAt: unknown; firstHalf: number | null; secondHalf: number | null }[];
}

/** Per reading type, the average and count of each day or week of the range (India's calendar), oldest first, from the rollups. */
export async function readingSeries(db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week') {
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  return rowsOf(
    await db.execute(sql`select type::text as type,
        to_char(date_trunc(${unit}, bucket at time zone ${Z}), 'YYYY-MM-DD') as bucket,
        (sum(sum) / sum(count))::float8 as average, sum(count)::int as readings
      from ${rollupsIn(fieldId, from, to)} r group by 1, 2 order by 1, 2`),
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
