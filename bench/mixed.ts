/**
 * `npm run bench -- mixed`: the calls the farmer, coordinator and admin screens make when they load, all at once at
 * `--connections` (20) closed-loop clients, on the demo world grown to `--farmers` (2,000) farmers (bench/growDemo.ts:
 * 2 fields each, readings every `--step` (60) minutes for `--days` (7) days, rollups filled by the trigger).
 * The app runs in its own process (bench/mixedServer.ts); this process is the load generator. Reported: requests/s,
 * p50/p99 overall and per call, with the machine's load average (it is shared: compare runs made minutes apart).
 *
 *   npm run bench -- mixed [--only postgres|pglite] [--farmers 2000] [--seconds 20] [--connections 20]
 *                          [--profile]   the server writes a .cpuprofile into /tmp/scale-prof (node --cpu-prof)
 *                          [--keep]      keep the seeded database (PostgreSQL) or folder (PGlite) and print where
 *                          [--cost N]    also CPU per request of each call alone (N requests at 4 clients, after the
 *                                        mixed run): the server process's CPU time (/proc) and the CPU time of
 *                                        the measured database's PostgreSQL backends (pg_stat_activity, /proc:
 *                                        PostgreSQL on this machine) per request, far less sensitive to a busy machine than latency; the mixed run's
 *                                        own CPU per request too
 *   MIXED_REUSE_URL=postgres://…/scale_… or MIXED_REUSE_DIR=/tmp/…: measure an already grown database (from --keep)
 *   instead of seeding;
 *   MIXED_SERVER_ROOT=/path/to/checkout: run that checkout's server (before/after on the same data).
 * PostgreSQL at BENCH_DATABASE_URL (throwaway database named BENCH_DB_PREFIX…); port BENCH_PORT (3360); the server's
 * DATA_DIR (its app secret) $TMPDIR/mixed-bench-data unless DATA_DIR is set.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/src/seed/demoAccounts';
import { growDemo } from './growDemo';
import { benchDatabase, flag, fmt, option, percentile } from './support';

type Call = { label: string; who: 'farmer' | 'coordinator' | 'admin'; path: string; method?: 'POST'; body?: unknown };
type Sample = { ms: number; ok: boolean; status: number };

const PORT = Number(process.env.BENCH_PORT ?? 3360);
/** The server's DATA_DIR (its app secret), the same for every run so a kept database can be measured again. */
const SERVER_DATA_DIR = process.env.DATA_DIR ?? join(tmpdir(), 'mixed-bench-data');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

