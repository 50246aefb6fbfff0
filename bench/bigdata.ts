/**
 * `npm run bench -- bigdata --rows 10000000`: does a screen's cost stay flat as the readings grow? On a throwaway
 * PostgreSQL database, `--rows` readings (a comma list runs each size on its own database: `--rows 1000000,10000000`;
 * 100,000,000 is supported, it only takes long) are generated straight into the partitioned table with SQL over
 * 32 days: the measured field gets the same history at every size (each of its 2 sensors every minute), the other
 * `--fields` (1,000) fields share the rest. For speed the rollup trigger is disabled during the load and the hourly and
 * daily rollups are then built with one INSERT … SELECT … GROUP BY each: the same aggregates the trigger keeps (count,
 * min, max, sum, the value at the latest time), which tests/server/sensors/partitions.test.ts checks against raw rows.
 * Then GET /sensor-data/24h, the 7-day timeline and the 30-day field analytics, `--connections` (50) each for
 * `--seconds` (10), autocannon on its own worker thread: p50/p99 against the targets 20 / 50 / 100 ms; and bytes
 * per reading of the raw partitions (table + indexes) and of the rollups.
 * PostgreSQL at BENCH_DATABASE_URL (database named BENCH_DB_PREFIX…); port BENCH_PORT (3362).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { DAY_MS, dayStart, ensurePartitions } from '../server/src/modules/sensors/partitions';
import { benchApp } from './app';
import { benchDatabase, fmt, option, seedWorld, type BenchDb, type World } from './support';

const DAYS = 32;
const TARGET_STEP_S = 60;
const PORT = Number(process.env.BENCH_PORT ?? 3362);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

function sizes() {
  const i = process.argv.indexOf('--rows');
  const raw = i >= 0 ? process.argv[i + 1] : '1000000';
  return raw.split(',').map((s) => Math.round(Number(s.replace(/_/g, ''))));
}

const ROLLUP = (table: string, unit: 'hour' | 'day') => `
  insert into ${table} (field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
  select field_id, date_trunc('${unit}', recorded_at at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata', type, sensor_id,
         count(*), min(value), max(value), sum(value), (array_agg(value order by recorded_at desc))[1], max(recorded_at)
  from sensor_readings group by 1, 2, 3, 4`;

/** Raw readings by SQL, then the rollups in one pass each; returns the row count and how long it took. */
async function generate(d: BenchDb, world: World, rows: number) {
  const now = Date.now();
  await ensurePartitions(d.db, Array.from({ length: DAYS + 2 }, (_, k) => dayStart(now) - (DAYS - 1) * DAY_MS + k * DAY_MS));
  const c = new pg.Client({ connectionString: d.url });
  await c.connect();
  const t0 = performance.now();
  try {
    await c.query('set synchronous_commit = off');
    await c.query('alter table sensor_readings disable trigger sensor_readings_rollup');
    const target = world.fields[0];
    const perTarget = Math.floor(((DAYS - 1) * 86_400) / TARGET_STEP_S);
    const others = world.fields.slice(1).flatMap((f) => f.sensors.map((s) => ({ ...s, fieldId: f.id })));
    const perOther = Math.max(1, Math.ceil(Math.max(0, rows - target.sensors.length * perTarget) / others.length));
    const step = ((DAYS - 1) * 86_400) / perOther;
    const insert = (list: Array<{ id: string; fieldId: string; type: string }>, n: number, stepS: number, from: number, to: number) =>
      c.query(
        `insert into sensor_readings (sensor_id, field_id, type, value, recorded_at, received_at)
         select s.sensor_id, s.field_id, s.type, round((case when s.type = 'moisture' then 20 + random() * 35 else 18 + random() * 17 end)::numeric, 2)::float8,
                to_timestamp($1::float8 - g * $2::float8), to_timestamp($1::float8 - g * $2::float8)
         from unnest($3::uuid[], $4::uuid[], $5::sensor_type[]) as s(sensor_id, field_id, type), generate_series($6::int, $7::int) g`,
        [now / 1000, stepS, list.map((s) => s.id), list.map((s) => s.fieldId), list.map((s) => s.type), from, Math.min(n, to) - 1],
      );
    await insert(target.sensors.map((s) => ({ ...s, fieldId: target.id })), perTarget, TARGET_STEP_S, 0, perTarget);
    // Statements of ~1M rows: sensors in chunks, each chunk's series in slices.
    const chunk = Math.max(1, Math.min(others.length, Math.floor(1_000_000 / perOther)));
    const slice = Math.max(1, Math.floor(1_000_000 / chunk));
    for (let i = 0; i < others.length; i += chunk) {
      for (let from = 0; from < perOther; from += slice) await insert(others.slice(i, i + chunk), perOther, step, from, from + slice);
      process.stdout.write(`\r  readings: sensors ${Math.min(i + chunk, others.length)} / ${others.length}`);
    }
    process.stdout.write('\n');
    const loaded = performance.now();
    await c.query(ROLLUP('sensor_rollups_hourly', 'hour'));
    await c.query(ROLLUP('sensor_rollups_daily', 'day'));
    await c.query('vacuum analyze');
    const total = Number((await c.query('select count(*)::float8 as n from sensor_readings')).rows[0].n);
    return { total, loadSeconds: (loaded - t0) / 1000, rollupSeconds: (performance.now() - loaded) / 1000 };
  } finally {
    await c.query('alter table sensor_readings enable always trigger sensor_readings_rollup');
    await c.end();
  }
}

