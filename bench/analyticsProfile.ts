/**
 * `npx tsx bench/analyticsProfile.ts <postgres url of a bigdata database> [requests]`: what one
 * `GET /advanced-analytics?range=30d` of the measured field costs, one request at a time (no concurrency): the
 * statements it sends (counted and timed at the pool), the app's CPU and the database backends' CPU per request,
 * and EXPLAIN (ANALYZE, BUFFERS) of each distinct statement of the last request. The database is one kept by
 * `npm run bench -- bigdata --keep` (bench/bigdata.ts); it is only read. ADVANCED_ANALYTICS_CACHE_SECONDS applies as
 * in the app (set it to 0 to profile the uncached path every time).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { benchApp } from './app';
import { BIGDATA_APP_SECRET, existingDatabase, readWorld } from './bigdata';
import { cpuSecondsOf, fmt } from './support';

type Sent = { text: string; values: unknown[]; ms: number };
let log: Sent[] | null = null;
const query = pg.Pool.prototype.query as (...a: unknown[]) => Promise<unknown>;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const rec = log;
  if (!rec) return query.apply(this, args);
  const q = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof q === 'string' ? q : q.text;
  const values = (typeof q === 'string' ? undefined : q.values) ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
  const t0 = performance.now();
  const done = () => rec.push({ text, values, ms: performance.now() - t0 });
  const p = query.apply(this, args);
  p.then(done, done);
  return p;
} as typeof pg.Pool.prototype.query;

const url = process.argv[2];
const n = Number(process.argv[3] ?? 20);
if (!url?.startsWith('postgres')) throw new Error('usage: npx tsx bench/analyticsProfile.ts <postgres url> [requests]');
const world = await readWorld(url);
const d = await existingDatabase(url);
const bench = await benchApp(d, world, Number(process.env.BENCH_PORT ?? 3362), { overloadMaxEventLoopDelayMs: 0, overloadMaxLatencyMs: 0, overloadMaxDbWaitMs: 0, overloadMaxInFlight: 0, appSecret: BIGDATA_APP_SECRET });
const token = await bench.login(world.coordinatorEmail);
const path = `/api/v1/advanced-analytics?fieldId=${world.fields[0].id}&range=30d`;
const side = new pg.Client({ connectionString: url });
await side.connect();
// The app's connections (not this side one, which runs the EXPLAINs).
const backends = async () =>
  (await side.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`)).rows.map((r) => Number(r.pid));

// Warm-up: connections open, plans cached, caches (if on) filled.
for (let i = 0; i < 3; i++) await bench.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
const pids = await backends();
const dbBefore = new Map(pids.map((p) => [p, cpuSecondsOf([p])]));
const cpu0 = process.cpuUsage();
const walls: number[] = [];
const counts: number[] = [];
let last: Sent[] = [];
for (let i = 0; i < n; i++) {
  log = [];
  const t0 = performance.now();
  const res = await bench.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  walls.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  counts.push(log.length);
  last = log;
  log = null;
}
const cpu = process.cpuUsage(cpu0);
let dbCpu = 0;
for (const p of await backends()) dbCpu += cpuSecondsOf([p]) - (dbBefore.get(p) ?? 0);
walls.sort((a, b) => a - b);
console.log(`${n} requests one at a time, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
console.log(`wall ms: p50 ${fmt(walls[Math.floor(n / 2)], 1)}, min ${fmt(walls[0], 1)}, max ${fmt(walls[n - 1], 1)}`);
console.log(`statements per request: ${[...new Set(counts)].join(', ')}`);
console.log(`app CPU per request: ${fmt((cpu.user + cpu.system) / 1000 / n, 2)} ms; database backends' CPU per request: ${fmt((dbCpu * 1000) / n, 1)} ms (clock ticks of 10 ms)`);
console.log('\nstatements of the last request (ms at the pool, first line of SQL):');
for (const s of last) console.log(`  ${fmt(s.ms, 2).padStart(7)}  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
for (const s of last) {
  const plan = await side.query(`explain (analyze, buffers) ${s.text}`, s.values as unknown[]);
  const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  console.log(`\n--- ${s.text.replace(/\s+/g, ' ').slice(0, 100)}\n${lines.join('\n')}`);
}
await bench.close();
await d.close();
await side.end();
