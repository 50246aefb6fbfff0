/**
 * `npm run bench -- bigdata --rows 10000000`: does a screen's cost stay flat as the readings grow? On a throwaway
 * PostgreSQL database, `--rows` readings (a comma list runs each size on its own database: `--rows 1000000,10000000`;
 * 100,000,000 is supported, it only takes long) are generated straight into the partitioned table with SQL over
 * 32 days: the measured field gets the same history at every size (each of its 2 sensors every minute), the other
 * `--fields` (1,000) fields share the rest. For speed the rollup trigger is disabled during the load and the hourly and
 * daily rollups are then built with one INSERT … SELECT … GROUP BY each: the same aggregates the trigger keeps (count,
 * min, max, sum, the value at the latest time), which tests/server/sensors/partitions.test.ts checks against raw rows.
 * Then GET /sensor-data/24h, the 7-day timeline and the 30-day field analytics, `--connections` (50) each for
 * `--seconds` (10), autocannon on its own worker thread: p50/p99 against the targets 20 / 50 / 100 ms, with the CPU
 * per request of the app's main thread and of the database's backends (/proc) and the statements per request the
 * app sent; and bytes per reading of the raw partitions (table + indexes) and of the rollups (measured first, so a
 * failed latency run still reports them). The app runs with overload shedding off (event loop, latency, DB wait);
 * `--analytics-cache <s>` sets ADVANCED_ANALYTICS_CACHE_SECONDS (0: every analytics request reads).
 * PostgreSQL at BENCH_DATABASE_URL (database named BENCH_DB_PREFIX…); port BENCH_PORT (3362).
 *
 * Keeping a database to measure it later (generation is throughput and can run on a busy machine; latency wants a
 * quiet one):
 * - `--keep`: the generated database is not dropped; its URL is printed (and written in the report). The database
 *   carries a comment (COMMENT ON DATABASE) with what the measurement needs to report: when it was generated, the
 *   rows asked for and stored, the generation times and the load average then.
 * - `--reuse <url>[,<url>…]`: no seeding and no generation: each existing bigdata database is migrated (a no-op when
 *   nothing is new), its world re-read by query (the bench coordinator and farmer, `bench-c-…@t.in` /
 *   `bench-f-…@t.in`, and the farmer's fields in field-id order: the first is the measured one) and measured like a
 *   fresh one; never dropped. Its readings end at the time it was generated, so the report gives their age: the
 *   24-hour call of a database generated hours ago finds fewer rows of the measured field in its window.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { DAY_MS, dayStart, ensurePartitions } from '../server/src/modules/sensors/partitions';
import { benchApp } from './app';
import { benchDatabase, flag, fmt, option, seedWorld, withDatabaseCpu, type BenchDb, type World } from './support';

const DAYS = 32;
const TARGET_STEP_S = 60;
const PORT = Number(process.env.BENCH_PORT ?? 3362);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

function sizes() {
  const i = process.argv.indexOf('--rows');
  const raw = i >= 0 ? process.argv[i + 1] : '1000000';
  return raw.split(',').map((s) => Math.round(Number(s.replace(/_/g, ''))));
}

/** `--reuse <url>[,<url>…]`: existing databases to measure instead of generating. */
function reuseUrls(): string[] {
  const i = process.argv.indexOf('--reuse');
  if (i < 0) return [];
  const raw = process.argv[i + 1];
  if (!raw || raw.startsWith('--')) throw new Error('--reuse needs a database URL (postgres://…/g4_bigdata_…)');
  return raw.split(',').filter(Boolean);
}

/** What a kept database remembers of its generation (COMMENT ON DATABASE, JSON). */
type Generated = { bench: 'bigdata'; generatedAt: string; rowsAsked: number; total: number; loadSeconds: number; rollupSeconds: number; fieldCount: number; loadAverage: string };

