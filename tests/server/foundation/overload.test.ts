/**
 * Past an overload limit the API answers 503 OVERLOADED with Retry-After and translated words at once; the health
 * checks still answer, and the admins' details say which limit is hit. (A heap limit of 1 MB is always passed.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app';
import { createTestApp, testConfig, type TestApp } from '../helper';

let t: TestApp;
let busy: Awaited<ReturnType<typeof buildApp>>;
let admin: string;
let farmer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  farmer = (await t.login('farmer')).accessToken;
  // A second app on the same database (same signing key), whose heap limit is always passed.
  busy = await buildApp(testConfig({ overloadMaxHeapMb: 1, retryAfterSeconds: 7 }), { database: t.database });
  await busy.ready();
  await new Promise((r) => setTimeout(r, 600)); // under-pressure samples the heap every 250 ms
});
afterAll(async () => {
  await busy.close();
  await t.close();
});

it('sheds API requests with 503, Retry-After and the sentence in three languages', async () => {
  for (const url of ['/api/v1/trust', '/api/v1/fields/overview']) {
    const res = await busy.inject({ method: 'GET', url, headers: t.auth(farmer) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    const body = res.json();
    expect(body.code).toBe('OVERLOADED');
    expect(body.message.marathi).toContain('व्यस्त');
    expect(body.message.hindi).toContain('व्यस्त');
  }
  // The same requests on the app that is not overloaded succeed.
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/trust', headers: t.auth(farmer) })).statusCode).toBe(200);
});

it('the public /health stays minimal and answers; the admins see which limit is hit', async () => {
  const pub = await busy.inject({ method: 'GET', url: '/api/v1/health' });
  expect(pub.statusCode).toBe(200);
  expect(Object.keys(pub.json()).sort()).toEqual(['status', 'version']);
  const details = await busy.inject({ method: 'GET', url: '/api/v1/health/details', headers: t.auth(admin) });
  expect(details.statusCode).toBe(200);
  const { overload } = details.json();
  expect(overload).toMatchObject({ shedding: true, limit: 'heapUsedBytes', limits: { heapUsedBytes: 1024 * 1024 } });
  expect(overload.shed.heapUsedBytes).toBeGreaterThanOrEqual(2);
  const calm = await t.app.inject({ method: 'GET', url: '/api/v1/health/details', headers: t.auth(admin) });
  expect(calm.json().overload).toMatchObject({ shedding: false, limit: null });
});
