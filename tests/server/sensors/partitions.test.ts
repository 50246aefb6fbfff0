/**
 * Readings at scale (migration 0016, modules/sensors/partitions.ts): day partitions created ahead (twice at once is
 * safe) and on demand by ingest; a reading exactly at a day boundary lands in its own day; rollups equal the same
 * aggregates computed from the raw rows (randomised: several sensors and days, late and duplicate readings);
 * retention drops only the partitions older than the limit while ingest runs; readings outside retention are refused
 * with a reason. PGlite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createIngestPipeline } from '../../../server/src/modules/sensors/ingestPipeline';
import {
  DAY_MS,
  dayStart,
  dropExpiredPartitions,
  keepAhead,
  listPartitions,
  partitionName,
  readingsUpkeep,
} from '../../../server/src/modules/sensors/partitions';
import { freshDatabase, liveFixture, type LiveDb } from '../live/db';
import { rng } from '../support/seededRandom';

type Agg = { sensor_id: string; type: string; bucket: string; count: number; min: number; max: number; sum: number; last_value: number; last_at: string };

for (const kind of ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  describe(`reading partitions and rollups on ${kind}`, () => {
    let d: LiveDb;
    let fx: Awaited<ReturnType<typeof liveFixture>>;
    const NOW = Date.now();

    beforeAll(async () => {
      d = await freshDatabase(kind);
      fx = await liveFixture(d.db);
      // Registered long ago, so that readings days and months old are theirs (not before_registration).
      await d.db.execute(sql`update sensors set created_at = now() - interval '400 days'`);
    }, 60_000);
    afterAll(() => d.drop());

    const rows = async <T,>(q: ReturnType<typeof sql>) => (await d.db.execute(q)).rows as T[];

    it('keeps today and the next days ready; two processes doing it at once create each day once', async () => {
      const ahead = NOW + 20 * DAY_MS; // days no migration created
      const results = await Promise.all([keepAhead(d.db, 3, ahead), keepAhead(d.db, 3, ahead)]);
      const wanted = [0, 1, 2, 3].map((i) => dayStart(ahead) + i * DAY_MS);
      // Between them, each day was created by exactly one of the two.
      expect([...results[0], ...results[1]].sort((a, b) => a - b)).toEqual(wanted);
      const names = (await listPartitions(d.db)).map((p) => p.name);
      for (const day of wanted) expect(names).toContain(partitionName(day));
      // Each new partition has the primary key and the field/time index, like every other.
      const idx = await rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = ${partitionName(wanted[0])} order by indexdef`);
      expect(idx.map((i) => i.indexdef.replace(/^.* USING /, ''))).toEqual(['btree (field_id, recorded_at)', 'btree (sensor_id, recorded_at)']);
      expect(await keepAhead(d.db, 3, ahead)).toEqual([]);
    });

    it('creates a missing day on demand at ingest, and a reading exactly at midnight UTC belongs to its own day', async () => {
      const pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 2 } });
      try {
        const day = dayStart(NOW - 30 * DAY_MS);
        expect((await listPartitions(d.db)).map((p) => p.day)).not.toContain(day);
        const out = await pipeline.ingest(
          [
            { sensorId: fx.moisture.sensorId, type: 'moisture', value: 31, timestamp: new Date(day).toISOString() },
            { sensorId: fx.moisture.sensorId, type: 'moisture', value: 32, timestamp: new Date(day - 1).toISOString() },
            { sensorId: fx.moisture.sensorId, type: 'moisture', value: 33, timestamp: new Date(day + DAY_MS - 1).toISOString() },
          ],
          {},
          'reject',
        );
        expect(out).toEqual({ accepted: 3, rejected: [] });
        const where = await rows<{ part: string; value: number }>(
          sql`select tableoid::regclass::text as part, value from sensor_readings where sensor_id = ${fx.moisture.id}::uuid order by recorded_at`,
        );
        expect(where).toEqual([
          { part: partitionName(day - DAY_MS), value: 32 },
          { part: partitionName(day), value: 31 },
          { part: partitionName(day), value: 33 },
        ]);
      } finally {
        await pipeline.close();
      }
    });

    it('refuses a reading older than the raw retention with its reason, and stores the rest', async () => {
      const pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 2 }, window: { retentionMs: 90 * DAY_MS } });
      try {
        const out = await pipeline.ingest(
          [
            { sensorId: fx.temperature.sensorId, type: 'temperature', value: 20, timestamp: new Date(NOW - 91 * DAY_MS).toISOString() },
            { sensorId: fx.temperature.sensorId, type: 'temperature', value: 21, timestamp: new Date(NOW - 89 * DAY_MS).toISOString() },
          ],
          {},
          'reject',
        );
        expect(out).toEqual({ accepted: 1, rejected: [{ index: 0, reason: 'outside_retention' }] });
        expect(pipeline.rejections.snapshot()).toMatchObject({ outside_retention: 1 });
      } finally {
        await pipeline.close();
      }
    });

    it('keeps hourly and daily rollups equal to the raw rows, with late and duplicate readings (randomised)', async () => {
      const seed = Math.floor(Math.random() * 2 ** 31);
      const rand = rng(seed);
      const [{ id: m2 }] = await rows<{ id: string }>(
        sql`insert into sensors (sensor_id, field_id, type, created_at) values (${`M2-${seed}`}, ${fx.field.id}::uuid, 'moisture', now() - interval '400 days') returning id`,
      );
      const ids = [fx.moisture.sensorId, fx.temperature.sensorId, `M2-${seed}`];
      const types = ['moisture', 'temperature', 'moisture'];
      // Fresh sensors' rollups only: clear what earlier tests wrote (raw and rollups alike).
      await d.db.execute(sql`delete from sensor_readings`);
      await d.db.execute(sql`delete from sensor_rollups_hourly`);
      await d.db.execute(sql`delete from sensor_rollups_daily`);
      const pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 2, maxBatch: 37 } });
      try {
        const sent: Array<{ sensorId: string; type: string; value: number; timestamp: string }> = [];
        // Five days back, whole seconds; in time order first, then late ones (older than what is stored) and resends.
        for (let i = 0; i < 600; i++) {
          const s = Math.floor(rand() * 3);
          const at = Math.floor((NOW - 5 * DAY_MS + (i / 600) * 5 * DAY_MS) / 1000) * 1000;
          sent.push({ sensorId: ids[s], type: types[s], value: Math.round(rand() * 600) / 10, timestamp: new Date(at).toISOString() });
        }
        for (let i = 0; i < 150; i++) {
          const s = Math.floor(rand() * 3);
          const at = Math.floor((NOW - 5 * DAY_MS + rand() * 5 * DAY_MS) / 1000) * 1000 + 500; // late, never a duplicate key
          sent.push({ sensorId: ids[s], type: types[s], value: Math.round(rand() * 600) / 10, timestamp: new Date(at).toISOString() });
        }
        // Resends of earlier readings, some with a changed value: the first stored one stays, nothing is counted twice.
        for (let i = 0; i < 100; i++) {
          const r = sent[Math.floor(rand() * sent.length)];
          sent.push({ ...r, value: rand() < 0.5 ? r.value : Math.round(rand() * 600) / 10 });
        }
        // In random-sized requests, several at once (the batcher mixes them into its own batches).
        const requests: (typeof sent)[] = [];
        for (let i = 0; i < sent.length; ) {
          const n = 1 + Math.floor(rand() * 40);
          requests.push(sent.slice(i, i + n));
          i += n;
        }
        for (let i = 0; i < requests.length; i += 4) {
          const outs = await Promise.all(requests.slice(i, i + 4).map((r) => pipeline.ingest(r, {}, 'reject')));
          for (const o of outs) expect(o.rejected).toEqual([]);
        }
        const stored = (await rows<{ n: number }>(sql`select count(*)::int as n from sensor_readings`))[0].n;
        expect(stored, `seed ${seed}`).toBe(new Set(sent.map((r) => `${r.sensorId}|${r.timestamp}`)).size);

        for (const unit of ['hour', 'day'] as const) {
          const table = sql.raw(unit === 'hour' ? 'sensor_rollups_hourly' : 'sensor_rollups_daily');
          const fromRaw = await rows<Agg>(sql`
            select sensor_id::text, type::text,
                   (date_trunc(${unit}, recorded_at at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')::text as bucket,
                   count(*)::int as count, min(value) as min, max(value) as max, round(sum(value)::numeric, 6)::float8 as sum,
                   (array_agg(value order by recorded_at desc))[1] as last_value, max(recorded_at)::text as last_at
            from sensor_readings group by 1, 2, 3 order by 1, 2, 3`);
          const rolled = await rows<Agg>(sql`
            select sensor_id::text, type::text, bucket::text, count, min, max, round(sum::numeric, 6)::float8 as sum, last_value, last_at::text
            from ${table} order by 1, 2, 3`);
          expect(rolled.length, `seed ${seed}`).toBeGreaterThan(unit === 'hour' ? 100 : 10);
          expect(rolled, `${unit} rollups, seed ${seed}`).toEqual(fromRaw);
        }
        expect((await rows<{ n: number }>(sql`select count(*)::int as n from sensor_rollups_daily where sensor_id = ${m2}::uuid`))[0].n).toBeGreaterThan(0);
      } finally {
        await pipeline.close();
      }
    });

    it('drops only the partitions whose day ended before the retention limit, by whole partitions, while ingest runs', async () => {
      const pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 2 } });
      try {
        // Readings on days 95, 92, 91, 90 and 89 before "now" (a reading per day, written straight in).
        const limit = 90;
        const days = [95, 92, 91, 90, 89].map((n) => dayStart(NOW - n * DAY_MS) + 12 * 3600_000);
        for (const at of days) {
          await keepAhead(d.db, 0, at);
          await d.db.execute(
            sql`insert into sensor_readings (sensor_id, field_id, type, value, recorded_at) values (${fx.moisture.id}::uuid, ${fx.field.id}::uuid, 'moisture', 40.05, ${new Date(at).toISOString()}::timestamptz)`,
          );
        }
        const rolledUp = async () => (await rows<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from sensor_rollups_hourly`))[0].n;
        const hourlyBefore = await rolledUp();
        // Ingest keeps going (today's readings) while the old days are dropped.
        let stop = false;
        let acked = 0;
        const ingesting = (async () => {
          for (let i = 0; !stop; i++) {
            const out = await pipeline.ingest([{ sensorId: fx.temperature.sensorId, type: 'temperature', value: 25.55, timestamp: new Date(NOW - 60_000 - i * 1000).toISOString() }], {}, 'reject');
            acked += out.accepted;
          }
        })();
        const dropped = await dropExpiredPartitions(d.db, d.kind, limit, NOW);
        stop = true;
        await ingesting;
        const floor = NOW - limit * DAY_MS;
        const expected = days.filter((at) => dayStart(at) + DAY_MS <= floor).map((at) => partitionName(dayStart(at)));
        expect(dropped).toEqual(expect.arrayContaining(expected));
        expect(dropped.every((n) => n < partitionName(dayStart(floor)))).toBe(true);
        const left = (await listPartitions(d.db)).map((p) => p.day);
        expect(Math.min(...left)).toBe(dayStart(floor));
        // The kept days' readings are all there; the dropped ones' tables are gone, not emptied.
        const kept = await rows<{ at: string }>(sql`select recorded_at::text as at from sensor_readings where sensor_id = ${fx.moisture.id}::uuid and value = 40.05`);
        expect(kept.length).toBe(days.filter((at) => dayStart(at) + DAY_MS > floor).length);
        for (const name of expected) expect((await rows(sql`select 1 from pg_class where relname = ${name}`)).length).toBe(0);
        // Rollups outlive the raw rows; everything acknowledged meanwhile is stored.
        expect(await rolledUp()).toBe(hourlyBefore + acked);
        expect(acked).toBeGreaterThan(0);
        const today = (await rows<{ n: number }>(sql`select count(*)::int as n from sensor_readings where sensor_id = ${fx.temperature.id}::uuid and value = 25.55`))[0].n;
        expect(today).toBe(acked);
      } finally {
        await pipeline.close();
      }
    });

    it('one upkeep round: next days ready, expired raw partitions and rollups gone', async () => {
      const r = await readingsUpkeep(d.db, d.kind, { daysAhead: 2, rawRetentionDays: 3, rollupRetentionDays: 4 }, NOW);
      const days = (await listPartitions(d.db)).map((p) => p.day);
      expect(Math.min(...days)).toBeGreaterThanOrEqual(dayStart(NOW - 3 * DAY_MS));
      expect(days).toContain(dayStart(NOW) + 2 * DAY_MS);
      expect(r.dropped.length).toBeGreaterThan(0);
      const oldest = await rows<{ b: string | null }>(sql`select min(bucket)::text as b from sensor_rollups_hourly`);
      expect(new Date(oldest[0].b!).getTime()).toBeGreaterThanOrEqual(NOW - 4 * DAY_MS);
    });
  });
}