const label = (rows: number) => (rows >= 1e6 && rows % 1e6 === 0 ? `${rows / 1e6}m` : String(rows));
const dbName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const writeGenerated = (url: string, g: Generated) =>
  withClient(url, (c) => c.query(`comment on database ${c.escapeIdentifier(dbName(url))} is ${c.escapeLiteral(JSON.stringify(g))}`));

async function readGenerated(url: string): Promise<Generated | null> {
  const r = await withClient(url, (c) => c.query<{ d: string | null }>(`select shobj_description(oid, 'pg_database') as d from pg_database where datname = current_database()`));
  try {
    const g = JSON.parse(r.rows[0]?.d ?? 'null') as Generated | null;
    return g?.bench === 'bigdata' ? g : null;
  } catch {
    return null;
  }
}

/** The world seedWorld made, re-read from a kept database: one bench coordinator, their farmer, the farmer's fields. */
export async function readWorld(url: string): Promise<World> {
  return withClient(url, async (c) => {
    const coordinators = (await c.query<{ id: string; email: string }>(`select id, email from users where role = 'coordinator' and email like 'bench-c-%@t.in'`)).rows;
    if (coordinators.length !== 1) throw new Error(`${dbName(url)}: expected one bench coordinator (bench-c-…@t.in), found ${coordinators.length}: not a bigdata database?`);
    const [coordinator] = coordinators;
    const farmer = (await c.query<{ id: string }>(`select id from users where role = 'farmer' and managed_by = $1 and email like 'bench-f-%@t.in'`, [coordinator.id])).rows[0];
    if (!farmer) throw new Error(`${dbName(url)}: the bench farmer is missing`);
    const fs = (await c.query<{ id: string; fieldId: string }>(`select id, field_id as "fieldId" from fields where farmer_id = $1 order by field_id`, [farmer.id])).rows;
    const ss = (await c.query<{ id: string; sensorId: string; fieldId: string; type: 'moisture' | 'temperature' }>(
      `select id, sensor_id as "sensorId", field_id as "fieldId", type from sensors where field_id = any($1::uuid[]) order by sensor_id`,
      [fs.map((f) => f.id)],
    )).rows;
    if (fs.length === 0) throw new Error(`${dbName(url)}: the bench farmer has no fields`);
    const byField = new Map<string, typeof ss>();
    for (const s of ss) byField.set(s.fieldId, [...(byField.get(s.fieldId) ?? []), s]);
    return {
      farmerId: farmer.id,
      coordinatorId: coordinator.id,
      coordinatorEmail: coordinator.email,
      fields: fs.map((f) => ({ ...f, sensors: (byField.get(f.id) ?? []).map((s) => ({ id: s.id, sensorId: s.sensorId, type: s.type })) })),
    };
  });
}

/**
 * The app's APP_SECRET in this benchmark: fixed, so that a kept database opens from any checkout (otherwise it is
 * DATA_DIR/app-secret of the checkout that first started the app on it, and the app refuses another).
 */
export const BIGDATA_APP_SECRET = 'bigdata-bench-app-secret-0123456789abcdefghijklmnop';

/**
 * An existing database as a BenchDb whose drop() only closes it: a reused database is never dropped. What app_secrets
 * holds sealed with the previous APP_SECRET (its check value and the Web Push key pair, made again on start) is
 * forgotten when the database holds no two-factor secret (a bench database never does, nor push subscriptions), so
 * the app starts with BIGDATA_APP_SECRET whichever secret started it before.
 */
