/**
 * Issue 14 item 10: free-text crop names are one crop in analytics. A saved field's crop is stored as its
 * catalogue key ('कांदा', 'kanda', 'प्याज' → 'onion'); rows saved before that are grouped by the key at read time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cropHistory, fields } from '../../../server/src/db/schema';
import { cropKey, normaliseCropName } from '../../../server/src/domain/crops/catalogue';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['coordinator', 'farmer'] as const) token[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: t.auth(token[who]) });

describe('the crop catalogue', () => {
  it('knows names, synonyms and transliterations in Marathi, Hindi and English', () => {
    for (const name of ['कांदा', 'kanda', 'Kanda ', 'Onion', 'प्याज', 'PYAZ']) expect(cropKey(name)).toBe('onion');
    for (const name of ['सोयाबीन', 'soyabean', 'Soybean']) expect(cropKey(name)).toBe('soybean');
    for (const name of ['हरभरा', 'चना', 'chana', 'Gram (chickpea)']) expect(cropKey(name)).toBe('gram');
    for (const name of ['तूर', 'अरहर', 'toor', 'Tur (pigeon pea)']) expect(cropKey(name)).toBe('tur');
    expect(cropKey('रब्बी  ज्वारी')).toBe('rabi-jowar');
    expect(cropKey('ज्वारी')).toBe('jowar');
    expect(cropKey('मिरची')).toBe('chilli');
    expect(cropKey('Okra')).toBeNull();
    expect(normaliseCropName('  Okra ')).toBe('Okra');
    expect(normaliseCropName(undefined)).toBeUndefined();
  });
});

describe('saving and counting crops', () => {
  it('stores an added field’s crop as its catalogue key, and keeps an unknown one as typed', async () => {
    const add = async (fieldId: string, crop: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/fields',
        headers: t.auth(token.farmer),
        payload: { name: `Plot ${fieldId}`, fieldId, currentCrop: { name: crop } },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.db.select({ cropName: fields.cropName }).from(fields).where(eq(fields.fieldId, fieldId));
      return row.cropName;
    };
    expect(await add('FLD900001AAA', ' कांदा ')).toBe('onion');
    expect(await add('FLD900002AAA', 'kanda')).toBe('onion');
    expect(await add('FLD900003AAA', 'प्याज')).toBe('onion');
    expect(await add('FLD900004AAA', 'Bhendi ')).toBe('Bhendi');
  });

  it('groups the crop distribution by the key, also for rows saved before (read time)', async () => {
    // Old rows, written as typed before names were normalised.
    await t.db.update(fields).set({ cropName: 'Kanda ' }).where(eq(fields.id, F.farmer.id));
    await t.db.update(fields).set({ cropName: 'कांदा' }).where(eq(fields.id, F.farmer2.id));
    const a = (await get('coordinator', '/coordinator/analytics?period=week')).json().analytics;
    // Five onion fields ('Kanda ', 'कांदा' and the three added above) and the farmer's okra-like 'Bhendi'.
    expect(a.cropDistribution).toEqual({ onion: 83.3, bhendi: 16.7 });
  });

  it('gives one yield series per catalogue crop, and filters by any of its names', async () => {
    await t.db.insert(cropHistory).values([
      { fieldId: F.farmer.id, crop: 'Kanda', harvestedDate: '2026-10-15', yield: 20, yieldUnit: 'quintal' },
      { fieldId: F.farmer2.id, crop: 'कांदा', harvestedDate: '2026-10-20', yield: 30, yieldUnit: 'quintal' },
      { fieldId: F.farmer2.id, crop: 'प्याज ', harvestedDate: '2026-10-25', yield: 1000, yieldUnit: 'kg' },
      { fieldId: F.farmer2.id, crop: 'Bhendi', harvestedDate: '2026-10-25', yield: 5, yieldUnit: 'quintal' },
    ]);
    const all = (await get('coordinator', '/fields/analytics/yield-trends')).json();
    expect(all.crops).toEqual(['bhendi', 'onion']);
    expect(all.yieldTrends).toEqual([
      { crop: 'bhendi', data: [{ month: 10, year: 2026, averageYield: 5 }] },
      { crop: 'onion', data: [{ month: 10, year: 2026, averageYield: 20 }] },
    ]);
    const onion = (await get('coordinator', `/fields/analytics/yield-trends?crops=${encodeURIComponent('कांदा')}`)).json();
    expect(onion.yieldTrends.map((y: { crop: string }) => y.crop)).toEqual(['onion']);
  });
});
