import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';
import { json, startStub, type Stub } from '../support/stubServer';

let t: TestApp;
const tokens: Record<string, string> = {};
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: t.auth(tokens[who]) });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['farmer', 'farmer2', 'coordinator', 'coordinator2', 'admin'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

describe('GET /fields (field choices)', () => {
  it('lists only the fields in the caller\'s reach', async () => {
    const ids = async (who: string) => (await get('/fields', who)).json().data.fields.map((f: { fieldId: string }) => f.fieldId).sort();
    expect(await ids('farmer')).toEqual(['FLD000001AAA']);
    expect(await ids('coordinator')).toEqual(['FLD000001AAA', 'FLD000002AAA']);
    expect(await ids('admin')).toEqual(['FLD000001AAA', 'FLD000002AAA', 'FLD000003AAA', 'FLD000004AAA']);
  });
});

describe('GET /fdss, /fdss/weather/current, /fdss/insights (offline)', () => {
  it('describes itself', async () => {
    expect((await get('/fdss', 'farmer')).json().weatherSource).toBe('seasonal-estimate');
  });

  it('gives a seasonal weather estimate for the farmer\'s field, flagged estimated', async () => {
    const res = await get(`/fdss/weather/current?fieldId=${t.fixture.fields.farmer.fieldId}`, 'farmer');
    expect(res.statusCode).toBe(200);
    const w = res.json();
    expect(w.estimated).toBe(true);
    expect(w.temperature).toBeGreaterThan(5);
    expect(w.temperature).toBeLessThan(45);
    expect(w.humidity).toBeGreaterThanOrEqual(10);
    expect(w.rainChance).toBeGreaterThanOrEqual(0);
  });

  it('advises on the dry field (moisture 21 % < 25 %): irrigate or wait for rain, with the numbers', async () => {
    const res = await get(`/fdss/insights?fieldId=${t.fixture.fields.farmer.id}`, 'farmer');
    const { data } = res.json();
    expect(data.fieldId).toBe('FLD000001AAA');
    expect(data.weatherEstimated).toBe(true);
    const water = data.insights.find((i: { id: string }) => i.id === 'irrigate-now' || i.id === 'wait-for-rain');
    expect(water.basis).toMatchObject({ moisture: 21, moistureLow: 25 });
    expect(water.message.marathi).toContain('21 %');
  });

  it('lets a coordinator see a managed farmer\'s field, but answers 404 outside the caller\'s reach', async () => {
    const field = t.fixture.fields.farmer.fieldId;
    expect((await get(`/fdss/insights?fieldId=${field}`, 'coordinator')).statusCode).toBe(200);
    expect((await get(`/fdss/insights?fieldId=${field}`, 'coordinator2')).statusCode).toBe(404);
    expect((await get(`/fdss/weather/current?fieldId=${field}`, 'farmer2')).statusCode).toBe(404);
    expect((await get('/fdss/insights?fieldId=FLD999999ZZZ', 'admin')).statusCode).toBe(404);
  });

  it('refuses a missing or oversized fieldId with a translated 400', async () => {
    const res = await get('/fdss/insights', 'farmer');
    expect(res.statusCode).toBe(400);
    expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
    expect((await get(`/fdss/insights?fieldId=${'x'.repeat(65)}`, 'farmer')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fdss/insights?fieldId=FLD000001AAA' })).statusCode).toBe(401);
  });
});

describe('with a forecast service (local Open-Meteo stub)', () => {
  let stub: Stub;
  let online: TestApp;
  let token: string;
  beforeAll(async () => {
    stub = await startStub(3522, (_req, res) =>
      json(res, 200, {
        current: { time: '2026-07-15T11:30', temperature_2m: 26.1, relative_humidity_2m: 90 },
        daily: { temperature_2m_max: [28, 29, 30], precipitation_sum: [0, 0, 0], precipitation_probability_max: [10, 5, 5] },
      }),
    );
    online = await createTestApp({ config: { weatherUrl: stub.url } });
    token = (await online.login('farmer')).accessToken;
  });
  afterAll(async () => {
    await online.close();
    await stub.close();
  });

  it('uses the forecast at the field\'s position and advises from it', async () => {
    const w = await online.app.inject({ method: 'GET', url: '/api/v1/fdss/weather/current?fieldId=FLD000001AAA', headers: online.auth(token) });
    expect(w.json()).toMatchObject({ temperature: 26.1, humidity: 90, rainChance: 10, estimated: false, source: 'open-meteo' });
    expect(new URL(stub.calls.at(-1)!.url, stub.url).searchParams.get('latitude')).toBe('18.52');
    const ins = await online.app.inject({ method: 'GET', url: '/api/v1/fdss/insights?fieldId=FLD000001AAA', headers: online.auth(token) });
    const ids = ins.json().data.insights.map((i: { id: string }) => i.id);
    expect(ids).toContain('irrigate-now');
    expect(ids).toContain('fungal-risk');
    expect(ins.json().data.insights[0].type).toBe('alert');
  });
});
