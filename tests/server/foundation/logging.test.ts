/** Structured logs never carry passwords, tokens or authorization headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'debug' },
    logStream: { write: (line: string) => void lines.push(line) },
    routes: async (app) => {
      app.post('/echo', async (req) => {
        req.log.info({ body: req.body, headers: req.headers }, 'echo');
        throw new Error('failure after reading a secret body');
      });
    },
  });
});
afterAll(() => t.close());

describe('logs', () => {
  it('are JSON lines and redact credentials', async () => {
    const session = await t.login('farmer');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: FIXTURE.users.admin.email, password: 'Wrong-Secret-123' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { password: 'Echoed-Secret-456', refreshToken: session.refreshToken, token: 'abc-secret-token' },
    });
    t.app.log.info({ user: { password: 'Direct-Secret-789', accessToken: session.accessToken } }, 'direct');

    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const all = lines.join('\n');
    for (const secret of [FIXTURE_PASSWORD, 'Wrong-Secret-123', 'Echoed-Secret-456', 'Direct-Secret-789', 'abc-secret-token', session.accessToken, session.refreshToken.split('.')[1]]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[redacted]');
    expect(all).toContain('request failed');
  });
});
