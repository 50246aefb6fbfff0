/**
 * The in-flight limit (issue 19, plugins/overload.ts, OVERLOAD_MAX_IN_FLIGHT): requests waiting in the kernel for a
 * saturated event loop never reach the latency gauge, so the queue inside is bounded instead. With the limit at 4,
 * four normal calls held open by the test fill it: the next normal call is answered 503 OVERLOADED with Retry-After,
 * the translated sentence and the limit 'inFlight'; a low-priority call already at half of it; a sign-in (high
 * priority) only at twice it; the health checks never. Once the held calls are answered, everything is admitted again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { softLimitFor } from '../../../server/src/domain/overload/priority';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';

const LIMIT = 4;
let t: TestApp;
let admin: string;
let release: () => void = () => {};
let held = new Promise<void>((r) => (release = r));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/hold', { config: { public: true } }, async () => {
    await held;
    return { ok: true };
  });
  app.get('/quick', { config: { public: true } }, async () => ({ ok: true }));
};

beforeAll(async () => {
  t = await createTestApp({ config: { overloadMaxInFlight: LIMIT, retryAfterSeconds: 3 }, routes });
  admin = (await t.login('admin')).accessToken;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('the thresholds scale with the priority', () => {
  const limits = { dbWaitMs: 0, latencyMs: 0, inFlight: 8 };
  const at = (inFlight: number) => ({ dbWaitMs: 0, latencyMs: null, inFlight });
  expect(softLimitFor('low', at(3), limits)).toBeNull();
  expect(softLimitFor('low', at(4), limits)).toBe('inFlight');
  expect(softLimitFor('normal', at(7), limits)).toBeNull();
  expect(softLimitFor('normal', at(8), limits)).toBe('inFlight');
  expect(softLimitFor('high', at(15), limits)).toBeNull();
  expect(softLimitFor('high', at(16), limits)).toBe('inFlight');
  expect(softLimitFor('high', at(1000), { ...limits, inFlight: 0 })).toBeNull();
});

it('below the limit a burst is answered; at it the next call is shed by priority; answered calls free their places', async () => {
  for (let round = 0; round < 3; round++) {
    const burst = await Promise.all(Array.from({ length: LIMIT - 1 }, () => get('/api/v1/test/quick')));
    for (const r of burst) expect(r.statusCode).toBe(200);
  }
  expect(t.app.overload.state()).toMatchObject({ shedding: false, inFlight: 0, shed: { inFlight: 0 } });

  // Two held calls: half the limit, so low-priority calls are shed and normal ones admitted.
  const holding = [get('/api/v1/test/hold'), get('/api/v1/test/hold')];
  for (let i = 0; i < 100 && t.app.overload.state().inFlight < 2; i++) await sleep(10);
  expect(t.app.overload.state()).toMatchObject({ inFlight: 2, priorities: { low: 'inFlight', normal: null, high: null } });
  const trust = await get('/api/v1/trust', t.auth(admin));
  expect(trust.statusCode).toBe(503);
  expect(trust.json()).toMatchObject({ code: 'OVERLOADED', details: { limit: 'inFlight' } });
  expect((await get('/api/v1/test/quick')).statusCode).toBe(200);

  // Four held: normal calls are shed too, with Retry-After and the sentence in each language.
  holding.push(get('/api/v1/test/hold'), get('/api/v1/test/hold'));
  for (let i = 0; i < 100 && t.app.overload.state().inFlight < LIMIT; i++) await sleep(10);
  const res = await get('/api/v1/test/quick');
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('3');
  const body = res.json();
  expect(body).toMatchObject({ code: 'OVERLOADED', details: { limit: 'inFlight', retryAfterSeconds: 3 } });
  expect(body.message.marathi).toContain('व्यस्त');
  expect(body.message.hindi).toContain('व्यस्त');
  // A shed call takes no place: the count stays at the held four.
  expect(t.app.overload.state()).toMatchObject({ inFlight: LIMIT, shedding: true, limit: 'inFlight', priorities: { normal: 'inFlight', high: null } });
  // Sign-in is high priority (shed only at twice the limit) and the health check is never shed.
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: FIXTURE.users.farmer.email, password: FIXTURE_PASSWORD } });
  expect(login.statusCode).toBe(200);
  expect((await get('/api/v1/health')).statusCode).toBe(200);
  const state = t.app.overload.state();
  expect(state.shed.inFlight).toBe(2);
  expect(state.shedByPriority).toMatchObject({ low: 1, normal: 1, high: 0 });

  release();
  for (const r of await Promise.all(holding)) expect(r.statusCode).toBe(200);
  expect(t.app.overload.state()).toMatchObject({ inFlight: 0, shedding: false });
  expect((await get('/api/v1/test/quick')).statusCode).toBe(200);
  held = new Promise<void>((r) => (release = r));
});
