/**
 * The sign-in throttle (issue 13 item 7, issue 14 item 9): guessing is slowed at the failing source,
 * the owner's right password from a source that has not been failing always gets in, one address can
 * carry a cooperative, and administrators see throttles in the login history and clear them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginHistory, users } from '../../../server/src/db/schema';
import { judgeSignIn, SIGN_IN_POLICY, sourceDelayMs } from '../../../server/src/domain/throttle/signInThrottle';
import { hashPassword } from '../../../server/src/lib/passwords';
import { FIXTURE, createTestApp, type TestApp } from '../helper';
import { api, signIn } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (email: string, ip: string, i = 0) => signIn(t, { email }, { password: `Wrong-guess-${i}`, ip });

describe('the policy', () => {
  const base = { now: 1_000_000_000, ip: 'A', lastSuccessHere: null, knownHere: false, addressFullUntil: null };
  it('gives a source 5 free failures, then a doubling wait capped at 15 minutes', () => {
    expect([4, 5, 6, 7, 20].map((n) => sourceDelayMs(n))).toEqual([0, 30_000, 60_000, 120_000, 15 * 60_000]);
    const five = Array.from({ length: 5 }, (_, i) => ({ at: base.now - 10_000 + i, ip: 'A' }));
    const v = judgeSignIn({ ...base, accountFailures: five });
    expect(v).toMatchObject({ allowed: false, scope: 'source' });
    expect(v.allowed === false && v.retryAfterSeconds).toBe(21);
    expect(judgeSignIn({ ...base, ip: 'B', accountFailures: five }).allowed).toBe(true);
  });
  it('under attack slows failing sources only; a success here starts the source afresh', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ at: base.now - 5_000, ip: `x${i}` }));
    expect(judgeSignIn({ ...base, ip: 'x1', accountFailures: many })).toMatchObject({ allowed: false, scope: 'account' });
    expect(judgeSignIn({ ...base, ip: 'fresh', accountFailures: many }).allowed).toBe(true);
    const five = Array.from({ length: 5 }, () => ({ at: base.now - 10_000, ip: 'A' }));
    expect(judgeSignIn({ ...base, accountFailures: five, lastSuccessHere: base.now - 1_000 }).allowed).toBe(true);
    expect(judgeSignIn({ ...base, accountFailures: five.map((f) => ({ ...f, at: base.now - SIGN_IN_POLICY.windowMs - 1 })) }).allowed).toBe(true);
  });
  it('an address at its ceiling waits, except for an account that signed in from it and has not failed', () => {
    const full = { ...base, accountFailures: [], addressFullUntil: base.now + 60_000 };
    expect(judgeSignIn(full)).toMatchObject({ allowed: false, scope: 'address', retryAfterSeconds: 60 });
    expect(judgeSignIn({ ...full, knownHere: true }).allowed).toBe(true);
  });
});

describe('POST /auth/login', () => {
  it('lets the owner in from a fresh address after 5 failures from other addresses', async () => {
    const email = FIXTURE.users.farmer4.email;
    for (let i = 0; i < 5; i++) expect((await wrong(email, `10.2.0.${i}`, i)).statusCode).toBe(401);
    expect((await signIn(t, 'farmer4', { ip: '10.2.0.99' })).statusCode).toBe(200);
  });

  it('lets the owner in from a fresh address after 50 failures from 50 other addresses; failing ones slow down', async () => {
    const email = FIXTURE.users.farmer3.email;
    for (let i = 0; i < 50; i++) expect((await wrong(email, `10.3.${i}.1`, i)).statusCode).toBe(401);
    // The account is under attack: an address that failed on it must keep a slower pace …
    const again = await wrong(email, '10.3.7.1', 99);
    expect(again.statusCode).toBe(429);
    expect(again.json().details.retryAfterSeconds).toBeGreaterThan(30);
    // … while the owner's right password from anywhere else gets in.
    expect((await signIn(t, 'farmer3', { ip: '10.3.99.1' })).statusCode).toBe(200);
  }, 60_000);

  it('throttles a guesser at one address with the wait in Retry-After and details, recorded in the history', async () => {
    const email = FIXTURE.users.farmer2.email;
    const ip = '10.5.0.1';
    for (let i = 0; i < 5; i++) expect((await wrong(email, ip, i)).statusCode).toBe(401);
    const refused = await wrong(email, ip, 9);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SIGN_IN_THROTTLED', details: { retryAfterSeconds: expect.any(Number) } });
    const wait = refused.json().details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    expect(Number(refused.headers['retry-after'])).toBe(wait);
    expect(refused.json().message.marathi).toMatch(/सेकंद/);
    // The right password from the failing source waits too …
    expect((await signIn(t, 'farmer2', { ip })).statusCode).toBe(429);
    // … but not from the owner's own phone elsewhere.
    expect((await signIn(t, 'farmer2', { ip: '10.5.0.2' })).statusCode).toBe(200);
    const rows = await t.db.select().from(loginHistory).where(and(eq(loginHistory.email, email), eq(loginHistory.status, 'throttled')));
    expect(rows.length).toBe(2);
    expect(rows[0].retryAt!.getTime()).toBeGreaterThan(Date.now());
    expect(rows[0].userId).toBe(FIXTURE.users.farmer2.id);
  });

  it('signs in 30 users behind one address, a few mistyping once or twice first', async () => {
    const passwordHash = await hashPassword('Coop-farmer-2026');
    const people = Array.from({ length: 30 }, (_, i) => ({
      name: `Coop farmer ${i}`,
      email: `coop${i}@test.shetmitra.in`,
      passwordHash,
      role: 'farmer' as const,
      managedBy: FIXTURE.users.coordinator.id,
    }));
    await t.db.insert(users).values(people);
    const ip = '10.6.0.1';
    for (const [i, p] of people.entries()) {
      for (let k = 0; k < i % 3; k++) expect((await wrong(p.email, ip, k)).statusCode).toBe(401);
      const res = await signIn(t, { email: p.email }, { password: 'Coop-farmer-2026', ip });
      expect(res.statusCode, p.email).toBe(200);
    }
  }, 60_000);

  it('holds an address at its ceiling, except for accounts that signed in from it before', async () => {
    const ip = '10.7.0.1';
    expect((await signIn(t, 'coordinator2', { ip })).statusCode).toBe(200);
    const rows = Array.from({ length: t.config.signInFailuresPerIp }, (_, i) => ({
      email: `ghost${i}@test.shetmitra.in`,
      status: 'failed' as const,
      reason: 'unknown_email',
      ipAddress: ip,
    }));
    await t.db.insert(loginHistory).values(rows);
    const stranger = await signIn(t, 'farmer', { ip });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().details.retryAfterSeconds).toBeGreaterThan(800);
    expect((await signIn(t, 'coordinator2', { ip })).statusCode).toBe(200);
    expect((await signIn(t, 'farmer', { ip: '10.7.0.2' })).statusCode).toBe(200);
  });
});

describe('administrators and throttles', () => {
  it('see a throttle in the login history and clear it; nobody else can', async () => {
    const email = FIXTURE.users.farmer.email;
    const ip = '10.8.0.1';
    for (let i = 0; i < 6; i++) await wrong(email, ip, i);
    expect((await signIn(t, 'farmer', { ip })).statusCode).toBe(429);

    const coordinator = (await t.login('coordinator')).accessToken;
    const farmer = (await t.login('farmer2')).accessToken;
    const url = `/admin/users/${FIXTURE.users.farmer.id}/sign-in`;
    expect((await api(t, 'GET', url, coordinator)).statusCode).toBe(403);
    expect((await api(t, 'POST', `${url}/clear`, farmer)).statusCode).toBe(403);

    const admin = (await t.login('admin')).accessToken;
    const seen = await api(t, 'GET', url, admin);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().throttled).toContainEqual({ ipAddress: ip, retryAt: expect.any(String) });
    expect(seen.json().history.map((h: { status: string }) => h.status)).toContain('throttled');

    const cleared = await api(t, 'POST', `${url}/clear`, admin);
    expect(cleared.statusCode).toBe(200);
    expect((await signIn(t, 'farmer', { ip })).statusCode).toBe(200);
    const after = (await api(t, 'GET', url, admin)).json();
    expect(after.throttled).toEqual([]);
    expect(after.history.find((h: { status: string }) => h.status === 'unthrottled')).toMatchObject({ actorId: FIXTURE.users.admin.id });
    // The user sees it in their own history too.
    const own = (await api(t, 'GET', '/auth/login-history', (await t.login('farmer')).accessToken)).json().history;
    expect(own.map((h: { status: string }) => h.status)).toEqual(expect.arrayContaining(['throttled', 'unthrottled']));
  });

  it('an admin cannot reach a superadmin or another admin; a superadmin can reach an admin', async () => {
    const admin = (await t.login('admin')).accessToken;
    expect((await api(t, 'GET', `/admin/users/${FIXTURE.users.superadmin.id}/sign-in`, admin)).statusCode).toBe(404);
    expect((await api(t, 'POST', `/admin/users/${FIXTURE.users.superadmin.id}/sign-in/clear`, admin)).statusCode).toBe(404);
    expect((await api(t, 'GET', '/admin/users/not-a-uuid/sign-in', admin)).statusCode).toBe(400);
    const superadmin = (await t.login('superadmin')).accessToken;
    expect((await api(t, 'GET', `/admin/users/${FIXTURE.users.admin.id}/sign-in`, superadmin)).statusCode).toBe(200);
  });
});
