import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';
import { inspectPdf } from './support/pdfCheck';

let t: TestApp;
let token: string;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: t.auth(token) });
const SOIL = { ph: 7.9, nitrogen: 210, phosphorus: 12, potassium: 320, organicMatter: 0.9, location: 'औसा, जि. लातूर' };

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

describe('GET /land', () => {
  it('names its rating tables and sources', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/land', headers: t.auth(token) })).json();
    expect(body.defaultState).toBe('maharashtra');
    expect(body.ratingTables.map((r: { state: string }) => r.state).sort()).toEqual(['india', 'maharashtra']);
    expect(body.crops).toContain('soybean');
  });
});

describe('POST /land/report', () => {
  it('builds the report in the farmer\'s language (Marathi) from the soil values and location', async () => {
    const res = await post('/land/report', { ...SOIL, ndvi: [{ date: '2026-08-20', ndvi: 0.55 }], ndviEstimated: true });
    expect(res.statusCode).toBe(200);
    const { success, report } = res.json();
    expect(success).toBe(true);
    expect(report.language).toBe('marathi');
    expect(report.locationAnalysis).toMatchObject({ known: true, region: 'मराठवाडा' });
    expect(report.soilAnalysis.nitrogen).toMatchObject({ value: 210, statusKey: 'low', status: 'कमी' });
    expect(report.soilAnalysis.overallScore).toBeGreaterThan(0);
    expect(report.cropRecommendations.length).toBe(5);
    expect(report.ndviSummary.estimated).toBe(true);
  });

  it('writes English when asked', async () => {
    const { report } = (await post('/land/report', { ...SOIL, language: 'english' })).json();
    expect(report.locationAnalysis.region).toBe('Marathwada');
  });

  it.each([
    ['pH 15', { ...SOIL, ph: 15 }],
    ['a negative nutrient', { ...SOIL, nitrogen: -5 }],
    ['latitude 200', { ...SOIL, lat: 200, lon: 73 }],
    ['a missing potassium', { ph: 7, nitrogen: 200, phosphorus: 10 }],
    ['a pH given as text', { ...SOIL, ph: 'seven' }],
    ['an unknown field', { ...SOIL, owner: 'x' }],
    ['an NDVI value above 1', { ...SOIL, ndvi: [{ date: '2026-08-20', ndvi: 3 }] }],
  ])('refuses %s with a translated 400', async (_what, body) => {
    const res = await post('/land/report', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
  });
});

describe('POST /land/download-pdf', () => {
  it('renders land-health-report.pdf with shaped Devanagari text', async () => {
    const { report } = (await post('/land/report', SOIL)).json();
    const res = await post('/land/download-pdf', { report });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="land-health-report.pdf"');
    const { text, inkSpread } = await inspectPdf(res.rawPayload);
    expect(inkSpread).toBeGreaterThan(10);
    expect((text.match(/[\u0900-\u097F]/g) ?? []).length).toBeGreaterThan(200);
    expect(text).toContain('मृदा आरोग्य');
    expect(text).toContain('मराठवाडा');
    // Units, the rating table's footnote and the generated time in Marathi (no 'kg/ha', no Latin AM/PM).
    expect(text).not.toMatch(/kg\/ha|\b[AP]M\b|Soil Health Card/i);
  });

  it('refuses a report that is not a report', async () => {
    expect((await post('/land/download-pdf', { report: { hello: 'world' } })).statusCode).toBe(400);
    expect((await post('/land/download-pdf', {})).statusCode).toBe(400);
  });
});
