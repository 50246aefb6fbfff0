/** Login history and sessions: the caller's own only (BOLA), revocation at once (HTTP, refresh, socket), reports, suspicious sign-ins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginHistory, sessions } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helper';
import { UA, api, freshIp, signIn } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken }, remoteAddress: freshIp() });
const sessionOf = (refreshToken: string) => refreshToken.split('.')[0];

describe('login history and active sessions', () => {
  it('lists the caller’s own sign-ins with device, address and session, newest first', async () => {
    await signIn(t, 'farmer2', { password: 'Wrong-pass1', ip: '203.0.113.5' });
    const phone = (await signIn(t, 'farmer2', { ua: UA.phone, ip: '203.0.113.7' })).json();
    const laptop = (await signIn(t, 'farmer2', { ua: UA.laptop, ip: '198.51.100.2' })).json();
    const res = await api(t, 'GET', '/auth/login-history', laptop.accessToken);
    expect(res.statusCode).toBe(200);
    const { history } = res.json();
    expect(history.map((h: { status: string }) => h.status)).toEqual(['success', 'success', 'failed']);
    expect(history[0]).toMatchObject({ deviceType: 'desktop', ipAddress: '198.51.100.2', current: true, sessionActive: true, sessionId: sessionOf(laptop.refreshToken) });
    expect(history[1]).toMatchObject({ deviceType: 'mobile', ipAddress: '203.0.113.7', current: false, sessionActive: true, userAgent: UA.phone });
    expect(history[2]).toMatchObject({ status: 'failed', sessionId: null, sessionActive: false });
    for (const h of history) expect(Date.parse(h.timestamp)).toBeGreaterThan(Date.now() - 60_000);

    const active = (await api(t, 'GET', '/auth/sessions/active', phone.accessToken)).json().sessions;
    expect(active.map((s: { _id: string }) => s._id).sort()).toEqual([sessionOf(phone.refreshToken), sessionOf(laptop.refreshToken)].sort());
    expect(active.find((s: { current: boolean }) => s.current)._id).toBe(sessionOf(phone.refreshToken));

    const other = (await t.login('farmer3')).accessToken;
    const theirs = (await api(t, 'GET', '/auth/login-history', other)).json().history;
    expect(theirs.every((h: { sessionId: string | null }) => h.sessionId !== sessionOf(laptop.refreshToken))).toBe(true);
    expect((await api(t, 'GET', '/auth/sessions/active', other)).json().sessions).toHaveLength(1);
  });

  it('revokes a session at once: its next request, its refresh and its open socket all end', async () => {
    const keep = (await signIn(t, 'farmer')).json();
    const gone = (await signIn(t, 'farmer', { ua: UA.phone })).json();
    const socket = await t.connectAs(gone.accessToken);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

    const res = await api(t, 'DELETE', `/auth/sessions/${sessionOf(gone.refreshToken)}`, keep.accessToken);
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect((await api(t, 'GET', '/auth/profile', gone.accessToken)).statusCode).toBe(401);
    expect((await refresh(gone.refreshToken)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/auth/profile', keep.accessToken)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sessionOf(gone.refreshToken)));
    expect(row.revokedReason).toBe('revoked-by-user');
    // Revoking it again, or an id that does not exist, is not found.
    expect((await api(t, 'DELETE', `/auth/sessions/${sessionOf(gone.refreshToken)}`, keep.accessToken)).statusCode).toBe(404);
    expect((await api(t, 'DELETE', '/auth/sessions/not-a-uuid', keep.accessToken)).statusCode).toBe(400);
  });

  it('cannot read or revoke another user’s session or report their sign-in (BOLA → 404)', async () => {
    const victim = (await signIn(t, 'coordinator')).json();
    const attacker = (await signIn(t, 'admin')).json();
    const victimSession = sessionOf(victim.refreshToken);
    expect((await api(t, 'DELETE', `/auth/sessions/${victimSession}`, attacker.accessToken)).statusCode).toBe(404);
    const [entry] = await t.db.select().from(loginHistory).where(eq(loginHistory.sessionId, victimSession));
    expect((await api(t, 'POST', `/auth/suspicious/${entry.id}`, attacker.accessToken)).statusCode).toBe(404);
    expect((await api(t, 'GET', '/auth/profile', victim.accessToken)).statusCode).toBe(200);
    const [row] = await t.db.select().from(loginHistory).where(eq(loginHistory.id, entry.id));
    expect(row.reportedAt).toBeNull();
    expect((await api(t, 'GET', '/auth/login-history', undefined)).statusCode).toBe(401);
  });
});

describe('suspicious sign-ins', () => {
  it('marks a success after several failures from a new device, and a report ends its session', async () => {
    await signIn(t, 'farmer4', { ua: UA.laptop, ip: '192.0.2.10' });
    for (let i = 0; i < 3; i++) await signIn(t, 'farmer4', { password: 'Guess-1234', ip: '192.0.2.99' });
    const intruder = (await signIn(t, 'farmer4', { ua: 'curl/8.5', ip: '192.0.2.99' })).json();
    const owner = (await signIn(t, 'farmer4', { ua: UA.laptop, ip: '192.0.2.10' })).json();

    const history = (await api(t, 'GET', '/auth/login-history', owner.accessToken)).json().history;
    const flagged = history.find((h: { userAgent: string }) => h.userAgent === 'curl/8.5');
    expect(flagged).toMatchObject({ status: 'suspicious', sessionActive: true, reported: false });
    expect(history[0]).toMatchObject({ status: 'success', current: true });

    const report = await api(t, 'POST', `/auth/suspicious/${flagged._id}`, owner.accessToken);
    expect(report.statusCode).toBe(200);
    expect((await api(t, 'GET', '/auth/profile', intruder.accessToken)).statusCode).toBe(401);
    const after = (await api(t, 'GET', '/auth/login-history', owner.accessToken)).json().history;
    expect(after.find((h: { _id: string }) => h._id === flagged._id)).toMatchObject({ reported: true, sessionActive: false });
  });
});
