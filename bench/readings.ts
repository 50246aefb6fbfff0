/**
 * `npm run bench -- readings`: what the day partitions and rollups cost (docs/live-data.md, "Partitions, rollups,
 * retention").
 * - Storage: `--rows` readings (default 300,000: 100 sensors, one every 2 minutes, ~4 days) written straight into the
 *   partitioned table (the trigger builds the rollups); bytes per reading of the raw partitions (table + indexes) and
 *   of the hourly and daily rollups.
 * - Dropping a day's partition while ingesting: the ingest pipeline takes `--rate` readings/s (default 2,000) for
 *   `--seconds` (default 12); halfway a day partition full of readings is dropped for retention (DETACH …
 *   CONCURRENTLY + DROP on PostgreSQL). Reported: ack delay p50/p99/max before, and the largest during the drop.
 * `--only pglite|postgres`; PostgreSQL at BENCH_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { createIngestPipeline } from '../server/src/modules/sensors/ingestPipeline';
import { DAY_MS, dayStart, dropExpiredPartitions, ensurePartitions } from '../server/src/modules/sensors/partitions';
import { benchDatabase, fmt, option, percentile, seedWorld, type BenchDb } from './support';

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? process.argv[i + 1] : undefined;
})();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function storage(d: BenchDb, rows: number) {
  const world = await seedWorld(d.db, 50);
  const sensors = world.fields.flatMap((f) => f.sensors.map((s) => ({ ...s, fieldId: f.id })));
  const perSensor = Math.ceil(rows / sensors.length);
  const start = dayStart(Date.now()) - 5 * DAY_MS;
  await ensurePartitions(d.db, Array.from({ length: 7 }, (_, i) => start + i * DAY_MS));
  for (let i = 0; i < sensors.length; i += 10) {
    const chunk = sensors.slice(i, i + 10);
    await d.db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at)
      select s.sensor_id, s.field_id, s.type, round((20 + random() * 30)::numeric, 2)::float8, ${new Date(start).toISOString()}::timestamptz + g * interval '2 minutes'
      from (values ${sql.join(chunk.map((c) => sql`(${c.id}::uuid, ${c.fieldId}::uuid, ${c.type}::sensor_type)`), sql`, `)}) as s(sensor_id, field_id, type),
           generate_series(0, ${perSensor - 1}) g`);
  }
  await d.db.execute(sql`vacuum analyze`);
  const [r] = (
    await d.db.execute<{ n: number; raw: number; hourly: number; hours: number; daily: number; days: number }>(sql`
      select (select count(*) from sensor_readings)::float8 as n,
             (select sum(pg_total_relation_size(i.inhrelid)) from pg_inherits i where i.inhparent = 'sensor_readings'::regclass)::float8 as raw,
             pg_total_relation_size('sensor_rollups_hourly')::float8 as hourly, (select count(*) from sensor_rollups_hourly)::float8 as hours,
             pg_total_relation_size('sensor_rollups_daily')::float8 as daily, (select count(*) from sensor_rollups_daily)::float8 as days`)
  ).rows;
  return { ...r, world, start };
}

async function dropWhileIngesting(d: BenchDb, world: Awaited<ReturnType<typeof seedWorld>>, oldestDay: number, rate: number, seconds: number) {
  // Ingest may be refused readings older than retention; the window here only checks the clock.
  const pipeline = createIngestPipeline({ db: d.db, kind: d.kind });
  await d.db.execute(sql`update sensors set created_at = now() - interval '30 days'`);
  const sensors = world.fields.flatMap((f) => f.sensors);
  const acks: Array<{ at: number; ms: number }> = [];
  let stop = false;
  let n = 0;
  const pending: Promise<unknown>[] = [];
  const load = (async () => {
    const t0 = performance.now();
    while (!stop) {
      const due = Math.floor(((performance.now() - t0) / 1000) * rate);
      while (n < due) {
        const s = sensors[n % sensors.length];
        const sent = performance.now();
        const ts = new Date(Date.now() - 1000 + (n % 1000)).toISOString();
        n++;
        pending.push(pipeline.ingest([{ sensorId: s.sensorId, type: s.type, value: 30, timestamp: ts }], {}, 'wait').then(() => acks.push({ at: sent, ms: performance.now() - sent })));
      }
      await sleep(5);
    }
  })();
  await sleep((seconds / 2) * 1000);
  const dropStart = performance.now();
  // Retention that expires exactly the oldest day.
  const days = Math.floor((Date.now() - (oldestDay + DAY_MS)) / DAY_MS);
  const dropped = await dropExpiredPartitions(d.db, d.kind, days, Date.now());
  const dropEnd = performance.now();
  await sleep((seconds / 2) * 1000);
  stop = true;
  await load;
  await Promise.all(pending);
  await pipeline.close();
  const before = acks.filter((a) => a.at < dropStart - 500).map((a) => a.ms).sort((a, b) => a - b);
  const during = acks.filter((a) => a.at >= dropStart - 500 && a.at <= dropEnd + 500).map((a) => a.ms);
  return { dropped, dropMs: dropEnd - dropStart, p50: percentile(before, 50), p99: percentile(before, 99), maxDuring: Math.max(0, ...during), acked: acks.length, sent: n };
}

export async function benchReadings(): Promise<string[]> {
  const rows = option('rows', 300_000);
  const rate = option('rate', 2000);
  const seconds = option('seconds', 12);
  const out = [
    '## readings: partitions, rollups, retention',
    '',
    `${fmt(rows)} readings (100 sensors, every 2 minutes); then ${fmt(rate)} readings/s through the ingest pipeline for ${seconds} s, a day partition dropped halfway.`,
    '',
    '| database | raw bytes/reading | hourly rollup bytes/reading (bytes/row) | daily rollup bytes/reading | drop took ms | ack p50 / p99 ms before | max ack ms during drop | acked / sent |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    const d = await benchDatabase(kind);
    try {
      const s = await storage(d, rows);
      const drop = await dropWhileIngesting(d, s.world, s.start, rate, seconds);
      out.push(
        `| ${d.label} | ${fmt(s.raw / s.n, 1)} | ${fmt(s.hourly / s.n, 1)} (${fmt(s.hourly / s.hours)}) | ${fmt(s.daily / s.n, 2)} | ${fmt(drop.dropMs)} (${drop.dropped.join(', ') || 'none'}) | ${fmt(drop.p50, 1)} / ${fmt(drop.p99, 1)} | ${fmt(drop.maxDuring, 1)} | ${fmt(drop.acked)} / ${fmt(drop.sent)} |`,
      );
    } finally {
      await d.drop();
    }
  }
  return out;
}
