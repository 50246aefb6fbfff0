import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(() => t.close());

const details = (token?: string) => t.app.inject({ method: 'GET', url: '/api/v1/health/details', headers: token ? t.auth(token) : {} });

describe('GET /api/v1/health', () => {
  it('tells anyone the status and the build, and nothing about the ingest, database or brokers', async () => {
    t.app.health.register('test-broker', () => ({ ok: true, kind: 'stub' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(res.body).not.toMatch(/ingest|queued|reject|broker|pglite|postgres|uptime/i);
  });
});

describe('GET /api/v1/health/details', () => {
  it('is for admins only', async () => {
    expect((await details()).statusCode).toBe(401);
    for (const who of ['coordinator', 'farmer'] as const) expect((await details((await t.login(who)).accessToken)).statusCode).toBe(403);
  });

  it('reports the database, registered brokers and the ingest queue to an admin', async () => {
    const res = await details(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ok: true });
    expect(body.broker['test-broker']).toEqual({ ok: true, kind: 'stub' });
    expect(body.broker.ingest).toMatchObject({ ok: true, queued: 0, refused: 0, rejections: {} });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptime).toBe('number');
  });

  it('is degraded when a broker reports trouble and 503 with Retry-After when the database is down', async () => {
    t.app.health.register('failing', () => {
      throw new Error('broker gone');
    });
    const degraded = await details(admin);
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json().status).toBe('degraded');
    expect(degraded.json().broker.failing).toEqual({ ok: false, error: 'broker gone' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toEqual({ status: 'degraded', version: t.app.appVersion });

    const ping = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe(String(t.app.config.retryAfterSeconds));
      expect(down.json()).toEqual({ status: 'down', version: t.app.appVersion });
      const downDetails = await details(admin);
      expect(downDetails.statusCode).toBe(503);
      expect(downDetails.json()).toMatchObject({ status: 'down', database: { ok: false } });
    } finally {
      t.database.ping = ping;
    }
  });
});

describe('GET /api/v1/test-updated-code', () => {
  it('says which version is answering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-updated-code' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'ShetMitra API is running', version: t.app.appVersion, startedAt: expect.any(String) });
    expect(Date.parse(res.json().startedAt)).toBeLessThanOrEqual(Date.now());
  });
});
