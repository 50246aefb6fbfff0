/**
 * Migration 0016 moves the readings a deployment already has into day partitions: every row keeps its values and
 * lands in its own day's partition, and the rollups are built from them on the way.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { migratedUpToBefore } from '../support/migrationSteps';

const PARTITIONS = '0016_readings_partitions_rollups';
let db: Awaited<ReturnType<typeof migratedUpToBefore>>;
let pg: PGlite;

beforeAll(async () => {
  db = await migratedUpToBefore(PARTITIONS);
  pg = db.pg;
}, 60_000);
afterAll(() => db?.close());

it('moves existing readings into day partitions and builds their rollups', async () => {
  const s = '00000000-0000-4000-8000-0000000000a1';
  const f = '00000000-0000-4000-9000-0000000000f1';
  // 2024-03-01 23:59:59.999 UTC, 2024-03-02 00:00 UTC (a boundary), two in one hour of 2024-03-02, and one 10 days ago.
  await pg.exec(`
    insert into sensor_readings (sensor_id, field_id, type, value, recorded_at) values
      ('${s}', '${f}', 'moisture', 10, '2024-03-01T23:59:59.999Z'),
      ('${s}', '${f}', 'moisture', 20, '2024-03-02T00:00:00Z'),
      ('${s}', '${f}', 'moisture', 30, '2024-03-02T00:10:00Z'),
      ('${s}', '${f}', 'moisture', 40, now() - interval '10 days');`);
  await db.migrateRest();
  const rows = (await pg.query<{ part: string; value: number }>('select tableoid::regclass::text as part, value from sensor_readings order by recorded_at')).rows;
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  expect(rows).toEqual([
    { part: 'sensor_readings_p20240301', value: 10 },
    { part: 'sensor_readings_p20240302', value: 20 },
    { part: 'sensor_readings_p20240302', value: 30 },
    { part: `sensor_readings_p${tenDaysAgo}`, value: 40 },
  ]);
  expect((await pg.query(`select 1 from pg_class where relname = 'sensor_readings_unpartitioned'`)).rows).toEqual([]);
  expect((await pg.query<{ k: string }>(`select relkind as k from pg_class where relname = 'sensor_readings'`)).rows).toEqual([{ k: 'p' }]);
  // 23:59:59.999, 00:00 and 00:10 UTC are 05:29, 05:30 and 05:40 in India: one Indian hour, one Indian day.
  const hourly = (await pg.query<{ bucket: string; count: number; sum: number; last_value: number }>(
    `select to_char(bucket at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') as bucket, count, sum, last_value from sensor_rollups_hourly where bucket < '2025-01-01' order by bucket`,
  )).rows;
  expect(hourly).toEqual([
    { bucket: '2024-03-02 05:00', count: 3, sum: 60, last_value: 30 },
  ]);
  const daily = (await pg.query<{ count: number }>(`select count from sensor_rollups_daily where bucket < '2025-01-01'`)).rows;
  expect(daily).toEqual([{ count: 3 }]);
});
