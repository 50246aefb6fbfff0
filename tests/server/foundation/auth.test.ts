import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { appSecrets, loginHistory, sessions, users } from '../../../server/src/db/schema';
import { createTokenVerifier, signAccessToken, verifyAccessToken } from '../../../server/src/lib/jwt';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, ...extra });

describe('POST /auth/login', () => {
  it('signs in with tokens and the user, without the password hash, and records the attempt', async () => {
    const res = await post('/auth/login', { email: 'Farmer@Test.Shetmitra.in', password: FIXTURE_PASSWORD }, {
      remoteAddress: '10.1.0.1',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({ _id: FIXTURE.users.farmer.id, email: FIXTURE.users.farmer.email, role: 'farmer', managedBy: FIXTURE.users.coordinator.id });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);

    const [row] = await t.db.select().from(loginHistory).where(eq(loginHistory.ipAddress, '10.1.0.1'));
    expect(row).toMatchObject({ status: 'success', userId: FIXTURE.users.farmer.id, deviceType: 'mobile', sessionId: body.refreshToken.split('.')[0] });
  });

  it('stores argon2id hashes', async () => {
    const [u] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, FIXTURE.users.admin.id));
    expect(u.h.startsWith('$argon2id$')).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await post('/auth/login', { email: FIXTURE.users.admin.email, password: 'not-the-password' }, { remoteAddress: '10.1.0.2' });
    const unknown = await post('/auth/login', { email: 'nobody@test.shetmitra.in', password: 'not-the-password' }, { remoteAddress: '10.1.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Invalid email or password', message: { english: 'Invalid email or password' } });
    const failed = await t.db.select().from(loginHistory).where(eq(loginHistory.ipAddress, '10.1.0.2'));
    expect(failed.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('refuses an inactive account', async () => {
    const res = await post('/auth/login', { email: FIXTURE.users.inactive.email, password: FIXTURE_PASSWORD }, { remoteAddress: '10.1.0.3' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
  });

  // The sign-in throttle (per failing source, never the owner) is tested in tests/server/account/signInThrottle.test.ts.

  it('has a per-route request limit answering 429 with the error body', async () => {
    const strict = await createTestApp({ config: { authRateLimitPerMinute: 2 } });
    try {
      const send = () => strict.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@b.in', password: 'x' }, remoteAddress: '10.4.0.1' });
      expect((await send()).statusCode).toBe(401);
      expect((await send()).statusCode).toBe(401);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: { english: 'Too many requests. Please wait a moment and try again.' } });
      expect(limited.json().details.retryAfterSeconds).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBe(limited.json().details.retryAfterSeconds);
      // The limit counts per address and e-mail: another farmer behind the same address is not held back.
      const other = await strict.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'c@d.in', password: 'x' }, remoteAddress: '10.4.0.1' });
      expect(other.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; the old one then revokes the whole session', async () => {
    const first = await t.login('coordinator');
    const r1 = await post('/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.refreshToken.split('.')[0]).toBe(first.refreshToken.split('.')[0]);

    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(second.accessToken) });
    expect(profile.statusCode).toBe(200);

    // Replaying the rotated-away token: refused, and the session is gone for everyone.
    const replay = await post('/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: second.refreshToken })).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(second.accessToken) });
    expect(after.statusCode).toBe(401);
    const [s] = await t.db.select().from(sessions).where(eq(sessions.id, first.refreshToken.split('.')[0]));
    expect(s.revokedReason).toBe('refresh token reuse');
  });

  it('lets only one of two simultaneous uses of a token win, and treats the other as reuse', async () => {
    const s = await t.login('farmer');
    const [r1, r2] = await Promise.all([
      post('/auth/refresh-token', { refreshToken: s.refreshToken }),
      post('/auth/refresh-token', { refreshToken: s.refreshToken }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 401]);
    const winner = (r1.statusCode === 200 ? r1 : r2).json();
    expect((await post('/auth/refresh-token', { refreshToken: winner.refreshToken })).statusCode).toBe(401);
  });

  it("a wrong secret with someone's session id is refused and ends nothing; a rotated-away one still ends the session", async () => {
    const victim = await t.login('coordinator2');
    const id = victim.refreshToken.split('.')[0];
    expect((await post('/auth/refresh-token', { refreshToken: `${id}.${'x'.repeat(16)}` })).statusCode).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: `${id}.${'y'.repeat(43)}` })).statusCode).toBe(401);
    const [alive] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(alive.revokedAt).toBeNull();
    const next = await post('/auth/refresh-token', { refreshToken: victim.refreshToken });
    expect(next.statusCode).toBe(200);
    const third = await post('/auth/refresh-token', { refreshToken: next.json().refreshToken });
    expect(third.statusCode).toBe(200);
    // Two rotations back is still recognised as a leaked token.
    expect((await post('/auth/refresh-token', { refreshToken: victim.refreshToken })).statusCode).toBe(401);
    const [gone] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(gone.revokedReason).toBe('refresh token reuse');
  });

  it('refuses garbage, unknown and expired tokens with 401', async () => {
    expect((await post('/auth/refresh-token', { refreshToken: 'not-a-token-at-all' })).statusCode).toBe(401);
    expect((await post('/auth/refresh-token', { refreshToken: `00000000-0000-4000-8000-000000009999.${'a'.repeat(43)}` })).statusCode).toBe(401);
    const s = await t.login('farmer2');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, s.refreshToken.split('.')[0]));
    expect((await post('/auth/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
  });

  it('stops working once the user is deactivated, and so does the access token', async () => {
    const s = await t.login('farmer3');
    await t.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, FIXTURE.users.farmer3.id));
    try {
      expect((await post('/auth/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(s.accessToken) })).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ status: 'Active' }).where(eq(users.id, FIXTURE.users.farmer3.id));
    }
  });
});