function callsFor(fieldId: string): Call[] {
  const f = encodeURIComponent(fieldId);
  return [
    { label: 'profile', who: 'farmer', path: '/auth/profile' },
    { label: 'latest readings', who: 'farmer', path: `/sensor-data/latest?fieldId=${f}` },
    { label: '24-hour readings', who: 'farmer', path: `/sensor-data/24h?fieldId=${f}` },
    { label: '7-day timeline', who: 'farmer', path: `/fields/${f}/sensor-data?days=7` },
    { label: 'FDSS insights', who: 'farmer', path: `/fdss/insights?fieldId=${f}` },
    { label: 'inbox', who: 'farmer', path: '/messages?page=1&limit=10' },
    { label: 'farmer alerts', who: 'farmer', path: '/alerts?page=1&limit=20' },
    { label: 'my fields', who: 'farmer', path: '/fields/overview?page=1&limit=10' },
    { label: 'field analytics 30 d', who: 'coordinator', path: `/advanced-analytics?fieldId=${f}&range=30d` },
    { label: 'recommendations', who: 'coordinator', path: `/ai-recommendations?fieldId=${f}` },
    {
      label: 'land report',
      who: 'farmer',
      path: '/land/report',
      method: 'POST',
      body: { ph: 7.4, nitrogen: 240, phosphorus: 18, potassium: 320, organicMatter: 0.7, location: 'Baramati', state: 'Maharashtra', language: 'marathi' },
    },
    { label: 'managed farmers', who: 'coordinator', path: '/coordinator/managed-farmers?page=1&limit=10' },
    { label: 'coordinator alerts', who: 'coordinator', path: '/coordinator/alerts?page=1&limit=20' },
    { label: 'dashboard stats', who: 'coordinator', path: '/coordinator/dashboard-stats' },
    { label: 'field overview', who: 'coordinator', path: '/coordinator/field-overview?page=1&limit=10' },
    { label: 'field map', who: 'coordinator', path: '/fields/map' },
    { label: 'analytics (week)', who: 'coordinator', path: '/coordinator/analytics?period=week' },
    { label: 'GPS statistics', who: 'coordinator', path: '/gps-mapping/statistics' },
    { label: 'recommendation stats', who: 'coordinator', path: '/ai-recommendations/stats' },
    { label: 'farmers list', who: 'admin', path: '/admin/farmers?page=1&limit=10' },
    { label: 'fields list', who: 'admin', path: '/admin/fields?page=1&limit=10' },
    { label: 'overview', who: 'admin', path: '/admin/overview' },
    { label: 'admin alerts', who: 'admin', path: '/admin/alerts?page=1&limit=20' },
    { label: 'fields by status', who: 'admin', path: '/fields/analytics/overview' },
  ];
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function startServer(env: Record<string, string>, profileDir?: string) {
  mkdirSync(SERVER_DATA_DIR, { recursive: true });
  const args = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'bench/mixedServer.ts'];
  // MIXED_SERVER_ROOT: another checkout's server (e.g. the tree before a change) on the same data.
  const cwd = process.env.MIXED_SERVER_ROOT ?? process.cwd();
  const child = spawn(process.execPath, args, { cwd, env: { DATA_DIR: SERVER_DATA_DIR, ...process.env, ...env, PORT: String(PORT), NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const TICK_US = 1e6 / 100; // USER_HZ: /proc's clock ticks
/** A process's user + system CPU time in µs (/proc/<pid>/stat), 0 once it is gone. */
function cpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_US;
  } catch {
    return 0;
  }
}
type CpuMark = { app: number; db: Map<number, number> };
/**
 * The server process's CPU time and that of the PostgreSQL backends connected to the measured database (by
 * pg_stat_activity; the server may be shared by other databases, whose backends are not counted).
 */
async function cpuMark(serverPid: number, dbPids: () => Promise<number[]>): Promise<CpuMark> {
  return { app: cpuUs(serverPid), db: new Map((await dbPids()).map((pid) => [pid, cpuUs(pid)])) };
}
/** CPU µs spent since `m` (a backend started since counts whole; one that ended since is lost: rare, idle 10 s). */
async function cpuSince(serverPid: number, dbPids: () => Promise<number[]>, m: CpuMark) {
  const app = cpuUs(serverPid) - m.app;
  let db = 0;
  for (const pid of await dbPids()) db += cpuUs(pid) - (m.db.get(pid) ?? 0);
  return { app, db };
}
/** The pids of the backends of the database at `url` (PostgreSQL on this machine), or none for PGlite. */
function backendsOf(url: string | undefined) {
  if (!url) return async () => [];
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  const ready = admin.connect();
  return Object.assign(
    async () => {
      await ready;
      const r = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      return r.rows.map((x) => x.pid);
    },
    { end: () => admin.end() },
  );
}

/** Each call alone: `n` requests at 4 clients; server and PostgreSQL CPU µs per request, p50/p99 ms. */
async function costPerCall(base: string, calls: Call[], tokens: Record<Call['who'], string>, serverPid: number, dbPids: () => Promise<number[]>, n: number) {
  const rows: Array<{ c: Call; app: number; db: number; p50: number; p99: number; bad: number }> = [];
  for (const c of calls) {
    await drive(base, [c], tokens, 4, 0.3); // warm
    const m = await cpuMark(serverPid, dbPids);
    const samples = (await driveCount(base, c, tokens, 4, n)).sort((a, b) => a.ms - b.ms);
    const used = await cpuSince(serverPid, dbPids, m);
    const ms = samples.map((s) => s.ms);
    rows.push({ c, app: used.app / samples.length, db: used.db / samples.length, p50: percentile(ms, 50), p99: percentile(ms, 99), bad: samples.filter((s) => !s.ok).length });
  }
  return rows;
}

/** The first answer of each non-2xx status (printed with the figures). */
const firstBodies = new Map<number, string>();

async function request(base: string, call: Call, tokens: Record<Call['who'], string>): Promise<Sample> {
  const t0 = performance.now();
  let ok = false;
  let status = 0;
  try {
    const res = await fetch(`${base}/api/v1${call.path}`, {
      method: call.method ?? 'GET',
      headers: { authorization: `Bearer ${tokens[call.who]}`, 'accept-encoding': 'identity', ...(call.body ? { 'content-type': 'application/json' } : {}) },
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.text();
    ok = res.ok;
    status = res.status;
    if (!ok && !firstBodies.has(status)) firstBodies.set(status, `${call.label}: ${body.slice(0, 200)}`);
  } catch {
    ok = false;
  }
  return { ms: performance.now() - t0, ok, status };
}

/** `connections` clients sending `call` until `n` answers came. */
async function driveCount(base: string, call: Call, tokens: Record<Call['who'], string>, connections: number, n: number) {
  const samples: Sample[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent++ < n) samples.push(await request(base, call, tokens));
    }),
  );
  return samples;
}

/** `connections` closed-loop clients for `seconds`, each walking the calls from its own offset. */
async function drive(base: string, calls: Call[], tokens: Record<Call['who'], string>, connections: number, seconds: number) {
  const samples = calls.map(() => [] as Sample[]);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        const k = i % calls.length;
        samples[k].push(await request(base, calls[k], tokens));
      }
    }),
  );
  return samples;
}

