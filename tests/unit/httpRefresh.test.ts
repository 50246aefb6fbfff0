/**
 * One refresh for one expired token: a call refused after another call's refresh has already replaced the
 * token is tried again with the new token, not with a second refresh (against a real HTTP server).
 */
import { describe, expect, it } from 'vitest';
import { http, setAuthBridge } from '@/services/http';
import { startApiServer, type ApiServer } from '../support/apiServer';

let api: ApiServer | undefined;

describe('a 401 after the token was replaced', () => {
  it('is retried with the current token without a second refresh', async () => {
    api = await startApiServer((req) => {
      if (req.authorization !== 'Bearer new') return { status: 401, body: {}, delayMs: req.path.endsWith('/slow') ? 400 : 0 };
      return { status: 200, body: { path: req.path } };
    });
    let token = 'old';
    let refreshes = 0;
    setAuthBridge({
      getAccessToken: () => token,
      refresh: async () => {
        refreshes++;
        token = 'new';
        return token;
      },
    });
    // Both leave with the old token; the quick one's 401 refreshes, the slow one's 401 comes after that.
    const [quick, slow] = await Promise.all([http.get('/quick'), http.get('/slow')]);
    expect(quick).toEqual({ path: '/api/v1/quick' });
    expect(slow).toEqual({ path: '/api/v1/slow' });
    expect(refreshes).toBe(1);
    expect(api.calls('/slow').map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('still refreshes when the refused token is the current one', async () => {
    api = await startApiServer((req) => (req.authorization === 'Bearer b' ? { status: 200, body: { ok: true } } : { status: 401, body: {} }));
    let token = 'a';
    let refreshes = 0;
    setAuthBridge({ getAccessToken: () => token, refresh: async () => (refreshes++, (token = 'b')) });
    await expect(http.get('/x')).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);
  });
});
