/**
 * The database-wait limit and the call priorities (issue 19, plugins/overload.ts). Two loads: transactions held
 * open by the test, so real queries wait for the database (PGlite's one connection, PostgreSQL's pool of 4) —
 * the API answers 503 OVERLOADED with Retry-After, translated words and the limit 'dbWait', health still
 * answers, the metrics count the sheds, and once the transactions end the API answers 2xx again; and a second app
 * on the same database whose wait reading the test sets, so each priority's threshold is checked exactly:
 * analytics and exports go first, sign-in and alert acknowledgement last.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buildApp } from '../../../server/src/app';
import { HIGH_PRIORITY, LOW_PRIORITY } from '../../../server/src/domain/overload/priority';
import { FIXTURE_PASSWORD, createTestApp, testConfig, type TestApp } from '../helper';

const LIMIT_MS = 200;
let t: TestApp;
let admin: string;
let farmer: string;
let release: () => void = () => {};
let held = new Promise<void>((r) => (release = r));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Holds a transaction (a database connection) until the test lets go.
  app.get('/hold', { config: { public: true } }, async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    return { ok: true };
  });
  app.get('/query', { config: { public: true } }, async () => {
    await app.db.execute(sql`select 1`);
    return { ok: true };
  });
  app.get('/quick', { config: { public: true } }, async () => ({ ok: true }));
};

beforeAll(async () => {
  t = await createTestApp({ config: { overloadMaxDbWaitMs: LIMIT_MS, retryAfterSeconds: 4 }, routes });
  admin = (await t.login('admin')).accessToken;
  farmer = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const details = async () => (await get('/api/v1/health/details', t.auth(admin))).json().overload;

it('below the limit nothing is shed: a burst of database calls is answered', async () => {
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => get(i % 2 ? '/api/v1/test/query' : '/api/v1/fields/overview', t.auth(farmer))));
  for (const r of answers) expect(r.statusCode).toBe(200);
  expect(await details()).toMatchObject({ shedding: false, limit: null, dbWaiting: 0, shed: { dbWait: 0 } });
});

it('sheds while queries wait for a database connection past the limit, and recovers when they get one', async () => {
  // PGlite: the first holds its one connection and four wait; PostgreSQL: four hold the pool of 4, one waits.
  // While they hold it, anything that touches the database waits too (the health ping, the metrics' backlog
  // query): the state is read in process here; the HTTP health and metrics are checked on the app below.
  const holding = Array.from({ length: 5 }, () => get('/api/v1/test/hold'));
  for (let i = 0; i < 200 && t.app.overload.state().dbWaitMs <= LIMIT_MS; i++) await sleep(20);
  const res = await get('/api/v1/test/quick');
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('4');
  const body = res.json();
  expect(body).toMatchObject({ code: 'OVERLOADED', details: { limit: 'dbWait', retryAfterSeconds: 4 } });
  expect(body.message.marathi).toContain('व्यस्त');
  expect(body.message.hindi).toContain('व्यस्त');
  // A real route is shed too (before its sign-in check touches the database), and an analytics call with it.
  expect((await get('/api/v1/fields/overview', t.auth(farmer))).statusCode).toBe(503);
  expect((await get('/api/v1/trust', t.auth(farmer))).statusCode).toBe(503);
  const state = t.app.overload.state();
  expect(state).toMatchObject({ shedding: true, limit: 'dbWait', priorities: { low: 'dbWait', normal: 'dbWait' }, limits: { dbWaitMs: LIMIT_MS } });
  expect(state.dbWaitMs).toBeGreaterThan(LIMIT_MS);
  expect(state.dbWaiting).toBeGreaterThanOrEqual(1);
  expect(state.shed.dbWait).toBe(3);
  expect(state.shedByPriority).toMatchObject({ low: 1, normal: 2 });

  release();
  for (const r of await Promise.all(holding)) expect(r.statusCode).toBe(200);
  // The waiters got their connection: the next call is admitted at once, and the details say so.
  expect((await get('/api/v1/test/query')).statusCode).toBe(200);
  expect(await details()).toMatchObject({ shedding: false, limit: null, dbWaiting: 0, shed: { dbWait: 3 } });
  held = new Promise<void>((r) => (release = r));
  release();
});

it('sheds by priority: low from half the limit, normal at it, sign-in and alert acknowledgement only past twice it', async () => {
  let waitMs = 0;
  const busy = await buildApp(testConfig({ overloadMaxDbWaitMs: LIMIT_MS, retryAfterSeconds: 4 }), {
    database: { ...t.database, waits: () => ({ waiting: waitMs > 0 ? 3 : 0, oldestMs: waitMs }) },
  });
  await busy.ready();
  try {
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) =>
      busy.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) }).then((r) => r.statusCode);
    const signIn = () => call('POST', '/api/v1/auth/login', undefined, { email: t.fixture.users.farmer.email, password: FIXTURE_PASSWORD });
    const acknowledge = () => call('PATCH', `/api/v1/alerts/${t.fixture.alerts.farmer}/acknowledge`, admin, {});
    const low = () => call('GET', '/api/v1/trust', farmer);
    const normal = () => call('GET', '/api/v1/fields/overview', farmer);

    waitMs = LIMIT_MS * 0.4; // under every threshold
    expect([await low(), await normal(), await signIn()]).toEqual([200, 200, 200]);
    waitMs = LIMIT_MS * 0.75; // past the low-priority threshold only
    expect([await low(), await normal(), await signIn()]).toEqual([503, 200, 200]);
    waitMs = LIMIT_MS * 1.5; // past the limit: only sign-in and acknowledgement get through
    expect([await low(), await normal(), await signIn(), await acknowledge()]).toEqual([503, 503, 200, 200]);
    const state = (await busy.inject({ method: 'GET', url: '/api/v1/health/details', headers: t.auth(admin) })).json().overload;
    expect(state).toMatchObject({ shedding: true, limit: 'dbWait', priorities: { low: 'dbWait', normal: 'dbWait', high: null }, dbWaitMs: LIMIT_MS * 1.5 });
    waitMs = LIMIT_MS * 2.5; // past twice the limit: everything but health and the token refresh
    expect([await normal(), await signIn(), await acknowledge()]).toEqual([503, 503, 503]);
    expect((await busy.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const after = (await busy.inject({ method: 'GET', url: '/api/v1/health/details', headers: t.auth(admin) })).json().overload;
    expect(after.priorities).toEqual({ low: 'dbWait', normal: 'dbWait', high: 'dbWait' });
    expect(after.shedByPriority).toEqual({ low: 2, normal: 2, high: 2 });
    // The operators' metrics count the sheds by limit and priority, and show the wait and who is shed now.
    const metrics = (await busy.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('shetmitra_overload_shed_total{limit="dbWait",priority="high"} 2');
    expect(metrics).toContain(`shetmitra_overload_db_wait_seconds ${(LIMIT_MS * 2.5) / 1000}`);
    expect(metrics).toContain('shetmitra_overload_shedding{priority="high"} 1');
    waitMs = 0;
    expect([await low(), await normal(), await signIn()]).toEqual([200, 200, 200]);
  } finally {
    await busy.close();
  }
});

it('every route the priorities name exists', () => {
  for (const key of [...HIGH_PRIORITY, ...LOW_PRIORITY]) {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PATCH', string];
    expect(t.app.hasRoute({ method, url }), key).toBe(true);
  }
});
