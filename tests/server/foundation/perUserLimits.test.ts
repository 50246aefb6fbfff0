/**
 * Per-user limits on the costly signed-in routes: a user who changes address every request is still
 * counted as one, and gets 429 with Retry-After and a translated message; another user is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let farmer: string;
let farmer2: string;
let ip = 0;
const anotherAddress = () => `10.55.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp({ config: { chatPerUserPerMinute: 3, landPdfPerUserPerMinute: 2, diseaseDetectPerUserPerMinute: 2 } });
  farmer = (await t.login('farmer')).accessToken;
  farmer2 = (await t.login('farmer2')).accessToken;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: t.auth(token), remoteAddress: anotherAddress() });

async function expectLimited(url: string, max: number, payload: () => Promise<unknown> | unknown) {
  for (let i = 0; i < max; i++) expect((await post(url, farmer, await payload())).statusCode).not.toBe(429);
  const limited = await post(url, farmer, await payload());
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: { marathi: expect.stringMatching(/[\u0900-\u097F]/) } });
  // Another user, from the same kind of addresses, still has their own allowance.
  expect((await post(url, farmer2, await payload())).statusCode).not.toBe(429);
}

describe('per-user limits', () => {
  it('chatbot questions', async () => {
    await expectLimited('/chatbot', 3, () => ({ message: 'पीक विमा' }));
  });

  it('land-report PDFs', async () => {
    const { report } = (await post('/land/report', farmer, { ph: 7.1, nitrogen: 250, phosphorus: 15, potassium: 200, organicMatter: 0.8 })).json();
    await expectLimited('/land/download-pdf', 2, () => ({ report }));
  });

  it('leaf-photo detections', async () => {
    // A request without a photo still costs a try (the limit is checked before the upload is read).
    await expectLimited('/disease/detect', 2, () => ({ image: 'x' }));
  });
});
