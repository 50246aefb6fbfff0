/**
 * GET /fields/map (modules/fields/pinCache.ts): the columns decode to the same pins, each role sees only its
 * scope, the cached answer is served again (not re-read) until a write that changes pins clears it — here or,
 * through NOTIFY, in another process — and ETag / If-None-Match and br / gzip work.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FieldPin, FieldPins } from '../../../contracts/fields';
import { fields } from '../../../server/src/db/schema';
import { ACCESS_CHANNEL } from '../../../server/src/lib/accessCache';
import { encodePins, etagMatches, pickEncoding } from '../../../server/src/modules/fields/pinCache';
import { decodePins } from '../../../src/shared/fieldPins';
import { FIXTURE, createTestApp, type FixtureUser, type TestApp } from '../helper';

let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
// A long cache life: anything new a request sees within this file can only be the invalidation, not the clock.
beforeAll(async () => {
  t = await createTestApp({ config: { mapCacheSeconds: 600 } });
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(() => t?.close());

const get = (who: FixtureUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/fields/map', headers: { ...t.auth(tokens[who]!), ...headers } });
const pins = async (who: FixtureUser) => {
  const res = await get(who);
  expect(res.statusCode, res.body).toBe(200);
  return decodePins(res.json() as FieldPins);
};
const codes = async (who: FixtureUser) => (await pins(who)).map((p) => p.fieldId);
const pinOf = async (who: FixtureUser, fieldId: string) => (await pins(who)).find((p) => p.fieldId === fieldId);

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe('the compact answer', () => {
  it('decodes to the pins it encodes (dictionaries, missing crop and farmer, statuses, rounding)', () => {
    const list: FieldPin[] = [
      { fieldId: 'FLD1', fieldName: 'North', status: 'good', crop: 'wheat', farmerName: 'Ramesh', lat: 19.1234567, lng: 75.7654321 },
      { fieldId: 'FLD2', fieldName: 'South', status: 'alert', crop: null, farmerName: null, lat: -1, lng: 0 },
      { fieldId: 'FLD3', fieldName: 'East', status: 'warning', crop: 'wheat', farmerName: 'Ramesh', lat: 20, lng: 76 },
    ];
    const c = encodePins(list);
    expect(c).toMatchObject({ count: 3, status: 'gaw', crops: ['wheat'], crop: [0, -1, 0], farmers: ['Ramesh'], farmer: [0, -1, 0] });
    expect(decodePins(JSON.parse(JSON.stringify(c)))).toEqual([{ ...list[0], lat: 19.12346, lng: 75.76543 }, list[1], list[2]]);
    expect(decodePins(encodePins([]))).toEqual([]);
  });

  it('answers in columns with the fields in reach, in a stable order', async () => {
    const body = (await get('admin')).json() as FieldPins;
    expect(Object.keys(body).sort()).toEqual(['count', 'crop', 'crops', 'farmer', 'farmers', 'fieldId', 'lat', 'lng', 'name', 'status']);
    expect(body.fieldId).toEqual(['FLD000001AAA', 'FLD000002AAA', 'FLD000003AAA', 'FLD000004AAA']);
    expect(body.farmers).toContain('Ramesh Patil');
  });
});

describe('scope', () => {
  it('a coordinator sees only the fields of farmers they manage; admin all; a farmer none', async () => {
    expect(await codes('coordinator')).toEqual([FIXTURE.fields.farmer.fieldId, FIXTURE.fields.farmer2.fieldId]);
    expect(await codes('coordinator2')).toEqual([FIXTURE.fields.farmer3.fieldId, FIXTURE.fields.farmer4.fieldId]);
    expect((await codes('admin')).length).toBe(4);
    expect((await get('farmer')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fields/map' })).statusCode).toBe(401);
  });

  it('two coordinators never share a cached answer (even when both were cached)', async () => {
    await codes('coordinator');
    await codes('coordinator2');
    expect(await codes('coordinator')).not.toContain(FIXTURE.fields.farmer3.fieldId);
    expect(await codes('coordinator2')).not.toContain(FIXTURE.fields.farmer.fieldId);
  });
});

describe('invalidation', () => {
  it('serves the cached answer: a change written behind its back is not seen until announced (another process)', async () => {
    const code = FIXTURE.fields.farmer4.fieldId;
    const before = await pinOf('admin', code);
    await t.db.update(fields).set({ lat: 18.5, lng: 73.85 }).where(eq(fields.id, FIXTURE.fields.farmer4.id));
    expect(await pinOf('admin', code)).toEqual(before);
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ fields: true })})`);
    expect(await eventually(async () => (await pinOf('admin', code))?.lat === 18.5)).toBe(true);
  });

  it('a new field shows on the very next request of the coordinator and the admin', async () => {
    await codes('coordinator');
    await codes('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fields',
      headers: t.auth(tokens.coordinator!),
      payload: { fieldId: 'FLD900001MAP', name: 'Map plot', farmerId: FIXTURE.users.farmer.id, location: { coordinates: { lat: 19.5, lng: 75.5 } }, currentCrop: { name: 'cotton' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await pinOf('coordinator', 'FLD900001MAP')).toEqual({
      fieldId: 'FLD900001MAP', fieldName: 'Map plot', status: 'good', crop: 'cotton', farmerName: 'Ramesh Patil', lat: 19.5, lng: 75.5,
    });
    expect(await codes('admin')).toContain('FLD900001MAP');
    expect(await codes('coordinator2')).not.toContain('FLD900001MAP');
  });

  it('a saved location moves the pin on the next request', async () => {
    await pins('coordinator');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/fields/${FIXTURE.fields.farmer.id}/location`,
      headers: t.auth(tokens.coordinator!),
      payload: { lat: 18.123456, lng: 74.654321 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pinOf('coordinator', FIXTURE.fields.farmer.fieldId)).toMatchObject({ lat: 18.12346, lng: 74.65432 });
  });

  it('a health change (an alert raised by the engine) recolours the pin on the next request', async () => {
    expect(await pinOf('coordinator', FIXTURE.fields.farmer2.fieldId)).toMatchObject({ status: 'good' });
    const pushed = await t.app.alertEngine.raise(FIXTURE.fields.farmer2.id, {
      type: 'pest', severity: 'critical', messageKey: 'alert.pest.detected', messageParams: { pest: 'aphids' }, message: 'Aphids detected',
    });
    expect(pushed).not.toBeNull();
    expect(await pinOf('coordinator', FIXTURE.fields.farmer2.fieldId)).toMatchObject({ status: 'alert' });
  });

  it('reassigning a farmer moves their fields between coordinators; a renamed farmer shows renamed', async () => {
    expect(await codes('coordinator')).not.toContain(FIXTURE.fields.farmer3.fieldId);
    const assign = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/farmer/${FIXTURE.users.farmer3.id}/assign-coordinator`,
      headers: t.auth(tokens.admin!),
      payload: { coordinatorId: FIXTURE.users.coordinator.id },
    });
    expect(assign.statusCode, assign.body).toBeLessThan(300);
    expect(await codes('coordinator')).toContain(FIXTURE.fields.farmer3.fieldId);
    expect(await codes('coordinator2')).not.toContain(FIXTURE.fields.farmer3.fieldId);

    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/farmer/${FIXTURE.users.farmer3.id}`,
      headers: t.auth(tokens.admin!),
      payload: { name: 'Ganesh M. More', email: FIXTURE.users.farmer3.email, phoneNumber: '9876500023' },
    });
    expect(rename.statusCode, rename.body).toBeLessThan(300);
    expect(await pinOf('admin', FIXTURE.fields.farmer3.fieldId)).toMatchObject({ farmerName: 'Ganesh M. More' });
  });
});

describe('HTTP caching and compression', () => {
  it('ETag with If-None-Match → 304 without a body; a change gives a new ETag', async () => {
    const first = await get('admin');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('admin', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.db.update(fields).set({ name: 'Renamed plot' }).where(eq(fields.id, FIXTURE.fields.farmer4.id));
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ fields: true })})`);
    expect(await eventually(async () => (await get('admin', { 'if-none-match': etag })).statusCode === 200)).toBe(true);
    expect((await get('admin')).headers.etag).not.toBe(etag);
  });

  it('sends brotli or gzip when accepted, plain JSON otherwise, all the same answer', async () => {
    // Enough pins to pass the compression threshold.
    await t.db.insert(fields).values(
      Array.from({ length: 60 }, (_, i) => ({ fieldId: `FLD8${String(i).padStart(5, '0')}ZIP`, name: `Zip plot ${i}`, farmerId: FIXTURE.users.farmer4.id, lat: 19 + i / 100, lng: 75 })),
    );
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ fields: true })})`);
    expect(await eventually(async () => (await codes('admin')).length > 60)).toBe(true);
    const plain = await get('admin', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const br = await get('admin', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('admin', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
  });

  it('negotiates encodings and compares ETags as HTTP says', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
