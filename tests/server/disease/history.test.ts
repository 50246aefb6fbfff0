/** The farmer's diagnosis history: written by each successful detection, read back only by its owner. */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diseaseDiagnoses } from '../../../server/src/db/schema';
import { recordDiagnosis } from '../../../server/src/modules/disease/repository';
import { createTestApp, type TestApp } from '../helper';
import { multipart } from '../support/multipart';
import { leafSvg, renderSvg } from './support/syntheticLeaves';

let t: TestApp;
let farmer: string;
let farmer2: string;
const detect = async (token: string, data: Buffer, query = '') => {
  const { payload, headers } = multipart([{ name: 'image', filename: 'leaf.png', contentType: 'image/png', data }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/disease/detect${query}`, payload, headers: { ...headers, ...t.auth(token) } });
};
const rowsOf = (userId: string) => t.db.select().from(diseaseDiagnoses).where(eq(diseaseDiagnoses.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  farmer = (await t.login('farmer')).accessToken;
  farmer2 = (await t.login('farmer2')).accessToken;
});
afterAll(() => t.close());

describe('disease history', () => {
  it('needs a session for the list and for one entry', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/disease/history' })).statusCode).toBe(401);
    const one = await t.app.inject({ method: 'GET', url: '/api/v1/disease/history/00000000-0000-4000-8000-000000000001' });
    expect(one.statusCode).toBe(401);
  });

  it('a detection writes exactly one row with the result as answered and a small WebP thumbnail; a refusal writes none', async () => {
    const me = t.fixture.users.farmer.id;
    const before = (await rowsOf(me)).length;
    const png = await renderSvg(leafSvg('rust', 77));
    const res = await detect(farmer, png, '?lang=english&crop=soybean');
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(me);
    expect(rows.length).toBe(before + 1);
    // The answer names the row it kept (the farmer rates the result by it); the row holds the result as answered.
    const { diagnosisId, ...answered } = res.json();
    const row = rows.find((r) => r.id === diagnosisId)!;
    expect(row.result).toEqual(answered);
    expect(row.thumbnail).toMatch(/^data:image\/webp;base64,/);
    const thumb = await sharp(Buffer.from(row.thumbnail.split(',')[1], 'base64')).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(160);

    const bad = await detect(farmer, Buffer.from('%PDF-1.7 not a photo'));
    expect(bad.statusCode).toBe(400);
    expect((await rowsOf(me)).length).toBe(before + 1);
  });

  it('lists the caller\'s own diagnoses newest first, with the disease name in every language, paged', async () => {
    const me = t.fixture.users.farmer2.id;
    const png = await renderSvg(leafSvg('powderyMildew', 78));
    const first = await detect(farmer2, png, '?lang=marathi&crop=grape');
    expect(first.statusCode).toBe(200);
    const base = (await rowsOf(me))[0];
    // Two more, later, without spending the rate limit on the analyser.
    await recordDiagnosis(t.db, me, { ...base.result, diseaseId: 'soybean-rust', severity: 2 }, base.thumbnail);
    await new Promise((r) => setTimeout(r, 5));
    await recordDiagnosis(t.db, me, { ...base.result, diseaseId: 'healthy', severity: 1 }, base.thumbnail);

    const page1 = await t.app.inject({ method: 'GET', url: '/api/v1/disease/history?limit=2', headers: t.auth(farmer2) });
    expect(page1.statusCode).toBe(200);
    const b1 = page1.json();
    expect(b1.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(b1.items.map((i: { diseaseId: string }) => i.diseaseId)).toEqual(['healthy', 'soybean-rust']);
    expect(b1.items[1].name).toMatchObject({ english: 'Soybean rust', marathi: 'सोयाबीनवरील तांबेरा' });
    expect(b1.items[0].thumbnail).toMatch(/^data:image\/webp;base64,/);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/v1/disease/history?limit=2&page=2', headers: t.auth(farmer2) })).json();
    expect(page2.items.map((i: { diseaseId: string }) => i.diseaseId)).toEqual(['grape-powdery-mildew']);
    expect(new Date(b1.items[0].createdAt) >= new Date(page2.items[0].createdAt)).toBe(true);

    // The other farmer's list holds none of these.
    const other = (await t.app.inject({ method: 'GET', url: '/api/v1/disease/history?limit=100', headers: t.auth(farmer) })).json();
    expect(other.items.some((i: { _id: string }) => b1.items.some((j: { _id: string }) => j._id === i._id))).toBe(false);

    // Opening one again gives the result as it was answered.
    const id = page2.items[0]._id;
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/disease/history/${id}`, headers: t.auth(farmer2) });
    expect(one.statusCode).toBe(200);
    const { diagnosisId: _firstId, ...firstResult } = first.json();
    expect(one.json().result).toEqual(firstResult);

    // Another user's diagnosis, an unknown id and a malformed id are all simply not found.
    for (const [token, path] of [
      [farmer, id],
      [farmer2, '00000000-0000-4000-8000-000000000001'],
      [farmer2, 'not-an-id'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/disease/history/${path}`, headers: t.auth(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('refuses a bad page query with a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/disease/history?limit=1000', headers: t.auth(farmer) });
    expect(res.statusCode).toBe(400);
  });
});
