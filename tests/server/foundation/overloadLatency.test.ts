/**
 * The latency limit (issue 19): requests that queue on the database never lag the event loop, so the server sheds
 * on how long API requests wait instead — the p99 (OVERLOAD_LATENCY_QUANTILE) of the last window's latencies,
 * in-flight ones by their age.
 * Two loads: requests held open by the test (a controllable fake load), and a real slow query queueing on the
 * database. Each time: the API answers 503 OVERLOADED with Retry-After and the limit 'latency', health and the
 * token refresh still answer, and once the load is gone the API answers 2xx again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createTestApp, type TestApp } from '../helper';

const WINDOW_MS = 600;
const LIMIT_MS = 150;
let t: TestApp;
let admin: string;
let refreshToken: string;
let release: () => void = () => {};
let held = new Promise<void>((r) => (release = r));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // The fake load: answers when the test lets it.
  app.get('/held', { config: { public: true } }, async () => {
    await held;
    return { ok: true };
  });
  // The real load: a query that takes 120 ms on the database (PGlite runs one at a time, PostgreSQL a pool of 4).
  app.get('/slow-query', { config: { public: true } }, async () => {
    await app.db.execute(sql`select pg_sleep(0.12)`);
    return { ok: true };
  });
  app.get('/quick', { config: { public: true } }, async () => ({ ok: true }));
};

beforeAll(async () => {
  t = await createTestApp({
    config: { overloadMaxLatencyMs: LIMIT_MS, overloadLatencyWindowMs: WINDOW_MS, overloadLatencyMinSamples: 5, retryAfterSeconds: 3 },
    routes,
  });
  const login = await t.login('admin');
  admin = login.accessToken;
  refreshToken = login.refreshToken;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function expectShedding() {
  // The limit is re-read every 100 ms.
  let res = await get('/api/v1/test/quick');
  for (let i = 0; i < 30 && res.statusCode !== 503; i++) {
    await sleep(50);
    res = await get('/api/v1/test/quick');
  }
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('3');
  expect(res.json()).toMatchObject({ code: 'OVERLOADED', details: { limit: 'latency' } });
  expect(res.json().message.marathi).toContain('व्यस्त');
  // A real API route is shed too; health, the admins' details and the token refresh are not.
  expect((await get('/api/v1/fields/overview', t.auth(admin))).statusCode).toBe(503);
  expect((await get('/api/v1/health')).statusCode).toBe(200);
  const details = await get('/api/v1/health/details', t.auth(admin));
  expect(details.statusCode).toBe(200);
  expect(details.json().overload).toMatchObject({ shedding: true, limit: 'latency', limits: { latencyMs: LIMIT_MS } });
  expect(details.json().overload.latencyMs).toBeGreaterThan(LIMIT_MS);
  const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });
  expect(refreshed.statusCode).toBe(200);
  refreshToken = refreshed.json().refreshToken;
}

async function expectRecovered() {
  const started = Date.now();
  let res = await get('/api/v1/test/quick');
  while (res.statusCode !== 200 && Date.now() - started < 5000) {
    await sleep(50);
    res = await get('/api/v1/test/quick');
  }
  expect(res.statusCode).toBe(200);
  // It recovers once the window has no long waits left: well within a few windows.
  expect(Date.now() - started).toBeLessThan(5 * WINDOW_MS);
  const details = await get('/api/v1/health/details', t.auth(admin));
  expect(details.json().overload).toMatchObject({ shedding: false, limit: null });
}

it('a few quick requests never shed', async () => {
  for (let i = 0; i < 20; i++) expect((await get('/api/v1/test/quick')).statusCode).toBe(200);
  const details = await get('/api/v1/health/details', t.auth(admin));
  expect(details.json().overload).toMatchObject({ shedding: false, limit: null });
});

it('sheds while requests wait past the limit (held open), and recovers when they end', async () => {
  const waiting = Array.from({ length: 10 }, () => get('/api/v1/test/held'));
  await sleep(LIMIT_MS + 50);
  await expectShedding();
  release();
  for (const r of await Promise.all(waiting)) expect(r.statusCode).toBe(200);
  await expectRecovered();
  held = new Promise<void>((r) => (release = r));
  release();
});

it('sheds while requests queue on a slow database query, and recovers when the queue drains', async () => {
  // 24 × 120 ms: 2.9 s of queueing on PGlite, 0.7 s on a pool of 4.
  const queued = Array.from({ length: 24 }, () => get('/api/v1/test/slow-query'));
  await expectShedding();
  const answers = await Promise.all(queued);
  // The queued ones were admitted before shedding began: each is answered, none times out.
  for (const r of answers) expect(r.statusCode).toBe(200);
  await expectRecovered();
});
