/**
 * Input refused at the root (plugins/inputGuard.ts, lib/multipart.ts): NUL characters in params, querystring,
 * JSON bodies (values and keys), multipart fields and CSV cells; bodies nested thousands of levels deep;
 * malformed multipart bodies. Each is a translated 400 and writes nothing, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { createTestApp, FIXTURE, type TestApp } from '../helper';
import { multipart } from '../support/multipart';

let t: TestApp;
let admin: string;
let farmer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  farmer = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

type Res = { statusCode: number; json(): unknown };
const expect400 = (res: Res, code: string) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: string; message: { english: string; marathi: string; hindi: string } };
  expect(body.code).toBe(code);
  expect(body.message.marathi).toMatch(/[\u0900-\u097F]/);
  expect(body.message.hindi).toMatch(/[\u0900-\u097F]/);
  return body;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) } });

describe('NUL characters', () => {
  it('in a querystring or a path parameter → 400 NUL_BYTE', async () => {
    expect400(await t.app.inject({ method: 'GET', url: '/api/v1/admin/farmers?search=%00', headers: bearer(admin) }), 'NUL_BYTE');
    expect400(await t.app.inject({ method: 'GET', url: '/api/v1/admin/farmers?search=ab%00cd', headers: bearer(admin) }), 'NUL_BYTE');
    expect400(await t.app.inject({ method: 'GET', url: '/api/v1/fields/%00', headers: bearer(farmer) }), 'NUL_BYTE');
  });

  it('in a JSON value or key → 400 NUL_BYTE and nothing written', async () => {
    expect400(await json('PATCH', '/auth/profile', JSON.stringify({ name: 'Ramesh\u0000Patil' }), farmer), 'NUL_BYTE');
    expect400(await json('PATCH', '/auth/profile', JSON.stringify({ 'na\u0000me': 'x' }), farmer), 'NUL_BYTE');
    expect400(await json('POST', '/auth/login', JSON.stringify({ email: 'a@b.in', password: ['x', 'y\u0000'] })), 'NUL_BYTE');
    const [me] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, FIXTURE.users.farmer.id));
    expect(me.name).toBe('Ramesh Patil');
  });

  it('in a CSV cell of the farmer import → 400 and nothing imported', async () => {
    const csv = 'name,email,phone\nNul\u0000Farmer,nul@test.shetmitra.in,9876543210\n';
    const { payload, headers } = multipart([{ name: 'file', filename: 'farmers.csv', contentType: 'text/csv', data: csv }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload, headers: { ...headers, ...bearer(admin) } });
    expect400(res, 'CSV_INVALID');
    expect(await t.db.select().from(users).where(eq(users.email, 'nul@test.shetmitra.in'))).toHaveLength(0);
  });

  it('in a multipart field or file name → 400 NUL_BYTE', async () => {
    const field = multipart([
      { name: 'note', data: 'a\u0000b' },
      { name: 'file', filename: 'farmers.csv', contentType: 'text/csv', data: 'name,email,phone\n' },
    ]);
    expect400(
      await t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload: field.payload, headers: { ...field.headers, ...bearer(admin) } }),
      'NUL_BYTE',
    );
    const file = multipart([{ name: 'image', filename: 'leaf\u0000.png', contentType: 'image/png', data: Buffer.alloc(10) }]);
    expect400(await t.app.inject({ method: 'POST', url: '/api/v1/disease/detect', payload: file.payload, headers: { ...file.headers, ...bearer(farmer) } }), 'NUL_BYTE');
  });
});

describe('deeply nested JSON', () => {
  const deepArray = '['.repeat(6000) + ']'.repeat(6000);
  const deepObject = '{"a":'.repeat(6000) + '1' + '}'.repeat(6000);
  it('on a union-schema route → 400 TOO_DEEP', async () => {
    expect400(await json('POST', '/auth/2fa/disable', deepArray, farmer), 'TOO_DEEP');
    expect400(await json('POST', '/auth/2fa/disable', deepObject, farmer), 'TOO_DEEP');
    expect400(await json('POST', '/auth/2fa/disable', `{"password":${deepArray}}`, farmer), 'TOO_DEEP');
    expect400(await json('POST', '/sensor-data/ingest', deepArray), 'TOO_DEEP');
  });
  it('a body of ordinary depth still passes the guard', async () => {
    const res = await json('PATCH', '/auth/profile', JSON.stringify({ notificationPreferences: { email: true, sms: true, push: true, alerts: true, reports: true } }), farmer);
    expect(res.statusCode).toBe(200);
  });
});

describe('malformed multipart', () => {
  const bodies: [string, string][] = [
    ['a cut-off part', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc'],
    ['a broken part header', '--x\r\nbad header\r\n\r\n'],
    ['no parts at all', 'garbage'],
  ];
  for (const url of ['/api/v1/disease/detect', '/api/v1/admin/farmers/import']) {
    it(`${url}: broken bodies and a missing boundary → 400`, async () => {
      for (const [, body] of bodies) {
        const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'multipart/form-data; boundary=x', ...bearer(admin) } });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { message: { marathi: string } }).message.marathi).toMatch(/[\u0900-\u097F]/);
      }
      const noBoundary = await t.app.inject({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'multipart/form-data', ...bearer(admin) } });
      expect(noBoundary.statusCode).toBe(400);
    });
  }
});
