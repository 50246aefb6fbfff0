/** SQL for Advanced Analytics: one field's readings over a range (one statement), its row with crop history, money and recent recommendations (another). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, cropHistory, fieldFinancials, fields, sensorRollupsDaily, sensorRollupsHourly } from '../../db/schema';

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

type SummaryRow = { type: string; readings: number; average: number; min: number; max: number; latest: number; latestAt: unknown; firstHalf: number | null; secondHalf: number | null };
type SeriesRow = { type: string; bucket: string; average: number; readings: number };

/**
 * Per reading type in the range: count, average, min, max, the latest value and time, and the averages before and
 * after `mid`, from the rollups (an hour counts on the side of `mid` where it starts).
 */
const summarySql = (fieldId: string, from: Date, to: Date, mid: Date) => {
  const before = sql`bucket < ${at(mid)}`;
  return sql`select 's' as part, type::text as type, null::text as bucket, sum(count)::int as readings,
        (sum(sum) / sum(count))::float8 as average, min(min)::float8 as min, max(max)::float8 as max,
        (array_agg(last_value order by last_at desc))[1]::float8 as latest,
        max(last_at) as "latestAt",
        (sum(sum) filter (where ${before}) / nullif(sum(count) filter (where ${before}), 0))::float8 as "firstHalf",
        (sum(sum) filter (where not ${before}) / nullif(sum(count) filter (where not ${before}), 0))::float8 as "secondHalf"
      from ${rollupsIn(fieldId, from, to, mid)} r group by 2`;
};

/** Per reading type, the average and count of each day or week of the range (India's calendar), from the rollups. */
const seriesSql = (fieldId: string, from: Date, to: Date, bucket: 'day' | 'week') => {
  const unit = bucket === 'day' ? sql.raw(`'day'`) : sql.raw(`'week'`);
  return sql`select 'x' as part, type::text as type,
        to_char(date_trunc(${unit}, bucket at time zone ${Z}), 'YYYY-MM-DD') as bucket,
        sum(count)::int as readings, (sum(sum) / sum(count))::float8 as average,
        null::float8 as min, null::float8 as max, null::float8 as latest, null::timestamptz as "latestAt",
        null::float8 as "firstHalf", null::float8 as "secondHalf"
      from ${rollupsIn(fieldId, from, to)} r group by 2, 3`;
};

/**
 * The summary (per type) and the series (per type and day or week, oldest first) of one field over [from, to], in
 * one statement (one round trip): the two reads are those of `summarySql` and `seriesSql`, side by side.
 */
export async function readingTrends(db: Db, fieldId: string, from: Date, to: Date, mid: Date, bucket: 'day' | 'week') {
  const rows = rowsOf(
    await db.execute(sql`${summarySql(fieldId, from, to, mid)} union all ${seriesSql(fieldId, from, to, bucket)} order by 1 desc, 2, 3`),
  ) as Array<SummaryRow & SeriesRow & { part: 's' | 'x' }>;
  const summary: SummaryRow[] = [];
  const series: SeriesRow[] = [];
  for (const { part, type, bucket: b, readings, average, min, max, latest, latestAt, firstHalf, secondHalf } of rows) {
    if (part === 's') summary.push({ type, readings, average, min, max, latest, latestAt, firstHalf, secondHalf });
    else series.push({ type, bucket: b, average, readings });
  }
  return { summary, series };
}

export type FieldRecords = {
  field: typeof fields.$inferSelect;
  /** The last 5 harvests, newest first. */
  history: Array<{ crop: string; season: string | null; harvestedDate: string | null; yield: number | null; yieldUnit: string }>;
  money: { seeds: number; fertilizers: number; pesticides: number; labor: number; irrigation: number; other: number; revenueExpected: number | null; revenueActual: number | null } | null;
  /** The last 3 recommendations, newest first. */
  recommendations: Array<{ id: string; cropName: string; status: string; confidence: number; createdAt: Date }>;
};

/**
 * The field row with its last 5 harvests, its money and its last 3 recommendations, in one statement (the three
 * lists as JSON beside the row: dates come as the column's text, times as PostgreSQL's text of the timestamp, read
 * with `new Date` as drizzle reads a timestamp column). Undefined when there is no such field. Reach is the
 * caller's business (the route checks it first).
 */
export async function fieldRecords(db: Db, fieldId: string): Promise<FieldRecords | undefined> {
  // Spelled out: drizzle writes a column of the one table selected from without its table, which inside a subquery
  // would name the subquery's own column.
  const outerId = sql.raw('"fields"."id"');
  const [row] = await db
    .select({
      field: fields,
      history: sql<FieldRecords['history']>`coalesce((select json_agg(json_build_object('crop', h.crop, 'season', h.season,
          'harvestedDate', h.harvested_date, 'yield', h.yield, 'yieldUnit', h.yield_unit) order by h.harvested_date desc, h.created_at desc)
        from (select crop, season, harvested_date, yield, yield_unit, created_at from ${cropHistory} c where c.field_id = ${outerId}
          order by harvested_date desc, created_at desc limit 5) h), '[]'::json)`,
      money: sql<FieldRecords['money']>`(select json_build_object('seeds', m.seeds, 'fertilizers', m.fertilizers, 'pesticides', m.pesticides,
          'labor', m.labor, 'irrigation', m.irrigation, 'other', m.other, 'revenueExpected', m.revenue_expected, 'revenueActual', m.revenue_actual)
        from ${fieldFinancials} m where m.field_id = ${outerId})`,
      recommendations: sql<Array<Omit<FieldRecords['recommendations'][number], 'createdAt'> & { createdAt: string }>>`coalesce((select json_agg(json_build_object('id', r.id,
          'cropName', r.crop_name, 'status', r.status, 'confidence', r.confidence, 'createdAt', r.created_at::text) order by r.created_at desc)
        from (select id, crop_name, status, confidence, created_at from ${aiRecommendations} a where a.field_id = ${outerId}
          order by created_at desc limit 3) r), '[]'::json)`,
    })
    .from(fields)
    .where(eq(fields.id, fieldId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, recommendations: row.recommendations.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })) };
}