async function storage(d: BenchDb) {
  const c = new pg.Client({ connectionString: d.url });
  await c.connect();
  try {
    return (
      await c.query<{ n: number; raw: number; hourly: number; hours: number; daily: number; days: number }>(`
        select (select count(*) from sensor_readings)::float8 as n,
               (select sum(pg_total_relation_size(i.inhrelid)) from pg_inherits i where i.inhparent = 'sensor_readings'::regclass)::float8 as raw,
               pg_total_relation_size('sensor_rollups_hourly')::float8 as hourly, (select count(*) from sensor_rollups_hourly)::float8 as hours,
               pg_total_relation_size('sensor_rollups_daily')::float8 as daily, (select count(*) from sensor_rollups_daily)::float8 as days`)
    ).rows[0];
  } finally {
    await c.end();
  }
}

async function hammer(url: string, token: string, connections: number, seconds: number) {
  const r = await autocannon({ url, connections, workers: 1, duration: seconds, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, bad: r.non2xx + r.errors };
}

export async function benchBigdata(): Promise<string[]> {
  const fieldCount = option('fields', 1000);
  const connections = option('connections', 50);
  const seconds = option('seconds', 10);
  const out = [
    '## bigdata: the reading screens over a growing table (PostgreSQL)',
    '',
    `Measured field: 2 sensors every minute for ${DAYS - 1} days at every size; ${fmt(fieldCount - 1)} other fields share the rest. ${connections} connections, ${seconds} s per call, autocannon on a worker thread.`,
    '',
    '| readings | load s (raw + rollups) | call | target p99 ms | p50 ms | p99 ms | req/s | non-2xx | load average |',
    '|---:|---|---|---:|---:|---:|---:|---:|---|',
  ];
  const storageRows: string[] = [];
  for (const rows of sizes()) {
    const d = await benchDatabase('postgres');
    try {
      const world = await seedWorld(d.db, fieldCount);
      console.log(`bigdata: generating ${fmt(rows)} readings…`);
      const g = await generate(d, world, rows);
      // Shedding off: this measures latency, not the overload guard (bench/overload.ts).
      const bench = await benchApp(d, world, PORT, { overloadMaxEventLoopDelayMs: 0 });
      try {
        const coordinator = await bench.login(world.coordinatorEmail);
        const f = world.fields[0].id;
        const calls: Array<[string, string, string, number]> = [
          ['GET /sensor-data/24h', `/api/v1/sensor-data/24h?fieldId=${f}`, bench.farmerToken, 20],
          ['7-day timeline `GET /fields/:id/sensor-data?days=7`', `/api/v1/fields/${f}/sensor-data?days=7`, bench.farmerToken, 50],
          ['30-day analytics `GET /advanced-analytics?range=30d`', `/api/v1/advanced-analytics?fieldId=${f}&range=30d`, coordinator, 100],
        ];
        for (const [label, path, token, target] of calls) {
          const la = load();
          const r = await hammer(`${bench.url}${path}`, token, connections, seconds);
          out.push(`| ${fmt(g.total)} | ${fmt(g.loadSeconds)} + ${fmt(g.rollupSeconds)} | ${label} | ${target} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.rps)} | ${r.bad} | ${la} |`);
          console.log(out.at(-1));
        }
      } finally {
        await bench.close();
      }
      const s = await storage(d);
      storageRows.push(`| ${fmt(s.n)} | ${fmt(s.raw / s.n, 1)} | ${fmt(s.hourly / s.n, 1)} (${fmt(s.hours)} rows, ${fmt(s.hourly / s.hours)} bytes/row) | ${fmt(s.daily / s.n, 2)} (${fmt(s.days)} rows) |`);
    } finally {
      await d.drop();
    }
  }
  out.push('', 'Storage (pg_total_relation_size: table + indexes, / readings):', '', '| readings | raw bytes/reading | hourly rollups bytes/reading | daily rollups bytes/reading |', '|---:|---:|---|---|', ...storageRows);
  return out;
}
