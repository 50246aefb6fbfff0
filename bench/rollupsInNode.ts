/**
 * A measured and rejected alternative to the rollup trigger (bench/ingestStages.ts, docs/live-data.md "Ingest
 * profile"): a batch's readings summed up per sensor and India hour/day in Node and upserted with one array
 * parameter per column. It cost more (database + Node CPU) than the statement trigger with its transition table,
 * so the trigger stays; this is kept only so the benchmark can show it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import type { StoredReading } from '../server/src/domain/ingest/reading';

const HOUR_MS = 3_600_000;
/**
 * India's offset from UTC. Asia/Kolkata has been UTC+05:30 without daylight saving since 1945, and no reading
 * before 2000 (INGEST_MIN_TIMESTAMP's floor) is stored, so an hour or day bucket is plain arithmetic.
 */
const IST_OFFSET_MS = 5.5 * HOUR_MS;

/** Start of the India hour or day (as an instant, ms) that `t` falls in. */
export const istBucket = (t: number, sizeMs: number) => Math.floor((t + IST_OFFSET_MS) / sizeMs) * sizeMs - IST_OFFSET_MS;

export type Rollup = {
  fieldId: string;
  sensorUuid: string;
  type: string;
  bucket: number;
  count: number;
  min: number;
  max: number;
  sum: number;
  lastValue: number;
  lastAt: number;
};

/** The readings' aggregates per sensor, type and bucket of `sizeMs` (an hour or a day). */
export function rollupsOf(readings: readonly StoredReading[], sizeMs: number): Rollup[] {
  const groups = new Map<string, Rollup>();
  for (const r of readings) {
    const t = r.recordedAt.getTime();
    const bucket = istBucket(t, sizeMs);
    const key = `${r.sensorUuid}|${r.type}|${bucket}`;
    const g = groups.get(key);
    if (!g) {
      groups.set(key, { fieldId: r.fieldId, sensorUuid: r.sensorUuid, type: r.type, bucket, count: 1, min: r.value, max: r.value, sum: r.value, lastValue: r.value, lastAt: t });
      continue;
    }
    g.count += 1;
    if (r.value < g.min) g.min = r.value;
    if (r.value > g.max) g.max = r.value;
    g.sum += r.value;
    if (t >= g.lastAt) {
      g.lastAt = t;
      g.lastValue = r.value;
    }
  }
  return [...groups.values()];
}

const list = (values: Array<string | number>) => `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v}"`)).join(',')}}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Upserts one table's rollups; rows in key order, as the trigger does, so concurrent batches never deadlock. */
function upsert(db: Db, table: 'sensor_rollups_hourly' | 'sensor_rollups_daily', rows: Rollup[]) {
  return db.execute(sql`
    insert into ${sql.raw(table)} as r (field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
    select * from unnest(
      ${list(rows.map((g) => g.fieldId))}::uuid[], ${list(rows.map((g) => iso(g.bucket)))}::timestamptz[],
      ${list(rows.map((g) => g.type))}::sensor_type[], ${list(rows.map((g) => g.sensorUuid))}::uuid[],
      ${list(rows.map((g) => g.count))}::int[], ${list(rows.map((g) => g.min))}::float8[], ${list(rows.map((g) => g.max))}::float8[],
      ${list(rows.map((g) => g.sum))}::float8[], ${list(rows.map((g) => g.lastValue))}::float8[],
      ${list(rows.map((g) => iso(g.lastAt)))}::timestamptz[]) as v(field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
    order by field_id, bucket, type, sensor_id
    on conflict (field_id, bucket, type, sensor_id) do update set
      count = r.count + excluded.count,
      min = least(r.min, excluded.min),
      max = greatest(r.max, excluded.max),
      sum = r.sum + excluded.sum,
      last_value = case when excluded.last_at >= r.last_at then excluded.last_value else r.last_value end,
      last_at = greatest(r.last_at, excluded.last_at)`);
}

/** Adds newly stored readings (each stored once: no duplicates among them) to the hourly and daily rollups. */
export async function addToRollups(db: Db, readings: readonly StoredReading[]) {
  if (readings.length === 0) return;
  await upsert(db, 'sensor_rollups_hourly', rollupsOf(readings, HOUR_MS));
  await upsert(db, 'sensor_rollups_daily', rollupsOf(readings, 24 * HOUR_MS));
}
