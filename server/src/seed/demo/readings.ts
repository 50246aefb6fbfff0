/** 30 days of half-hourly moisture and temperature readings per field, as columns written in a few array inserts. */
import { sql } from 'drizzle-orm';
import { dayStart, ensurePartitions } from '../../modules/sensors/partitions';
import { STEP_MS } from '../series';
import type { FieldSensors } from './sensors';
import { POINTS, type DemoWorld } from './world';

export type ReadingColumns = { sensor: string[]; field: string[]; type: string[]; value: number[]; at: number[] };

export const noReadings = (): ReadingColumns => ({ sensor: [], field: [], type: [], value: [], at: [] });

/** Appends one field's series (both sensors, every step from `start`) to the columns. */
export function addReadings(
  c: ReadingColumns,
  { start }: DemoWorld,
  fieldId: string,
  sensors: FieldSensors,
  series: { moisture: number[]; temperature: number[] },
) {
  for (let i = 0; i < POINTS; i++) {
    const at = (start + i * STEP_MS) / 1000;
    c.sensor.push(sensors.moisture, sensors.temperature);
    c.field.push(fieldId, fieldId);
    c.type.push('moisture', 'temperature');
    c.value.push(series.moisture[i], series.temperature[i]);
    c.at.push(at, at);
  }
}

/** Readings as a few array inserts (unnest) rather than 115 000 VALUES rows. */
export async function writeReadings({ db }: DemoWorld, c: ReadingColumns) {
  const CHUNK = 25_000;
  // The readings table is partitioned by day: every day of the series needs its partition first.
  const days = new Set<number>();
  for (const at of c.at) days.add(dayStart(at * 1000));
  await ensurePartitions(db, days);
  const arr = (xs: (string | number)[]) => `{${xs.join(',')}}`;
  for (let i = 0; i < c.sensor.length; i += CHUNK) {
    const s = (xs: (string | number)[]) => arr(xs.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at, received_at)
      select s, f, t::sensor_type, v, to_timestamp(ts), to_timestamp(ts)
      from unnest(${s(c.sensor)}::uuid[], ${s(c.field)}::uuid[], ${s(c.type)}::text[], ${s(c.value)}::float8[], ${s(c.at)}::float8[])
        as u(s, f, t, v, ts)`);
  }
}
