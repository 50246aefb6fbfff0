/**
 * Advanced Analytics reads whole India days from the daily rollups and only the partly covered days (the two ends of
 * the range, and the day `mid` splits) from the hourly ones. It must give exactly the answers of the previous reads,
 * which summed the hourly rollups of every hour of the range: kept here as the oracle and compared on random ranges
 * (30 days, 7 days, a year, a few hours; starting and ending mid-day, on the hour and at India's midnight) over
 * randomised readings of several sensors and days, with late and duplicate readings. Values are multiples of 1/8, so
 * every sum is exact whatever the order of addition (with other values a sum can differ in its last bit, see
 * docs/live-data.md). PGlite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/src/db/client';
import { readingTrends } from '../../../server/src/modules/advancedAnalytics/repository';
import { ensurePartitions } from '../../../server/src/modules/sensors/partitions';
import { freshDatabase, liveFixture, type LiveDb } from '../live/db';
import { rng } from '../support/seededRandom';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** India is UTC+05:30 all year: its midnight is 18:30 UTC. */
const IST = 5.5 * HOUR;
const rowsOf = async (db: Db, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as Record<string, unknown>[];

// ---- The oracle: the previous reads, every hourly rollup of the range (server/src/modules/advancedAnalytics before the change).
const hoursIn = (fieldId: string, from: Date, to: Date) =>
  sql`field_id = ${fieldId}::uuid and bucket > ${from.toISOString()}::timestamptz - interval '1 hour' and bucket <= ${to.toISOString()}::timestamptz`;
const oldSummary = (db: Db, fieldId: string, from: Date, to: Date, mid: Date) => {
  const before = sql`bucket < ${mid.toISOString()}::timestamptz`;
  return rowsOf(
    db,
    sql`select type::text as type, sum(count)::int as readings,
        (sum(sum) / sum(count))::float8 as average, min(min)::float8 as min, max(max)::float8 as max,
        (array_agg(last_value order by last_at desc))[1]::float8 as latest,
        max(last_at) as "latestAt",
        (sum(sum) filter (where ${before}) / nullif(sum(count) filter (where ${before}), 0))::float8 as "firstHalf",
        (sum(sum) filter (where not ${before}) / nullif(sum(count) filter (where not ${before}), 0))::float8 as "secondHalf"
      from sensor_rollups_hourly where ${hoursIn(fieldId, from, to)} group by 1 order by 1`,
  );
};
const oldSeries = (db: Db, fieldId: string, from: Date, to: Date, bucket: 'day' | 'week') =>
  rowsOf(
    db,
    sql`select type::text as type,
        to_char(date_trunc(${sql.raw(`'${bucket}'`)}, bucket at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as bucket,
        (sum(sum) / sum(count))::float8 as average, sum(count)::int as readings
      from sensor_rollups_hourly where ${hoursIn(fieldId, from, to)} group by 1, 2 order by 1, 2`,
  );

for (const kind of ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  describe(`analytics from daily and hourly rollups on ${kind}`, () => {
    let d: LiveDb;
    let field: string;
    let other: string;
    const seed = Math.floor(Math.random() * 2 ** 31);
    const rand = rng(seed);
    // Whole minutes, so that a range can start and end exactly on an hour or at midnight.
    const NOW = Math.floor(Date.now() / 60_000) * 60_000;

    beforeAll(async () => {
      d = await freshDatabase(kind);
      const fx = await liveFixture(d.db);
      const fx2 = await liveFixture(d.db);
      field = fx.field.id;
      other = fx2.field.id;
      const [m2] = await rowsOf(d.db, sql`insert into sensors (sensor_id, field_id, type) values (${`M2-${seed}`}, ${field}::uuid, 'moisture') returning id`);
      // Two moisture sensors and a temperature sensor on the field; another field's sensor that must never count.
      const sensors = [
        { id: fx.moisture.id, type: 'moisture', field },
        { id: String(m2.id), type: 'moisture', field },
        { id: fx.temperature.id, type: 'temperature', field },
        { id: fx2.moisture.id, type: 'moisture', field: other },
      ];
      type Reading = { sensor: number; at: number; value: number };
      const value = () => Math.round(rand() * 800) / 8 - 20;
      // A sensor's readings are a whole number of seconds plus its own milliseconds: two sensors of one type never
      // share a time, so "the latest value" has one answer (the oracle does not break such ties either).
      const at = (sensor: number, t: number) => Math.floor(t / 1000) * 1000 + sensor;
      const inOrder: Reading[] = [];
      // A few over the last year (for the year's weeks), most over the last 40 days; in time order.
      for (let i = 0; i < 4000; i++) {
        const sensor = Math.floor(rand() * sensors.length);
        const t = i < 400 ? NOW - 400 * DAY + (i / 400) * 360 * DAY : NOW - 40 * DAY + ((i - 400) / 3600) * 40 * DAY;
        inOrder.push({ sensor, at: at(sensor, t), value: value() });
      }
      // Late ones (older than what is already stored) and resends (same sensor and time, perhaps another value: the first stays).
      const late: Reading[] = [];
      for (let i = 0; i < 500; i++) {
        const sensor = Math.floor(rand() * sensors.length);
        late.push({ sensor, at: at(sensor, NOW - 40 * DAY + rand() * 40 * DAY) + 500, value: value() });
      }
      const resent = Array.from({ length: 300 }, () => ({ ...inOrder[Math.floor(rand() * inOrder.length)], value: value() }));
      const all = [...inOrder, ...late, ...resent];
      await ensurePartitions(d.db, all.map((r) => r.at));
      // In random-sized statements (the rollup trigger runs per statement, so late rows update stored buckets).
      for (const batch of [inOrder, late, resent]) {
        for (let i = 0; i < batch.length; ) {
          const n = 1 + Math.floor(rand() * 120);
          const part = batch.slice(i, i + n);
          i += n;
          const values = sql.join(
            part.map((r) => sql`(${sensors[r.sensor].id}::uuid, ${sensors[r.sensor].field}::uuid, ${sensors[r.sensor].type}::sensor_type, ${r.value}, ${new Date(r.at).toISOString()}::timestamptz)`),
            sql`, `,
          );
          await d.db.execute(sql`insert into sensor_readings (sensor_id, field_id, type, value, recorded_at) values ${values} on conflict do nothing`);
        }
      }
    }, 120_000);
    afterAll(() => d.drop());

    /** Random ranges of every kind the screen asks for and more, with their own mids. */
    function ranges(): Array<{ from: Date; to: Date; name: string }> {
      const istMidnight = (t: number) => Math.floor((t + IST) / DAY) * DAY - IST;
      const out: Array<{ from: Date; to: Date; name: string }> = [];
      const lengths: Array<[string, number]> = [['30d', 30 * DAY], ['7d', 7 * DAY], ['90d', 90 * DAY], ['1y', 365 * DAY], ['5h', 5 * HOUR], ['1d', DAY]];
      for (const [name, len] of lengths) {
        for (let i = 0; i < 6; i++) {
          let to = NOW - Math.floor(rand() * 10 * DAY / 60_000) * 60_000;
          // Ends mid-hour, on the hour, or at India's midnight (and then the range may start at one too).
          if (i === 1) to = Math.floor(to / HOUR) * HOUR + 30 * 60_000;
          if (i === 2) to = istMidnight(to);
          if (i === 3) to = istMidnight(to) - 1;
          out.push({ from: new Date(to - len), to: new Date(to), name: `${name} #${i}` });
        }
        // The live call: now minus the range.
        out.push({ from: new Date(NOW - len), to: new Date(NOW), name: `${name} now` });
      }
      // A range whose middle falls exactly on an India midnight, and exactly on an hour start.
      const m = istMidnight(NOW - 15 * DAY);
      out.push({ from: new Date(m - 15 * DAY - 17 * 60_000), to: new Date(m + 15 * DAY + 17 * 60_000), name: 'mid at midnight' });
      out.push({ from: new Date(m - 15 * DAY - 5 * HOUR), to: new Date(m + 15 * DAY + 7 * HOUR), name: 'mid on an hour' });
      return out;
    }

    it('gives exactly the previous summary and series, in one statement, over random ranges (randomised)', async () => {
      const cases = ranges();
      let nonEmpty = 0;
      for (const { from, to, name } of cases) {
        const mid = new Date((from.getTime() + to.getTime()) / 2);
        const label = `${name} ${from.toISOString()} → ${to.toISOString()}, seed ${seed}`;
        const was = await oldSummary(d.db, field, from, to, mid);
        // One statement gives both (summary and series); each part must be the old read's answer.
        for (const bucket of ['day', 'week'] as const) {
          const now = await readingTrends(d.db, field, from, to, mid, bucket);
          expect(now.summary, `${label}, ${bucket}`).toEqual(was);
          expect(now.series, `${label}, ${bucket}`).toEqual(await oldSeries(d.db, field, from, to, bucket));
        }
        if (was.length === 2) nonEmpty++;
      }
      // The ranges did meet the readings (both types), so the comparisons above are not of nothing.
      expect(nonEmpty, `seed ${seed}`).toBeGreaterThan(cases.length / 2);
    });

    it('uses whole days from the daily rollups: a day changed only there shows in the new read', async () => {
      // Not a state the trigger ever leaves: it proves the new read takes a whole day from the daily row (and the
      // hourly rows only for partial days), so the comparison above really compared two different reads.
      const to = new Date(NOW);
      const from = new Date(NOW - 30 * DAY);
      const mid = new Date((from.getTime() + to.getTime()) / 2);
      const [day] = await rowsOf(
        d.db,
        sql`select bucket::text as bucket from sensor_rollups_daily where field_id = ${field}::uuid and type = 'temperature'
            and bucket >= ${new Date(NOW - 25 * DAY).toISOString()}::timestamptz and bucket < ${new Date(NOW - 20 * DAY).toISOString()}::timestamptz order by bucket limit 1`,
      );
      expect(day, `seed ${seed}`).toBeDefined();
      await d.db.execute(sql`update sensor_rollups_daily set count = count + 1000 where field_id = ${field}::uuid and type = 'temperature' and bucket = ${day.bucket as string}::timestamptz`);
      const now = (await readingTrends(d.db, field, from, to, mid, 'day')).summary.find((s) => s.type === 'temperature');
      const was = (await oldSummary(d.db, field, from, to, mid)).find((s) => s.type === 'temperature');
      expect(now!.readings - Number(was!.readings)).toBe(1000);
      await d.db.execute(sql`update sensor_rollups_daily set count = count - 1000 where field_id = ${field}::uuid and type = 'temperature' and bucket = ${day.bucket as string}::timestamptz`);
    });
  });
}
