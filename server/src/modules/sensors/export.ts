/**
 * A field's readings as CSV, streamed: the part of the range within raw retention from sensor_readings, the older part
 * from the hourly rollups. Both are read in pages of EXPORT_PAGE rows by keyset (the last row's exact key, as text, is
 * where the next page starts; each page is one short query on the (field_id, time) index), so memory stays one page whatever the range,
 * and no transaction is held open: PGlite's one connection keeps serving everyone else between pages.
 *
 * Columns: timestamp (ISO, UTC), sensor_id (the device's code), type, value (the reading; for an hour its mean),
 * count, min, max (empty for a raw reading), resolution (`raw` or `hour`). Rows are in time order, so a client shows
 * progress as (timestamp − from) / (to − from).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const EXPORT_PAGE = 2000;
export const CSV_HEADER = 'timestamp,sensor_id,type,value,count,min,max,resolution\n';

type RawRow = { at: Date | string; k: string; sid: string; code: string | null; type: string; value: number };
type HourRow = RawRow & { count: number; min: number; max: number };

const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();
/** A sensor code is text a person typed: quote it when it holds a comma, quote or line break; neutralise spreadsheet formulas. */
function cell(s: string) {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const HOUR = 3_600_000;
/** India's hours (the rollups' buckets) start at :30 UTC. */
const IST_HOUR_OFFSET = 1_800_000;
/**
 * Where the hourly part ends and the raw part starts: the first rollup hour that starts at or after the raw floor, so
 * the hours before it are whole (and all raw readings after it are still kept) and no reading is in both parts.
 */
export const exportSplit = (rawFloor: Date) => new Date(Math.ceil((rawFloor.getTime() - IST_HOUR_OFFSET) / HOUR) * HOUR + IST_HOUR_OFFSET);

/** CSV text of one field's readings in [from, to), page by page (the header first): hours that start in the range before the split, raw rows after it. */
export async function* readingsCsv(db: Db, fieldId: string, from: Date, to: Date, rawFloor: Date): AsyncGenerator<string> {
  yield CSV_HEADER;
  const split = new Date(Math.min(Math.max(from.getTime(), exportSplit(rawFloor).getTime()), to.getTime()));
  // Hours before the raw floor: hourly rollups whose hour starts in [from, split).
  if (from < split) {
    let after: { at: string; type: string; sid: string } | null = null;
    for (;;) {
      const res = await db.execute<HourRow>(sql`
        select h.bucket as at, h.bucket::text as k, h.sensor_id::text as sid, s.sensor_id as code, h.type::text as type,
               h.sum / h.count as value, h.count, h.min, h.max
        from sensor_rollups_hourly h left join sensors s on s.id = h.sensor_id
        where h.field_id = ${fieldId}::uuid and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${split.toISOString()}::timestamptz
          ${after ? sql`and h.bucket >= ${after.at}::timestamptz and (h.bucket, h.type::text, h.sensor_id::text) > (${after.at}::timestamptz, ${after.type}, ${after.sid})` : sql``}
        order by h.bucket, h.type::text, h.sensor_id::text
        limit ${EXPORT_PAGE}`);
      const rows = res.rows as HourRow[];
      if (rows.length === 0) break;
      yield rows.map((r) => `${iso(r.at)},${cell(r.code ?? r.sid)},${r.type},${Number(r.value)},${r.count},${r.min},${r.max},hour\n`).join('');
      const last = rows[rows.length - 1];
      after = { at: last.k, type: last.type, sid: last.sid };
      if (rows.length < EXPORT_PAGE) break;
    }
  }
  if (split < to) {
    let after: { at: string; sid: string } | null = null;
    for (;;) {
      const res = await db.execute<RawRow>(sql`
        select r.recorded_at as at, r.recorded_at::text as k, r.sensor_id::text as sid, s.sensor_id as code, r.type::text as type, r.value
        from sensor_readings r left join sensors s on s.id = r.sensor_id
        where r.field_id = ${fieldId}::uuid and r.recorded_at >= ${split.toISOString()}::timestamptz and r.recorded_at < ${to.toISOString()}::timestamptz
          ${after ? sql`and r.recorded_at >= ${after.at}::timestamptz and (r.recorded_at, r.sensor_id::text) > (${after.at}::timestamptz, ${after.sid})` : sql``}
        order by r.recorded_at, r.sensor_id::text
        limit ${EXPORT_PAGE}`);
      const rows = res.rows as RawRow[];
      if (rows.length === 0) break;
      yield rows.map((r) => `${iso(r.at)},${cell(r.code ?? r.sid)},${r.type},${Number(r.value)},,,,raw\n`).join('');
      const last = rows[rows.length - 1];
      after = { at: last.k, sid: last.sid };
      if (rows.length < EXPORT_PAGE) break;
    }
  }
}