async function measure(kind: 'postgres' | 'pglite', lines: string[]) {
  const farmers = option('farmers', 2000);
  const growth = { farmers, fieldsPerFarmer: 2, days: option('days', 7), stepMinutes: option('step', 60) };
  const reuse = kind === 'postgres' ? process.env.MIXED_REUSE_URL : process.env.MIXED_REUSE_DIR;
  let env: Record<string, string>;
  let cleanup = async () => {};
  let seeded = 'reused';
  if (reuse) {
    env = kind === 'postgres' ? { MIXED_DATABASE_URL: reuse } : { MIXED_DATA_DIR: reuse };
  } else {
    const d = await benchDatabase(kind);
    const t0 = Date.now();
    const counts = await growDemo(d.db, growth);
    seeded = `${fmt(counts.farmers)} farmers, ${fmt(counts.fields)} fields, ${fmt(counts.readings)} readings, ${fmt(counts.hourly)} hourly rollup rows, seeded in ${fmt((Date.now() - t0) / 1000)} s`;
    console.log(seeded);
    if (kind === 'postgres') {
      env = { MIXED_DATABASE_URL: d.url! };
      await d.db.execute(sql`vacuum analyze`);
      cleanup = flag('keep') ? async () => console.log(`kept: MIXED_REUSE_URL=${d.url}`) : () => d.drop();
    } else {
      // PGlite: one process owns the folder; hand it over to the server.
      await d.db.execute(sql`vacuum analyze`);
      await d.close();
      env = { MIXED_DATA_DIR: d.dataDir! };
      cleanup = flag('keep') ? async () => console.log(`kept: MIXED_REUSE_DIR=${d.dataDir}`) : async () => rmSync(d.dataDir!, { recursive: true, force: true });
    }
  }
  const profileDir = flag('profile') ? '/tmp/scale-prof' : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer(env, profileDir);
  const base = `http://127.0.0.1:${PORT}`;
  const dbPids = backendsOf(env.MIXED_DATABASE_URL);
  try {
    const tokens = { farmer: await login(base, DEMO_ACCOUNTS.farmer), coordinator: await login(base, DEMO_ACCOUNTS.coordinator), admin: await login(base, DEMO_ACCOUNTS.admin) };
    const overview = (await (await fetch(`${base}/api/v1/fields/overview`, { headers: { authorization: `Bearer ${tokens.farmer}` } })).json()) as { fields: Array<{ _id: string }> };
    const calls = callsFor(overview.fields[0]._id);
    const connections = option('connections', 20);
    const seconds = option('seconds', 20);
    await drive(base, calls, tokens, connections, 3); // warm-up: caches, JIT, connections
    const loadBefore = load();
    const mark = await cpuMark(server.pid, dbPids);
    const samples = await drive(base, calls, tokens, connections, seconds);
    const used = await cpuSince(server.pid, dbPids, mark);
    const all = samples.flat();
    const sorted = all.map((s) => s.ms).sort((a, b) => a - b);
    const errors = all.filter((s) => !s.ok).length;
    const statuses = new Map<number, number>();
    for (const s of all) if (!s.ok) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL (pool of 10)' : 'PGlite (on disk)'}`,
      '',
      `${seeded}. ${connections} connections, ${seconds} s after a 3 s warm-up; ${calls.length} calls in turn. Load average ${loadBefore} before, ${load()} after (${cpus().length} cores).`,
      '',
      `**Overall: ${fmt(all.length / seconds)} requests/s, p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms, ${errors} non-2xx/errors${errors ? ` (${[...statuses].map(([st, n]) => `${n}× ${st || 'no answer'}`).join(', ')})` : ''}.**`,
      '',
      `CPU per request over the mixed run: server ${fmt(used.app / all.length)} µs, PostgreSQL backends ${kind === 'postgres' ? `${fmt(used.db / all.length)} µs` : '–'} (the same ${fmt(seconds)} s; /proc).`,
      '',
      '| as | call | requests | p50 ms | p99 ms | max ms | non-2xx |',
      '|---|---|---:|---:|---:|---:|---:|',
    );
    const rows = calls.map((c, k) => {
      const ms = samples[k].map((s) => s.ms).sort((a, b) => a - b);
      return { c, n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN, bad: samples[k].filter((s) => !s.ok).length };
    });
    for (const r of rows.sort((a, b) => b.p50 - a.p50)) {
      lines.push(`| ${r.c.who} | ${r.c.label}: \`${r.c.method ?? 'GET'} ${r.c.path.replace(/[0-9a-f-]{36}/, ':id').split('?')[0]}\` | ${fmt(r.n)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.max)} | ${r.bad} |`);
    }
    lines.push('');
    const costN = option('cost', 0);
    if (costN > 0) {
      const cost = await costPerCall(base, calls, tokens, server.pid, dbPids, costN);
      lines.push(
        `Each call alone (${fmt(costN)} requests at 4 clients), CPU µs per request (server process / PostgreSQL backends), load average ${load()}:`,
        '',
        '| as | call | server µs | PostgreSQL µs | p50 ms | p99 ms | non-2xx |',
        '|---|---|---:|---:|---:|---:|---:|',
      );
      for (const r of cost.sort((a, b) => b.app + b.db - a.app - a.db)) {
        lines.push(`| ${r.c.who} | ${r.c.label}: \`${r.c.method ?? 'GET'} ${r.c.path.replace(/[0-9a-f-]{36}/, ':id').split('?')[0]}\` | ${fmt(r.app)} | ${kind === 'postgres' ? fmt(r.db) : '–'} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.bad} |`);
      }
      const app = cost.reduce((a, r) => a + r.app, 0) / cost.length;
      const db = cost.reduce((a, r) => a + r.db, 0) / cost.length;
      lines.push(`| | **mean of the calls** | **${fmt(app)}** | **${kind === 'postgres' ? fmt(db) : '–'}** | | | |`, '');
    }
    for (const [st, body] of firstBodies) lines.push(`First ${st} answer: ${body}`, '');
    firstBodies.clear();
  } finally {
    await (dbPids as { end?: () => Promise<void> }).end?.();
    await server.stop();
    await cleanup();
  }
}

export async function benchMixed(): Promise<string[]> {
  const lines = ['## mixed: the screens\' calls at once', ''];
  for (const kind of ['postgres', 'pglite'] as const) {
    if (only && only !== kind) continue;
    await measure(kind, lines);
  }
  return lines;
}
