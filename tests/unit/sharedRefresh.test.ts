/**
 * The tabs of one browser share one stored session; a tab refreshing with a token another tab already rotated
 * would end the session (reuse detection). Against a real HTTP server standing in for the API.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveSession, loadSession } from '@/services/sessionStore';
import { accessTokenExpiry, refreshShared } from '@/services/sharedRefresh';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { admin, farmer } from '../support/sessionFixtures';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token shaped like the server's (a JWT) that expires `inMs` after NOW. */
const jwt = (name: string, inMs: number) => `${b64url({ alg: 'HS256' })}.${b64url({ sub: name, exp: Math.floor((NOW + inMs) / 1000) })}.sig`;

let api: ApiServer;
let issued = 0;
beforeEach(async () => {
  issued = 0;
  api = await startApiServer((req) => {
    if (req.path !== '/api/v1/auth/refresh-token') return { status: 404 };
    const { refreshToken } = req.body as { refreshToken: string };
    if (refreshToken === 'revoked') return { status: 401, body: { message: 'Invalid refresh token' } };
    issued += 1;
    return { status: 200, body: { accessToken: jwt(`server-${issued}`, 900_000), refreshToken: `server-refresh-${issued}` } };
  });
});
afterEach(() => api.close());

const held = (refreshToken: string, user = farmer) => ({ refreshToken, userId: user._id });
const refresh = (h: ReturnType<typeof held>) => refreshShared(h, undefined, () => NOW);

describe('accessTokenExpiry', () => {
  it('reads the exp claim of a JWT, and nothing from anything else', () => {
    expect(accessTokenExpiry(jwt('a', 60_000))).toBe(NOW + 60_000);
    expect(accessTokenExpiry('access-1')).toBeNull();
    expect(accessTokenExpiry(`x.${b64url({ sub: 'a' })}.y`)).toBeNull();
  });
});

describe('refreshShared', () => {
  it('refreshes with its own token when no tab has done so, and stores the new pair for the others', async () => {
    saveSession({ accessToken: jwt('old', -1000), refreshToken: 'mine', user: farmer });
    const pair = await refresh(held('mine'));
    expect(api.calls('/auth/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'mine' }]);
    expect(pair.refreshToken).toBe('server-refresh-1');
    expect(loadSession()).toEqual({ ...pair, user: farmer });
  });

  it("takes another tab's newer pair while its access token is good, without asking the server", async () => {
    const theirs = { accessToken: jwt('theirs', 60_000), refreshToken: 'rotated-by-another-tab' };
    saveSession({ ...theirs, user: farmer });
    expect(await refresh(held('mine'))).toEqual(theirs);
    expect(api.calls('/auth/refresh-token')).toHaveLength(0);
  });

  it("refreshes with another tab's newer refresh token when that tab's access token has expired (or nearly)", async () => {
    for (const [n, inMs] of [[1, -60_000], [2, 5_000]] as const) {
      saveSession({ accessToken: jwt('theirs', inMs), refreshToken: `newer-${n}`, user: farmer });
      const pair = await refresh(held('mine'));
      expect(api.calls('/auth/refresh-token').at(-1)!.body).toEqual({ refreshToken: `newer-${n}` });
      expect(loadSession().refreshToken).toBe(pair.refreshToken);
    }
    expect(api.calls('/auth/refresh-token').map((c) => (c.body as { refreshToken: string }).refreshToken)).not.toContain('mine');
  });

  it("never takes another user's tokens, and leaves their stored session to the session machine", async () => {
    const theirs = { accessToken: jwt('admin', 60_000), refreshToken: 'admin-refresh', user: admin };
    saveSession(theirs);
    const pair = await refresh(held('mine', farmer));
    expect(api.calls('/auth/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'mine' }]);
    expect(pair.refreshToken).toBe('server-refresh-1');
    expect(loadSession()).toEqual(theirs);
  });

  it('a refused refresh fails and stores nothing', async () => {
    saveSession({ accessToken: jwt('old', -1000), refreshToken: 'revoked', user: farmer });
    await expect(refresh(held('revoked'))).rejects.toMatchObject({ status: 401 });
    expect(loadSession().refreshToken).toBe('revoked');
  });
});
