/** Two-factor: setup, enable, the login step it adds, drift and replay, backup codes, disable, throttling. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backupCodes, loginHistory, twoFactor } from '../../../server/src/db/schema';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';
import { api, awayFromStepEdge, codeAt, freshIp, signIn } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const second = (challengeToken: string, code: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/2fa', payload: { challengeToken, code }, remoteAddress: ip });

async function enable(who: 'farmer' | 'farmer2' | 'coordinator' | 'admin') {
  const { accessToken } = (await signIn(t, who)).json();
  const setup = (await api(t, 'POST', '/auth/2fa/setup', accessToken)).json();
  await awayFromStepEdge();
  const res = await api(t, 'POST', '/auth/2fa/verify', accessToken, { code: codeAt(setup.secret, -1) });
  expect(res.statusCode).toBe(200);
  return { accessToken, ...setup } as { accessToken: string; secret: string; backupCodes: string[]; qrCode: string; otpauthUrl: string };
}

describe('setting up two-factor', () => {
  it('shows a QR image, the secret and ten backup codes stored only as hashes; a wrong code does not enable it', async () => {
    const { accessToken } = (await signIn(t, 'farmer3')).json();
    expect((await api(t, 'GET', '/auth/2fa/status', accessToken)).json()).toEqual({ isEnabled: false, backupCodesRemaining: 0 });
    const res = await api(t, 'POST', '/auth/2fa/setup', accessToken);
    expect(res.statusCode).toBe(200);
    const setup = res.json();
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.backupCodes).toHaveLength(10);
    const stored = await t.db.select().from(backupCodes).where(eq(backupCodes.userId, FIXTURE.users.farmer3.id));
    expect(stored).toHaveLength(10);
    for (const c of setup.backupCodes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));

    await awayFromStepEdge();
    const wrong = await api(t, 'POST', '/auth/2fa/verify', accessToken, { code: codeAt(setup.secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message.english).toBe('invalid verification code');
    expect((await api(t, 'GET', '/auth/2fa/status', accessToken)).json().isEnabled).toBe(false);
    expect((await signIn(t, 'farmer3')).json().accessToken).toBeDefined();

    expect((await api(t, 'POST', '/auth/2fa/verify', accessToken, { code: codeAt(setup.secret) })).statusCode).toBe(200);
    expect((await api(t, 'GET', '/auth/2fa/status', accessToken)).json()).toEqual({ isEnabled: true, backupCodesRemaining: 10 });
    expect((await api(t, 'POST', '/auth/2fa/setup', accessToken)).statusCode).toBe(409);
  });
});

describe('signing in with two-factor on', () => {
  let secret: string;
  let codes: string[];
  beforeAll(async () => {
    ({ secret, backupCodes: codes } = await enable('farmer'));
  });
  // Each test starts below the per-account failure throttle; the last test exercises it.
  beforeEach(async () => {
    await t.db.delete(loginHistory).where(eq(loginHistory.email, FIXTURE.users.farmer.email));
  });

  it('a right password gives a challenge and no tokens', async () => {
    const res = await signIn(t, 'farmer');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/accessToken|refreshToken/);
    expect((await signIn(t, 'farmer', { password: 'Wrong-pass1' })).statusCode).toBe(401);
  });

  it('accepts T-1, T and T+1, each once; refuses T-2, T+2 and replays', async () => {
    await awayFromStepEdge(6);
    const challenge = (await signIn(t, 'farmer')).json().challengeToken;
    const ok = async (code: string) => (await second(challenge, code)).statusCode;
    expect(await ok(codeAt(secret, -2))).toBe(400);
    expect(await ok(codeAt(secret, 2))).toBe(400);
    // The setup used T-1 already: it is spent. Steps are accepted only moving forward.
    const step0 = await second(challenge, codeAt(secret, 0));
    expect(step0.statusCode).toBe(200);
    expect(step0.json()).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), user: { email: FIXTURE.users.farmer.email } });
    expect(await ok(codeAt(secret, 0))).toBe(400);
    expect(await ok(codeAt(secret, -1))).toBe(400);
    expect(await ok(codeAt(secret, 1))).toBe(200);
    expect(await ok(codeAt(secret, 1))).toBe(400);
  });

  it('accepts T-1 for a user whose last code was older', async () => {
    const { secret: s2 } = await enable('farmer2');
    await awayFromStepEdge(6);
    // enable() spent T-1; set the last accepted step two back, as if that code was used a minute ago.
    await t.db.update(twoFactor).set({ lastUsedStep: Math.floor(Date.now() / 30000) - 2 }).where(eq(twoFactor.userId, FIXTURE.users.farmer2.id));
    const challenge = (await signIn(t, 'farmer2')).json().challengeToken;
    expect((await second(challenge, codeAt(s2, -1))).statusCode).toBe(200);
  });

  it('accepts each backup code once, case and dash ignored', async () => {
    const challenge = (await signIn(t, 'farmer')).json().challengeToken;
    expect((await second(challenge, codes[0].toLowerCase().replace('-', ' '))).statusCode).toBe(200);
    expect((await second(challenge, codes[0])).statusCode).toBe(400);
    expect((await second(challenge, codes[1])).statusCode).toBe(200);
    const { accessToken } = (await second(challenge, codes[2])).json();
    expect((await api(t, 'GET', '/auth/2fa/status', accessToken)).json().backupCodesRemaining).toBe(7);
  });

  it('refuses a forged or foreign challenge', async () => {
    const challenge = (await signIn(t, 'farmer')).json().challengeToken as string;
    const [payload, sig] = challenge.split('.');
    const forged = Buffer.from(JSON.stringify({ userId: FIXTURE.users.admin.id, purpose: 'login-2fa', expiresAt: Date.now() + 60_000 })).toString('base64url');
    const res = await second(`${forged}.${sig}`, codeAt(secret, 0));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CHALLENGE_EXPIRED');
    expect((await second(`${payload}.AAAA`, codeAt(secret, 0))).statusCode).toBe(401);
    expect((await second('x'.repeat(40), '123456')).statusCode).toBe(401);
  });

  it('wrong codes slow the guessing address (429 with the wait); the owner elsewhere still gets in', async () => {
    const challenge = (await signIn(t, 'farmer')).json().challengeToken;
    const guesser = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await second(challenge, '000000', guesser)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const refused = await second(challenge, codes[9], guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBe(refused.json().details.retryAfterSeconds);
    // Five wrong codes do not lock the account: a right code (the backup code the guesser could not spend) from another device works.
    expect((await second(challenge, codes[9])).statusCode).toBe(200);
  });
});

describe('backup codes and disabling', () => {
  it('makes a new set with a current code, and disables with a code or the password', async () => {
    const { accessToken, secret } = await enable('coordinator');
    await awayFromStepEdge();
    expect((await api(t, 'POST', '/auth/2fa/backup', accessToken, { code: '999999' })).statusCode).toBe(400);
    const fresh = await api(t, 'POST', '/auth/2fa/backup', accessToken, { code: codeAt(secret, 0) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().backupCodes).toHaveLength(10);

    expect((await api(t, 'POST', '/auth/2fa/disable', accessToken, { password: 'Wrong-pass1' })).statusCode).toBe(400);
    expect((await api(t, 'POST', '/auth/2fa/disable', accessToken, { code: '123', password: 'x' })).statusCode).toBe(400);
    const off = await api(t, 'POST', '/auth/2fa/disable', accessToken, { password: FIXTURE_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().message.english).toBe('two-factor authentication disabled successfully');
    expect((await api(t, 'GET', '/auth/2fa/status', accessToken)).json()).toEqual({ isEnabled: false, backupCodesRemaining: 0 });
    expect((await t.db.select().from(backupCodes).where(eq(backupCodes.userId, FIXTURE.users.coordinator.id)))).toHaveLength(0);
    expect((await signIn(t, 'coordinator')).json().accessToken).toBeDefined();

    const again = await enable('coordinator');
    const codes = (await api(t, 'POST', '/auth/2fa/setup', again.accessToken)).statusCode;
    expect(codes).toBe(409);
    expect((await api(t, 'POST', '/auth/2fa/disable', again.accessToken, { code: again.backupCodes[4] })).statusCode).toBe(200);
  });

  it('throttles wrong codes on the signed-in calls (429)', async () => {
    const { accessToken } = await enable('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(t, 'POST', '/auth/2fa/disable', accessToken, { code: '000000' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