export async function existingDatabase(url: string): Promise<BenchDb> {
  const d = await openDatabase({ url, poolSize: 6 });
  await d.migrate();
  await withClient(url, (c) => c.query(`delete from app_secrets where key in ('app-secret-check', 'vapid') and not exists (select 1 from two_factor)`));
  return { ...d, label: 'PostgreSQL (kept)', url, drop: () => d.close() };
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
    // The rollups' GROUP BY sorts every reading once and VACUUM walks every index: more memory, fewer temp files.
    await c.query(`set work_mem = '256MB'`);
    await c.query(`set maintenance_work_mem = '1GB'`);
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
    const stamp = (what: string) => console.log(`  ${what} ${new Date().toISOString()} (${fmt((performance.now() - t0) / 1000)} s, load average ${load()})`);
    stamp('readings loaded');
    await c.query(ROLLUP('sensor_rollups_hourly', 'hour'));
    stamp('hourly rollups built');
    await c.query(ROLLUP('sensor_rollups_daily', 'day'));
    stamp('daily rollups built');
    await c.query('vacuum analyze');
    stamp('vacuum analyze done');
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

/** Statements sent through any pg pool of this process (the app's): counted while `counting`. */
let statements = 0;
let counting = false;
const poolQuery = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  if (counting) statements++;
  return poolQuery.apply(this, args);
} as typeof pg.Pool.prototype.query;

