/** Bad input always gets a 4xx with the JSON error body, never a 500 and never a partial write. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { count } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { IdParams, PageQuery } from '../../../contracts/common';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    routes: async (app) => {
      app.get('/thing/:id', { schema: { params: IdParams } }, async (req) => ({ id: req.params.id }));
      app.get('/boom', async () => {
        throw new Error('database password is hunter2 at /srv/app.ts:12');
      });
      app.get('/page', { schema: { querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }) } }, async (req) => ({
        page: req.query.page,
        limit: req.query.limit,
      }));
    },
  });
  admin = (await t.login('admin')).accessToken;
});
afterAll(() => t.close());

type ErrorBody = {
  statusCode: number;
  code: string;
  error: string;
  message: { english: string; marathi: string; hindi: string };
  details: { fields: { field: string }[] };
};

const expectErrorBody = (res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/application\/json/);
  const body = res.json() as ErrorBody;
  expect(body).toMatchObject({ statusCode: status, code: expect.any(String), error: expect.any(String) });
  expect(body.message).toEqual({ english: expect.any(String), marathi: expect.any(String), hindi: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+|stack/);
  return body;
};

const postRaw = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('bad input', () => {
  it('malformed JSON → 400', async () => {
    const body = expectErrorBody(await postRaw('/auth/login', '{"email": "a@b.in", "password": '), 400);
    expect(body.code).toBe('MALFORMED_JSON');
    expectErrorBody(await postRaw('/auth/login', ''), 400);
  });

  it('wrong types, missing and unknown fields → 400 listing the fields', async () => {
    const wrongType = expectErrorBody(await postRaw('/auth/login', JSON.stringify({ email: 42, password: true })), 400);
    expect(wrongType.code).toBe('VALIDATION_ERROR');
    expect(wrongType.details.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['email']));
    const missing = expectErrorBody(await postRaw('/auth/login', JSON.stringify({ email: 'a@b.in' })), 400);
    expect(missing.details.fields.map((f: { field: string }) => f.field)).toContain('password');
    const unknown = expectErrorBody(await postRaw('/auth/login', JSON.stringify({ email: 'a@b.in', password: 'x', isAdmin: true })), 400);
    expect(unknown.details.fields.map((f: { field: string }) => f.field)).toContain('isAdmin');
    expectErrorBody(await postRaw('/auth/login', JSON.stringify(['a@b.in'])), 400);
    expectErrorBody(await postRaw('/auth/login', JSON.stringify({ email: 'not-an-email', password: 'x' })), 400);
  });

  it('prototype pollution attempts → 400', async () => {
    expectErrorBody(await postRaw('/auth/login', '{"email":"a@b.in","password":"x","__proto__":{"isAdmin":true}}'), 400);
    expectErrorBody(await postRaw('/auth/login', '{"email":"a@b.in","password":"x","constructor":{"prototype":{"isAdmin":true}}}'), 400);
  });

  it('over-long strings → 400 and nothing written', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    const res = await postRaw(
      '/auth/register',
      JSON.stringify({ name: 'न'.repeat(101), email: 'long@test.shetmitra.in', password: 'Password1', role: 'coordinator' }),
      { authorization: `Bearer ${admin}` },
    );
    expectErrorBody(res, 400);
    const tooLongPassword = await postRaw(
      '/auth/register',
      JSON.stringify({ name: 'Long', email: 'long@test.shetmitra.in', password: 'x'.repeat(129), role: 'coordinator' }),
      { authorization: `Bearer ${admin}` },
    );
    expectErrorBody(tooLongPassword, 400);
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after.n).toBe(before.n);
  });

  it('oversized body → 413', async () => {
    const big = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(t.config.bodyLimitBytes + 10) });
    const body = expectErrorBody(await postRaw('/auth/login', big), 413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('unsupported content type → 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectErrorBody(res, 415);
  });

  it('bad UUID in the path and bad query values → 400', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/test/thing/not-a-uuid' }), 400);
    expectErrorBody(await t.app.inject({ method: 'GET', url: "/api/v1/test/thing/1'%20or%201=1" }), 400);
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/test/thing/00000000-0000-4000-8000-000000000001' });
    expect(ok.statusCode).toBe(200);
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/test/page?limit=abc' }), 400);
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/test/page?limit=1000' }), 400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/page?limit=5' })).json()).toEqual({ page: 1, limit: 5 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/page' })).json()).toEqual({ page: 1, limit: 10 });
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/test/page?page=1&sneaky=1' }), 400);
  });

  it('unknown API paths → JSON 404', async () => {
    const body = expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }), 404);
    expect(body.code).toBe('NOT_FOUND');
  });

  it('an unexpected failure → 500 with a generic message only', async () => {
    const body = expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' }), 500);
    expect(body.message.english).toBe('Server error. Please try again later.');
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });
});
