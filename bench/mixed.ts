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
 *   MIXED_REUSE_URL=postgres://…/scale_… or MIXED_REUSE_DIR=/tmp/…: measure an already grown database (from --keep)
 *   instead of seeding;
 *   MIXED_SERVER_ROOT=/path/to/checkout: run that checkout's server (before/after on the same data).
 * PostgreSQL at BENCH_DATABASE_URL (throwaway database named BENCH_DB_PREFIX…); port BENCH_PORT (3360); the server's
 * DATA_DIR (its app secret) $TMPDIR/mixed-bench-data unless DATA_DIR is set.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/src/seed/demoAccounts';
import { growDemo } from './growDemo';
import { benchDatabase, flag, fmt, option, percentile } from './support';

type Call = { label: string; who: 'farmer' | 'coordinator' | 'admin'; path: string; method?: 'POST'; body?: unknown };
type Sample = { ms: number; ok: boolean };

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
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** `connections` closed-loop clients for `seconds`, each walking the calls from its own offset. */
async function drive(base: string, calls: Call[], tokens: Record<Call['who'], string>, connections: number, seconds: number) {
  const samples = calls.map(() => [] as Sample[]);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; performance.now() < until; i++) {
        const k = i % calls.length;
        const call = calls[k];
        const t0 = performance.now();
        let ok = false;
        try {
          const res = await fetch(`${base}/api/v1${call.path}`, {
            method: call.method ?? 'GET',
            headers: { authorization: `Bearer ${tokens[call.who]}`, 'accept-encoding': 'identity', ...(call.body ? { 'content-type': 'application/json' } : {}) },
            body: call.body ? JSON.stringify(call.body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          ok = res.ok;
        } catch {
          ok = false;
        }
        samples[k].push({ ms: performance.now() - t0, ok });
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
  try {
    const tokens = { farmer: await login(base, DEMO_ACCOUNTS.farmer), coordinator: await login(base, DEMO_ACCOUNTS.coordinator), admin: await login(base, DEMO_ACCOUNTS.admin) };
    const overview = (await (await fetch(`${base}/api/v1/fields/overview`, { headers: { authorization: `Bearer ${tokens.farmer}` } })).json()) as { fields: Array<{ _id: string }> };
    const calls = callsFor(overview.fields[0]._id);
    const connections = option('connections', 20);
    const seconds = option('seconds', 20);
    await drive(base, calls, tokens, connections, 3); // warm-up: caches, JIT, connections
    const loadBefore = load();
    const samples = await drive(base, calls, tokens, connections, seconds);
    const all = samples.flat();
    const sorted = all.map((s) => s.ms).sort((a, b) => a - b);
    const errors = all.filter((s) => !s.ok).length;
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL (pool of 10)' : 'PGlite (on disk)'}`,
      '',
      `${seeded}. ${connections} connections, ${seconds} s after a 3 s warm-up; ${calls.length} calls in turn. Load average ${loadBefore} before, ${load()} after (${cpus().length} cores).`,
      '',
      `**Overall: ${fmt(all.length / seconds)} requests/s, p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms, ${errors} non-2xx/errors.**`,
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
  } finally {
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