describe('POST /auth/logout', () => {
  it('ends the session: its refresh and access tokens stop working at once', async () => {
    const s = await t.login('admin');
    const out = await post('/auth/logout', { refreshToken: s.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await post('/auth/refresh-token', { refreshToken: s.refreshToken })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(s.accessToken) })).statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, s.refreshToken.split('.')[0]));
    expect(row.revokedReason).toBe('logout');
  });
});

describe('lib/jwt', () => {
  it('verifies its own tokens, and refuses expired ones and other keys', () => {
    const claims = { sub: FIXTURE.users.farmer.id, role: 'farmer' as const, sid: FIXTURE.users.admin.id };
    const token = signAccessToken('k1', claims, 60);
    expect(verifyAccessToken('k1', token)).toMatchObject(claims);
    expect(verifyAccessToken('k2', token)).toBeNull();
    expect(verifyAccessToken('k1', signAccessToken('k1', claims, 60, Date.now() - 61_000))).toBeNull();
    expect(verifyAccessToken('k1', 'a.b.c')).toBeNull();
  });

  it('remembers verified tokens, yet still refuses them once expired and never remembers a bad one', () => {
    const claims = { sub: FIXTURE.users.farmer.id, role: 'farmer' as const, sid: FIXTURE.users.admin.id };
    const verify = createTokenVerifier('k1', 2);
    const now = Date.now();
    const token = signAccessToken('k1', claims, 60, now);
    expect(verify(token, now)).toMatchObject(claims);
    expect(verify(token, now + 1000)).toMatchObject(claims);
    expect(verify(token, now + 61_000)).toBeNull();
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect(verify(forged, now)).toBeNull();
    expect(verify(forged, now)).toBeNull();
    expect(verify(signAccessToken('k2', claims, 60, now), now)).toBeNull();
    // Bounded: older tokens are forgotten and checked again, still correctly.
    const others = [1, 2, 3].map((i) => signAccessToken('k1', { ...claims, sid: `${claims.sid.slice(0, -1)}${i}` }, 60, now));
    for (const t of others) expect(verify(t, now)).not.toBeNull();
    expect(verify(token, now)).toMatchObject(claims);
  });
});

describe('access tokens', () => {
  it('are refused when missing, tampered with or expired', async () => {
    const s = await t.login('farmer');
    const get = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: authorization ? { authorization } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(`Bearer ${s.accessToken}x`)).statusCode).toBe(401);
    const [h, p, sig] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect((await get(`Bearer ${h}.${forged}.${sig}`)).statusCode).toBe(401);
    const reissued = t.app.auth.issueAccessToken({ id: FIXTURE.users.farmer.id, role: 'farmer' }, s.refreshToken.split('.')[0]);
    expect((await get(`Bearer ${reissued}`)).statusCode).toBe(200);
    const res = await get();
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: { english: 'Session expired. Please log in again.' } });
  });

  it('stay valid across instances: the signing key is kept in the database', async () => {
    const s = await t.login('farmer');
    const { buildApp } = await import('../../../server/src/app');
    const second = await buildApp(t.config, { database: t.database });
    try {
      const res = await second.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(s.accessToken) });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
    const history = await t.db.select().from(loginHistory).orderBy(desc(loginHistory.createdAt)).limit(1);
    expect(history[0].status).toBe('success');
  });
});

describe('access token claims (iss, aud, nbf, iat, exp)', () => {
  const hmacToken = (secret: string, payload: Record<string, unknown>) => {
    const data = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
  };

  it('issues iss, aud, nbf, iat and exp', async () => {
    const s = await t.login('farmer');
    const claims = JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'shetmitra', aud: 'shetmitra-api', sub: FIXTURE.users.farmer.id });
    expect(claims.nbf).toBe(claims.iat);
    expect(claims.exp - claims.iat).toBe(t.config.accessTokenTtlSeconds);
  });

  it('answers 401 to a correctly signed token for another audience, from another issuer, not yet valid or issued in the future', async () => {
    const s = await t.login('farmer');
    const [row] = await t.db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, 'jwt'));
    const good = JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(token) });
    // The forging itself is right: the same claims re-signed are accepted.
    expect((await get(hmacToken(row.value, good))).statusCode).toBe(200);
    const bad: Record<string, Record<string, unknown>> = {
      otherAudience: { ...good, aud: 'shetmitra-mqtt' },
      audienceList: { ...good, aud: ['other'] },
      noAudience: { ...good, aud: undefined },
      otherIssuer: { ...good, iss: 'someone-else' },
      notYetValid: { ...good, nbf: now + 3600 },
      noNbf: { ...good, nbf: undefined },
      issuedInFuture: { ...good, iat: now + 3600, nbf: now },
      expired: { ...good, exp: now - 1 },
    };
    for (const [name, claims] of Object.entries(bad)) {
      expect({ name, status: (await get(hmacToken(row.value, claims))).statusCode }).toEqual({ name, status: 401 });
    }
  });

  it('checks nbf again for a remembered token', () => {
    const verify = createTokenVerifier('k1');
    const now = Date.now();
    const token = signAccessToken('k1', { sub: FIXTURE.users.farmer.id, role: 'farmer', sid: FIXTURE.users.admin.id }, 60, now);
    expect(verify(token, now)).not.toBeNull();
    expect(verify(token, now - 120_000)).toBeNull();
    expect(verifyAccessToken('k1', token, now - 120_000)).toBeNull();
  });
});
