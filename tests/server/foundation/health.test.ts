import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/health', () => {
  it('reports the database and registered brokers', async () => {
    t.app.health.register('test-broker', () => ({ ok: true, kind: 'stub' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ok: true });
    expect(body.broker['test-broker']).toEqual({ ok: true, kind: 'stub' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptime).toBe('number');
  });

  it('is degraded when a broker reports trouble and 503 when the database is down', async () => {
    t.app.health.register('failing', () => {
      throw new Error('broker gone');
    });
    const degraded = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json().status).toBe('degraded');
    expect(degraded.json().broker.failing).toEqual({ ok: false, error: 'broker gone' });

    const ping = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'down', database: { ok: false } });
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
