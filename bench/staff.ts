/**
 * Staff lists and dashboards under load: 10,000 farmers and 20,000 fields (seed/large.ts), the real app
 * listening on loopback, autocannon with 20 connections per call. Budget: p99 ≤ 100 ms per call.
 * On in-memory PGlite by default (one connection: 20 clients queue behind each other); with
 * BENCH_DATABASE_URL=postgres://… on a throwaway PostgreSQL database (a pool of 10), dropped afterwards.
 */
import pg from 'pg';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { hashPassword } from '../server/src/lib/passwords';
import { seedLarge } from '../server/src/seed/large';

const BUDGET_MS = 100;
const PASSWORD = 'Bench@2026pass';

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const VARY = new URL('./varyRequest.cjs', import.meta.url).pathname;

/** `{N}` in a path: a random 1…N per request (bench/varyRequest.cjs), for the cold rows. */
function p99(base: string, path: string, token: string) {
  const target = /\{\d+\}/.test(path) ? { url: base, requests: [{ path, setupRequest: VARY }] } : { url: `${base}${path}` };
  return new Promise<{ p99: number; rps: number; errors: number }>((resolve, reject) => {
    autocannon({ ...target, connections: 20, workers: 1, duration: 4, headers: { authorization: `Bearer ${token}` } }, (err, r) => {
      if (err) return reject(err);
      resolve({ p99: r.latency.p99, rps: Math.round(r.requests.average), errors: r.non2xx + r.errors });
    });
  });
}

export async function benchStaff(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dbName = `${(process.env.BENCH_DB_PREFIX ?? '').replace(/[^a-z0-9_]/gi, '').toLowerCase()}staff_bench_${Date.now().toString(36)}`;
  const withName = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  if (adminUrl) await admin(`create database ${dbName}`);
  const database = await openDatabase(adminUrl ? { url: withName(adminUrl, dbName), poolSize: 10 } : {});
  await database.migrate();
  const seeded = Date.now();
  const { coordinatorIds } = await seedLarge(database.db, { coordinators: 100, farmers: 10_000, fields: 20_000 });
  const seedSeconds = (Date.now() - seeded) / 1000;
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values({ name: 'Bench Admin', email: 'bench.admin@example.in', passwordHash, role: 'admin' });
  const { eq } = await import('drizzle-orm');
  await database.db.update(users).set({ passwordHash }).where(eq(users.id, coordinatorIds[0]));

  const config = loadConfig({ demo: false, simulate: false, logLevel: 'warn', rateLimitPerMinute: 10_000_000, authRateLimitPerMinute: 1000, staticDir: '/nonexistent' });
  const app = await buildApp(config, { database });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const adminToken = await login(base, 'bench.admin@example.in');
    const coordinator = await login(base, 'bulk.coordinator1@example.in');
    const calls: [string, string, string][] = [
      ['admin', '/api/v1/admin/farmers?page=1&limit=10', adminToken],
      ['admin', '/api/v1/admin/farmers?page=500&limit=10&search=farmer%2004', adminToken],
      ['admin', '/api/v1/admin/coordinators', adminToken],
      ['admin', '/api/v1/admin/fields?page=1&limit=10', adminToken],
      ['admin', '/api/v1/admin/fields?page=1&limit=10&search=plot%201999&status=alert', adminToken],
      ['admin', '/api/v1/admin/overview', adminToken],
      ['coordinator', '/api/v1/coordinator/managed-farmers?page=1&limit=10', coordinator],
      ['coordinator', '/api/v1/coordinator/managed-farmers?page=1&limit=10&status=alert', coordinator],
      ['coordinator', '/api/v1/coordinator/field-overview?page=1&limit=10&search=plot', coordinator],
      ['coordinator', '/api/v1/coordinator/dashboard-stats', coordinator],
      ['coordinator', '/api/v1/fields/map', coordinator],
      // Cold: a different page or search on every request, so most answers are neither cached nor warm.
      ['admin, any page', '/api/v1/admin/farmers?page={100}&limit=10', adminToken],
      ['admin, any search', '/api/v1/admin/farmers?page=1&limit=10&search=farmer{9999}', adminToken],
      ['admin, any page', '/api/v1/admin/fields?page={200}&limit=10', adminToken],
      ['coordinator, any search', '/api/v1/coordinator/field-overview?page=1&limit=10&search={19999}', coordinator],
    ];
    const lines = [
      `## Staff lists and dashboards (${adminUrl ? 'PostgreSQL' : 'PGlite'})`,
      '',
      `10,000 farmers, 20,000 fields, 100 coordinators on ${adminUrl ? 'PostgreSQL (pool of 10)' : 'in-memory PGlite'} (seeded in ${seedSeconds.toFixed(1)} s); 20 connections, 4 s per call. Rows "any page" and "any search" draw a random page or term ({N}: 1…N) for every request, so most answers are computed cold.`,
      '',
      '| as | call | p99 ms | req/s | errors | within 100 ms |',
      '|---|---|---|---|---|---|',
    ];
    for (const [who, path, token] of calls) {
      const r = await p99(base, path, token);
      lines.push(`| ${who} | \`${path.replace('/api/v1', '')}\` | ${r.p99} | ${r.rps} | ${r.errors} | ${r.p99 <= BUDGET_MS ? 'yes' : 'no'} |`);
    }
    return lines;
  } finally {
    await app.close();
    await database.close();
    if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
  }
}
