import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndviFields } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helper';
import { json, startStub, type Stub } from '../support/stubServer';

let t: TestApp;
const tokens: Record<string, string> = {};
const as = (who: string) => ({
  register: (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/ndvi/register-field', payload: payload as object, headers: t.auth(tokens[who]) }),
  series: (fieldId: string) => t.app.inject({ method: 'GET', url: `/api/v1/ndvi/timeseries?fieldId=${fieldId}`, headers: t.auth(tokens[who]) }),
});
const rows = async () => (await t.db.select({ n: count() }).from(ndviFields))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['farmer', 'farmer2'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

describe('NDVI registration and series (offline estimate)', () => {
  it('registers a coordinate pair once and reuses its id', async () => {
    const body = { lat: 18.52, lon: 73.86, radius: 500, name: 'My Farm' };
    const first = (await as('farmer').register(body)).json();
    expect(first).toMatchObject({ reused: false, provider: 'crop-calendar-estimate' });
    const again = (await as('farmer').register(body)).json();
    expect(again).toEqual({ ...first, reused: true });
    const moved = (await as('farmer').register({ ...body, lat: 18.53 })).json();
    expect(moved.fieldId).not.toBe(first.fieldId);
    const [{ n }] = await t.db.select({ n: count() }).from(ndviFields).where(eq(ndviFields.userId, t.fixture.users.farmer.id));
    expect(n).toBe(2);
  });

  it('serves the series labelled estimated, only to the owner', async () => {
    const { fieldId } = (await as('farmer').register({ lat: 19.88, lon: 75.34 })).json();
    const res = await as('farmer').series(fieldId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.estimated).toBe(true);
    expect(body.ndvi.length).toBeGreaterThan(15);
    for (const p of body.ndvi) expect(p.ndvi).toBeGreaterThanOrEqual(0);
    expect((await as('farmer2').series(fieldId)).statusCode).toBe(404);
    expect((await as('farmer').series('not-a-uuid')).statusCode).toBe(404);
  });

  it.each([
    ['latitude 200', { lat: 200, lon: 73 }],
    ['a missing longitude', { lat: 18 }],
    ['a radius of 1 km²×1000', { lat: 18, lon: 73, radius: 999_999 }],
    ['an unknown field', { lat: 18, lon: 73, polygon: [] }],
  ])('refuses %s with a translated 400 and stores nothing', async (_what, body) => {
    const before = await rows();
    const res = await as('farmer').register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
    expect(await rows()).toBe(before);
  });
});

describe('with an Agromonitoring-style service (local stub)', () => {
  let stub: Stub;
  let online: TestApp;
  let up = true;
  beforeAll(async () => {
    stub = await startStub(3523, (req, res) => {
      if (!up) return json(res, 503, { message: 'maintenance' });
      const u = new URL(req.url, 'http://x');
      if (req.method === 'POST' && u.pathname === '/polygons') return json(res, 201, { id: 'poly-7' });
      if (u.pathname === '/ndvi/history') return json(res, 200, [{ dt: 1767225600, cl: 3, data: { mean: 0.48 } }]);
      json(res, 404, {});
    });
    online = await createTestApp({ config: { ndviApiKey: 'key', ndviUrl: stub.url } });
  });
  afterAll(async () => {
    await online.close();
    await stub.close();
  });

  it('registers with the service, keeps its id, and reads measured values', async () => {
    const { accessToken } = await online.login('farmer');
    const reg = await online.app.inject({ method: 'POST', url: '/api/v1/ndvi/register-field', payload: { lat: 20, lon: 75 }, headers: online.auth(accessToken) });
    expect(reg.json()).toMatchObject({ reused: false, provider: 'agromonitoring' });
    const [row] = await online.db.select().from(ndviFields).where(eq(ndviFields.id, reg.json().fieldId));
    expect(row.providerFieldId).toBe('poly-7');
    const series = await online.app.inject({ method: 'GET', url: `/api/v1/ndvi/timeseries?fieldId=${row.id}`, headers: online.auth(accessToken) });
    expect(series.json()).toMatchObject({ estimated: false, source: 'agromonitoring', ndvi: [{ date: '2026-01-01', ndvi: 0.48 }] });
  });

  it('answers a translated 503 and stores nothing when the service is down', async () => {
    up = false;
    const { accessToken } = await online.login('farmer2');
    const [{ n: before }] = await online.db.select({ n: count() }).from(ndviFields);
    const reg = await online.app.inject({ method: 'POST', url: '/api/v1/ndvi/register-field', payload: { lat: 21, lon: 76 }, headers: online.auth(accessToken) });
    expect(reg.statusCode).toBe(503);
    expect(reg.json().message.marathi).toContain('NDVI');
    const [{ n: after }] = await online.db.select({ n: count() }).from(ndviFields);
    expect(after).toBe(before);
  });
});
