/** Change, forgot and reset password: rules, single-use expiring links, throttling, and sessions ending. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets, users } from '../../../server/src/db/schema';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';
import { api, freshIp, lastOutbox, nextOutbox, outboxCount, signIn } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken }, remoteAddress: freshIp() });
const tokenFromMail = (body: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)![1];

describe('POST /auth/change-password', () => {
  it('refuses a wrong current password with a Marathi message, and weak new passwords', async () => {
    const { accessToken } = (await signIn(t, 'farmer2')).json();
    const wrong = await api(t, 'POST', '/auth/change-password', accessToken, { currentPassword: 'Nope12345', newPassword: 'Brand9New' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message.marathi).toBe('सध्याचा पासवर्ड चुकीचा आहे.');
    for (const [newPassword, rule] of [
      ['short1A', 'tooShort'],
      ['alllowercase1', 'weak'],
      ['ALLUPPER123', 'weak'],
      ['NoDigitsHere', 'weak'],
      ['', 'required'],
      // One policy (NIST 800-63B): common and breached passwords, and the user's own e-mail or name.
      ['Password1', 'common'],
      ['Welcome123', 'common'],
      ['Qwerty123', 'common'],
      ['Farmer2Secret', 'personal'],
      ['SitaShinde9', 'personal'],
    ]) {
      const res = await api(t, 'POST', '/auth/change-password', accessToken, { currentPassword: FIXTURE_PASSWORD, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.rule).toBe(rule);
    }
    expect((await signIn(t, 'farmer2')).statusCode).toBe(200);
  });

  it('changes the password and ends every other session of the user, at once', async () => {
    const here = (await signIn(t, 'farmer3')).json();
    const elsewhere = (await signIn(t, 'farmer3')).json();
    const res = await api(t, 'POST', '/auth/change-password', here.accessToken, { currentPassword: FIXTURE_PASSWORD, newPassword: 'Changed2026x' });
    expect(res.statusCode).toBe(200);
    expect((await api(t, 'GET', '/auth/profile', elsewhere.accessToken)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/auth/profile', here.accessToken)).statusCode).toBe(200);
    expect((await signIn(t, 'farmer3')).statusCode).toBe(401);
    expect((await signIn(t, 'farmer3', { password: 'Changed2026x' })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const email = FIXTURE.users.farmer4.email;

  it('always answers the same, and mails a link only to a registered address', async () => {
    const sent = await outboxCount(t, email);
    const known = await api(t, 'POST', '/auth/forgot-password', undefined, { email: email.toUpperCase() });
    const unknown = await api(t, 'POST', '/auth/forgot-password', undefined, { email: 'nobody@example.in' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message.english).toBe('If this email is registered, a password reset link has been sent.');
    const mail = await nextOutbox(t, email, sent);
    expect(mail.body).toContain('/reset-password?token=');
    // Asked for after the known address: had it been sent, it would be there by now.
    expect(await lastOutbox(t, 'nobody@example.in')).toBeUndefined();
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, FIXTURE.users.farmer4.id));
    expect(stored.tokenHash).not.toContain(tokenFromMail(mail.body));
  });

  it('resets once with the newest link, under the same rules, and ends every session', async () => {
    const session = (await signIn(t, 'farmer4')).json();
    const sent = await outboxCount(t, email);
    await api(t, 'POST', '/auth/forgot-password', undefined, { email });
    const token = tokenFromMail((await nextOutbox(t, email, sent)).body);

    const weak = await api(t, 'POST', '/auth/reset-password', undefined, { token, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    for (const [newPassword, rule] of [
      ['Welcome123', 'common'],
      ['LataKale2026', 'personal'],
    ]) {
      const res = await api(t, 'POST', '/auth/reset-password', undefined, { token, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', details: { rule } });
    }
    // The rule is named in the three languages.
    const common = (await api(t, 'POST', '/auth/reset-password', undefined, { token, newPassword: 'Password1' })).json();
    expect(common.message.english).toMatch(/too common/);
    expect(common.message.marathi).toMatch(/सामान्य/);
    expect(common.message.hindi).toMatch(/आम/);
    const ok = await api(t, 'POST', '/auth/reset-password', undefined, { token, newPassword: 'Reset2026ok' });
    expect(ok.statusCode).toBe(200);
    const again = await api(t, 'POST', '/auth/reset-password', undefined, { token, newPassword: 'Reset2026ok2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await api(t, 'GET', '/auth/profile', session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t, 'farmer4', { password: 'Reset2026ok' })).statusCode).toBe(200);
  });

  it('refuses an expired link, an older link and a made-up one', async () => {
    const to = FIXTURE.users.coordinator2.email;
    const sent = await outboxCount(t, to);
    await api(t, 'POST', '/auth/forgot-password', undefined, { email: to });
    const older = tokenFromMail((await nextOutbox(t, to, sent)).body);
    await api(t, 'POST', '/auth/forgot-password', undefined, { email: to });
    const newer = tokenFromMail((await nextOutbox(t, to, sent + 1)).body);
    expect(newer).not.toBe(older);
    expect((await api(t, 'POST', '/auth/reset-password', undefined, { token: older, newPassword: 'Reset2026ok' })).statusCode).toBe(400);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, FIXTURE.users.coordinator2.id));
    expect((await api(t, 'POST', '/auth/reset-password', undefined, { token: newer, newPassword: 'Reset2026ok' })).statusCode).toBe(400);
    expect((await api(t, 'POST', '/auth/reset-password', undefined, { token: 'x'.repeat(43), newPassword: 'Reset2026ok' })).statusCode).toBe(400);
    const [u] = await t.db.select().from(users).where(eq(users.id, FIXTURE.users.coordinator2.id));
    expect((await signIn(t, 'coordinator2')).statusCode).toBe(200);
    expect(u.email).toBe(FIXTURE.users.coordinator2.email);
  });

  it('caps the mails one account gets (RESET_MAILS_PER_ACCOUNT_PER_HOUR) without ever denying its owner', async () => {
    const victim = FIXTURE.users.coordinator.email;
    const mails = async () => (await t.db.select().from(passwordResets).where(eq(passwordResets.userId, FIXTURE.users.coordinator.id))).length;
    // A stranger asks again and again, from many addresses: always the same answer, never a 429.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(t, 'POST', '/auth/forgot-password', undefined, { email: victim })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mails()).toBe(t.config.resetMailsPerAccountPerHour);
    const newest = tokenFromMail((await lastOutbox(t, victim)).body);
    // The owner asks too: the same answer, no further mail, and the newest link mailed still works.
    const owner = await api(t, 'POST', '/auth/forgot-password', undefined, { email: victim });
    expect(owner.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mails()).toBe(t.config.resetMailsPerAccountPerHour);
    expect((await api(t, 'POST', '/auth/reset-password', undefined, { token: newest, newPassword: 'Naya-Rasta42' })).statusCode).toBe(200);
    expect((await signIn(t, 'coordinator', { password: 'Naya-Rasta42' })).statusCode).toBe(200);
  });

  it('throttles per address (429)', async () => {
    const ip = '10.66.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: `p${i}@example.in` }, remoteAddress: ip });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