/** CPU seconds of this process's main thread (the app's event loop; autocannon runs on a worker thread). */
const mainThreadCpu = () => {
  try {
    const f = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};

/** autocannon on one path; with the app's main-thread CPU, the database backends' CPU and the statements per request. */
async function hammer(d: BenchDb, url: string, token: string, connections: number, seconds: number) {
  const cpu0 = mainThreadCpu();
  statements = 0;
  const { result: r, dbCpuSeconds } = await withDatabaseCpu(d, async () => {
    counting = true;
    try {
      return await autocannon({ url, connections, workers: 1, duration: seconds, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    } finally {
      counting = false;
    }
  });
  const n = Math.max(1, r.requests.total);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    bad: r.non2xx + r.errors,
    appCpuMs: ((mainThreadCpu() - cpu0) * 1000) / n,
    dbCpuMs: (dbCpuSeconds * 1000) / n,
    statements: statements / n,
  };
}

type Target = { rows: number; url?: undefined } | { url: string; rows?: undefined };

export async function benchBigdata(): Promise<string[]> {
  const fieldCount = option('fields', 1000);
  const connections = option('connections', 50);
  const seconds = option('seconds', 10);
  const keep = flag('keep');
  const reuse = reuseUrls();
  const targets: Target[] = reuse.length ? reuse.map((url) => ({ url })) : sizes().map((rows) => ({ rows }));
  const out = [
    '## bigdata: the reading screens over a growing table (PostgreSQL)',
    '',
    `Measured field: 2 sensors every minute for ${DAYS - 1} days at every size; the other fields (${reuse.length ? 'as generated' : fmt(fieldCount - 1)}) share the rest. ${connections} connections, ${seconds} s per call, autocannon on a worker thread. ADVANCED_ANALYTICS_CACHE_SECONDS ${process.argv.includes('--analytics-cache') ? option('analytics-cache', 5) : 'as configured (default 5)'}. CPU per request: the app's main thread and the database's backends (/proc, 10 ms ticks); statements: those the app sent through its pool.`,
    '',
    '| readings | load s (raw + rollups) | call | target p99 ms | p50 ms | p99 ms | req/s | non-2xx | app CPU ms/req | db CPU ms/req | statements/req | load average |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const storageRows: string[] = [];
  const databases: string[] = [];
  for (const target of targets) {
    let d: BenchDb;
    let world: World;
    let g: Generated | null;
    if (target.url !== undefined) {
      d = await existingDatabase(target.url);
      world = await readWorld(target.url);
      g = await readGenerated(target.url);
      const age = g ? `generated ${g.generatedAt} (${fmt((Date.now() - Date.parse(g.generatedAt)) / 3_600_000, 1)} h ago)` : 'no generation record';
      console.log(`bigdata: reusing ${dbName(target.url)}, ${world.fields.length} fields, ${age}`);
      databases.push(`- reused \`${target.url}\`: ${age}; not dropped.`);
    } else {
      d = await benchDatabase('postgres', `bigdata_${label(target.rows)}`);
      world = await seedWorld(d.db, fieldCount);
      console.log(`bigdata: generating ${fmt(target.rows)} readings into ${d.url}…`);
      const generatedAt = new Date().toISOString();
      const la = load();
      const r = await generate(d, world, target.rows);
      g = { bench: 'bigdata', generatedAt, rowsAsked: target.rows, total: r.total, loadSeconds: r.loadSeconds, rollupSeconds: r.rollupSeconds, fieldCount, loadAverage: la };
      if (keep && d.url) {
        await writeGenerated(d.url, g);
        console.log(`bigdata: keeping ${d.url}`);
        databases.push(`- kept \`${d.url}\` (${fmt(r.total)} readings, generated ${generatedAt}): measure it again with \`--reuse ${d.url}\`.`);
      }
    }
    try {
      // Storage first: it holds whatever the latency runs below do.
      const s = await storage(d);
      storageRows.push(`| ${fmt(s.n)} | ${fmt(s.raw / s.n, 1)} | ${fmt(s.hourly / s.n, 1)} (${fmt(s.hours)} rows, ${fmt(s.hourly / s.hours)} bytes/row) | ${fmt(s.daily / s.n, 2)} (${fmt(s.days)} rows) | ${fmt((s.raw + s.hourly + s.daily) / 2 ** 30, 1)} GiB |`);
      console.log(`bigdata: storage ${storageRows.at(-1)}`);
      const gen = g ? `${fmt(g.loadSeconds)} + ${fmt(g.rollupSeconds)}` : '?';
      // Shedding off (event-loop, latency and database-wait limits): this measures latency, not the overload guard (bench/overload.ts).
      const analyticsCache = process.argv.includes('--analytics-cache') ? { advancedAnalyticsCacheSeconds: option('analytics-cache', 5) } : {};
      const bench = await benchApp(d, world, PORT, { overloadMaxEventLoopDelayMs: 0, overloadMaxLatencyMs: 0, overloadMaxDbWaitMs: 0, overloadMaxInFlight: 0, appSecret: BIGDATA_APP_SECRET, ...analyticsCache });
      try {
        const coordinator = await bench.login(world.coordinatorEmail);
        const f = world.fields[0].id;
        const calls: Array<[string, string, string, number]> = [
          ['GET /sensor-data/24h', `/api/v1/sensor-data/24h?fieldId=${f}`, bench.farmerToken, 20],
          ['7-day timeline `GET /fields/:id/sensor-data?days=7`', `/api/v1/fields/${f}/sensor-data?days=7`, bench.farmerToken, 50],
          ['30-day analytics `GET /advanced-analytics?range=30d`', `/api/v1/advanced-analytics?fieldId=${f}&range=30d`, coordinator, 100],
        ];
        for (const [name, path, token, targetMs] of calls) {
          const la = load();
          const r = await hammer(d, `${bench.url}${path}`, token, connections, seconds);
          out.push(
            `| ${fmt(s.n)} | ${gen} | ${name} | ${targetMs} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.rps)} | ${r.bad} | ${fmt(r.appCpuMs, 2)} | ${fmt(r.dbCpuMs, 2)} | ${fmt(r.statements, 2)} | ${la} |`,
          );
          console.log(out.at(-1));
        }
      } finally {
        await bench.close();
      }
    } finally {
      if (target.url !== undefined || keep) await d.close();
      else await d.drop();
    }
  }
  out.push(
    '',
    'Storage (pg_total_relation_size: table + indexes, / readings):',
    '',
    '| readings | raw bytes/reading | hourly rollups bytes/reading | daily rollups bytes/reading | raw + rollups on disk |',
    '|---:|---:|---|---|---:|',
    ...storageRows,
  );
  if (databases.length) out.push('', 'Databases:', '', ...databases);
  return out;
}
