/**
 * Graceful overload (issue 19): the real app in its own process (demo world, embedded database, simulator off)
 * and mixed API load from this one — farmer, coordinator and admin reads, the trust figures, a sensor's 24 h —
 * ramped by doubling the concurrent clients every STEP seconds until p99 passes 1 s. Per step: throughput,
 * p50/p99, and every answer classified: 2xx, 503 with Retry-After, or a failure (a 503 without Retry-After, any
 * other status, a timeout after 10 s, a reset connection). Then the load stops and the time until the API answers
 * 2xx again (and /health/details no longer reports shedding) is measured.
 *
 *   npm run bench -- overload [--lag 1000] [--step 5] [--max 512]
 * `--lag`: OVERLOAD_MAX_EVENT_LOOP_DELAY_MS of the server under test (the production default is 1000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../server/src/seed/demoAccounts';
import { fmt, option, percentile } from './support';

// BENCH_PORT / BENCH_MQTT_PORT: a free pair (3306 is MariaDB's port on the build machine).
const PORT = Number(process.env.BENCH_PORT ?? 3386);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18806);
const TIMEOUT_MS = 10_000;

type Outcome = { ms: number; kind: 'ok' | 'shed' | 'bad503' | 'status' | 'timeout' | 'error'; status?: number; route?: number };

async function call(base: string, path: string, token: string): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status >= 200 && res.status < 300) return { ms, kind: 'ok' };
    if (res.status === 503) return { ms, kind: res.headers.get('retry-after') ? 'shed' : 'bad503', status: 503 };
    return { ms, kind: 'status', status: res.status };
  } catch (e) {
    const ms = performance.now() - t0;
    return { ms, kind: (e as Error).name === 'TimeoutError' ? 'timeout' : 'error' };
  }
}

type Details = {
  shedding: boolean;
  dbWaitMs?: number;
  latencyMs?: number | null;
  latencyP90Ms?: number | null;
  inFlight?: number;
  shed?: Record<string, number>;
  shedByPriority?: Record<string, number>;
};
async function details(base: string, token: string): Promise<Details | null> {
  return fetch(`${base}/api/v1/health/details`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    .then((r) => r.json() as Promise<{ overload?: Details }>)
    .then((b) => b.overload ?? null)
    .catch(() => null);
}

async function login(base: string, email: string) {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }).catch(() => null);
    if (res?.ok) return ((await res.json()) as { accessToken: string }).accessToken;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`login ${email} failed`);
}

export async function benchOverload(): Promise<string[]> {
  const lag = option('lag', 1000);
  const stepSeconds = option('step', 5);
  const maxClients = option('max', 512);
  const dir = mkdtempSync(join(tmpdir(), 'overload-bench-'));
  const base = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      MQTT_PORT: String(MQTT_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO: '1',
      SIMULATE: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: String(lag),
      HEALTH_SAMPLE_SECONDS: '0',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const lines = ['## overload', ''];
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? -1));
  try {
    const started = Date.now();
    // The first start migrates and writes the demo world: minutes on a busy machine.
    while (!(await fetch(`${base}/api/v1/health`).then((r) => r.ok).catch(() => false))) {
      if (exited !== null) throw new Error(`the server exited (${exited})`);
      if (Date.now() - started > 600_000) throw new Error('the server did not start within 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    const [farmer, coordinator, admin] = [await login(base, 'farmer@shetmitra.in'), await login(base, 'coordinator@shetmitra.in'), await login(base, 'admin@shetmitra.in')];
    const startSeconds = (Date.now() - started) / 1000;
    const overview = (await (await fetch(`${base}/api/v1/fields/overview`, { headers: { authorization: `Bearer ${farmer}` } })).json()) as { fields: Array<{ _id: string }> };
    const fieldId = overview.fields[0]?._id;
    const MIX: Array<[string, string]> = [
      ['/api/v1/fields/overview', farmer],
      ['/api/v1/trust', farmer],
      [`/api/v1/sensor-data/24h?fieldId=${fieldId}`, farmer],
      ['/api/v1/coordinator/dashboard-stats', coordinator],
      ['/api/v1/coordinator/managed-farmers?page=1&limit=10', coordinator],
      ['/api/v1/admin/farmers?page=1&limit=10', admin],
      ['/api/v1/admin/overview', admin],
      ['/api/v1/alerts?page=1&limit=20', admin],
    ];
    lines.push(
      `Server: its own process, embedded PGlite with the demo world, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=${lag}, ` +
        `OVERLOAD_MAX_DB_WAIT_MS=${process.env.OVERLOAD_MAX_DB_WAIT_MS ?? '250 (default)'}, OVERLOAD_MAX_LATENCY_MS=${process.env.OVERLOAD_MAX_LATENCY_MS ?? '500 (default)'}, OVERLOAD_MAX_IN_FLIGHT=${process.env.OVERLOAD_MAX_IN_FLIGHT ?? '64 (default)'}, started in ${fmt(startSeconds, 1)} s. ` +
        `Load: ${MIX.length} GET routes in turn, concurrent clients doubling every ${stepSeconds} s; client timeout ${TIMEOUT_MS / 1000} s. ` +
        `Machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} at start (shared with other engineers' work).`,
      '',
      'The last four columns are the server\'s own view (GET /api/v1/health/details every 250 ms, the most seen in the step): how long the oldest query had waited for the database, the latency gauge\'s p90 / p99 over its window (normal-priority calls), requests in flight, and the step\'s 503s by the limit that shed them; by priority.',
      '',
      '| clients | answers/s | 2xx/s | p50 ms | p99 ms | 2xx | 503+Retry-After | 503 without | other status | timeouts | errors | DB wait ms | server p90 / p99 ms | in flight | shed by |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    const totals = { ok: 0, shed: 0, bad503: 0, status: 0, timeout: 0, error: 0 };
    let shedStart: { clients: number; rps: number; okRps: number } | null = null;
    let peakOkRps = 0;
    let passed = false;
    let lastStep: { clients: number; outcomes: Outcome[] } | null = null;
    const perRoute: string[] = [];
    for (let clients = 2; clients <= maxClients && !passed; clients *= 2) {
      const outcomes: Outcome[] = [];
      const until = performance.now() + stepSeconds * 1000;
      let next = 0;
      // The server's own view, every 250 ms: the oldest database wait, the latency gauge's p90/p99, requests in flight.
      const seen = { dbWaitMs: 0, p90: 0, p99: 0, inFlight: 0 };
      const before = await details(base, admin);
      const watcher = (async () => {
        while (performance.now() < until) {
          const o = await details(base, admin);
          if (o) {
            seen.dbWaitMs = Math.max(seen.dbWaitMs, o.dbWaitMs ?? 0);
            seen.p90 = Math.max(seen.p90, o.latencyP90Ms ?? 0);
            seen.p99 = Math.max(seen.p99, o.latencyMs ?? 0);
            seen.inFlight = Math.max(seen.inFlight, o.inFlight ?? 0);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) {
            const route = next++ % MIX.length;
            const [path, token] = MIX[route];
            outcomes.push({ ...(await call(base, path, token)), route });
          }
        }),
      );
      await watcher;
      const after = await details(base, admin);
      const diff = (a: Record<string, number> = {}, b: Record<string, number> = {}) =>
        Object.entries(a)
          .map(([k, v]) => [k, v - (b[k] ?? 0)] as const)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
      const byLimit = [diff(after?.shed, before?.shed), diff(after?.shedByPriority, before?.shedByPriority)].filter(Boolean).join('; ');
      const counts = { ok: 0, shed: 0, bad503: 0, status: 0, timeout: 0, error: 0 };
      for (const o of outcomes) counts[o.kind] += 1;
      for (const k of Object.keys(counts) as Array<keyof typeof counts>) totals[k] += counts[k];
      const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const rps = outcomes.length / stepSeconds;
      const okRps = counts.ok / stepSeconds;
      peakOkRps = Math.max(peakOkRps, okRps);
      if (counts.shed > 0 && !shedStart) shedStart = { clients, rps, okRps };
      lines.push(
        `| ${clients} | ${fmt(rps)} | ${fmt(okRps)} | ${fmt(percentile(sorted, 50))} | ${fmt(p99)} | ${counts.ok} | ${counts.shed} | ${counts.bad503} | ${counts.status} | ${counts.timeout} | ${counts.error} | ${fmt(seen.dbWaitMs)} | ${fmt(seen.p90)} / ${fmt(seen.p99)} | ${fmt(seen.inFlight)} | ${byLimit || '–'} |`,
      );
      console.log(lines.at(-1));
      passed = p99 > 1000;
      lastStep = { clients, outcomes };
    }
    // Which requests are the slow ones: every route of the last step (the one past p99 = 1 s), by its own p50/p99.
    if (lastStep) {
      perRoute.push('', `Per route at ${lastStep.clients} clients (the last step):`, '', '| route | answers | 2xx | 503 | p50 ms | p99 ms | max ms |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      MIX.forEach(([path], i) => {
        const mine = lastStep!.outcomes.filter((o) => o.route === i);
        const ms = mine.map((o) => o.ms).sort((a, b) => a - b);
        perRoute.push(`| \`${path.replace(/fieldId=[^&]+/, 'fieldId=…')}\` | ${mine.length} | ${mine.filter((o) => o.kind === 'ok').length} | ${mine.filter((o) => o.kind === 'shed' || o.kind === 'bad503').length} | ${fmt(percentile(ms, 50))} | ${fmt(percentile(ms, 99))} | ${fmt(ms.at(-1) ?? 0)} |`);
      });
      console.log(perRoute.join('\n'));
    }
    // The load has stopped: how long until the API answers 2xx again and the admins' health says no shedding?
    const stopped = performance.now();
    let recoveredMs: number | null = null;
    while (performance.now() - stopped < 30_000) {
      const o = await call(base, '/api/v1/fields/overview', farmer);
      const state = await details(base, admin);
      if (o.kind === 'ok' && state?.shedding === false) {
        recoveredMs = performance.now() - stopped;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const failures = totals.bad503 + totals.status + totals.timeout + totals.error;
    lines.push(
      '',
      `- Shedding started at ${shedStart ? `${shedStart.clients} concurrent clients, ${fmt(shedStart.rps)} answers/s (${fmt(shedStart.okRps)} 2xx/s)` : 'no step (no 503 OVERLOADED was answered)'}; the most 2xx answers in a step: ${fmt(peakOkRps)}/s.`,
      `- ${passed ? 'p99 passed 1 s' : `p99 stayed under 1 s up to ${maxClients} clients`}. Every answer: ${totals.ok} 2xx, ${totals.shed} 503 with Retry-After, ${failures} anything else (${totals.bad503} 503 without Retry-After, ${totals.status} other statuses, ${totals.timeout} timeouts, ${totals.error} connection errors) — ${failures === 0 ? 'no timeouts and no 500s' : 'NOT all 2xx or 503 + Retry-After'}.`,
      `- After the load stopped the API answered 2xx with shedding off again in ${recoveredMs === null ? 'more than 30 s' : `${fmt(recoveredMs / 1000, 2)} s`} (${recoveredMs !== null && recoveredMs <= 10_000 ? 'within' : 'NOT within'} 10 s).`,
      ...perRoute,
    );
  } finally {
    if (exited === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
