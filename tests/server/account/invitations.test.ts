/**
 * A first way in for people who never had a usable password (farmers imported from CSV, people staff added),
 * and a way back for people without a usable e-mail:
 *  - importing farmers sends each active one a single-use, 7-day set-password link by SMS (the configured SMS
 *    provider; the outbox here) and e-mail; the link sets the password once, then signing in works;
 *  - an admin can send (again) an invitation to one person;
 *  - 'Forgot password' by SMS code: a 6-digit code by SMS, spent once with the new password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, passwordResets, users } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';
import { multipart } from '../support/multipart';
import { api, freshIp, lastOutbox, nextOutbox, outboxCount, signIn } from './support';

const NEW_PASSWORD = 'Shet-Mitra-2026!';
let t: TestApp;
let admin: string;

const post = (url: string, payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress: ip });

/** The delivery runs in the background: wait for the message to reach the outbox. */
async function waitForOutbox(recipient: string, channel: 'sms' | 'email') {
  for (let i = 0; i < 100; i++) {
    const rows = await t.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel)));
    if (rows.length) return rows.at(-1)!;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`no ${channel} for ${recipient}`);
}
const tokenIn = (text: string) => /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(() => t.close());

describe('imported farmers get a first sign-in', () => {
  let sms = '';
  it('invites every active imported farmer by SMS and e-mail, in their language', async () => {
    const csv = [
      'Name,Email,Phone,Preferred Language,Status',
      'Sita Patil,sita.invite@example.in,9876511111,marathi,Active',
      'Ravi Jadhav,ravi.invite@example.in,9876522222,english,Inactive',
    ].join('\n');
    const { payload, headers } = multipart([{ name: 'file', filename: 'farmers.csv', contentType: 'text/csv', data: csv }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/farmers/import', payload, headers: { ...headers, ...t.auth(admin) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, invited: 1 });

    sms = (await waitForOutbox('9876511111', 'sms')).body;
    expect(sms).toMatch(/^नमस्कार Sita Patil, शेतमित्रवर आपले खाते तयार आहे\./);
    expect(sms).toContain('लॉग इन ईमेल: sita.invite@example.in');
    const mail = await waitForOutbox('sita.invite@example.in', 'email');
    expect(tokenIn(mail.body)).toBe(tokenIn(sms));
    // The inactive farmer is not invited; the token is stored only as a hash, for 7 days.
    expect(await lastOutbox(t, '9876522222')).toBeUndefined();
    const [link] = await t.db.select().from(passwordResets).innerJoin(users, eq(users.id, passwordResets.userId)).where(eq(users.email, 'sita.invite@example.in'));
    expect(link.password_resets.purpose).toBe('invite');
    expect(link.password_resets.tokenHash).not.toContain(tokenIn(sms));
    const days = (link.password_resets.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('the link sets the password once; then the farmer signs in', async () => {
    const token = tokenIn(sms);
    expect((await signIn(t, { email: 'sita.invite@example.in' }, { password: NEW_PASSWORD })).statusCode).toBe(401);
    const set = await post('/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect((await signIn(t, { email: 'sita.invite@example.in' }, { password: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await post('/auth/reset-password', { token, newPassword: `${NEW_PASSWORD}x` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });
});

describe('an admin invites one person', () => {
  const farmer = FIXTURE.users.farmer;
  beforeAll(async () => {
    await t.db.update(users).set({ phoneNumber: '9822000011' }).where(eq(users.id, farmer.id));
  });

  it('sends the link by SMS and e-mail and says so', async () => {
    const res = await api(t, 'POST', `/admin/users/${farmer.id}/invite`, admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, channels: ['sms', 'email'] });
    expect((await lastOutbox(t, '9822000011')).body).toContain('/set-password?token=');
  });

  it('an expired link no longer works', async () => {
    await api(t, 'POST', `/admin/users/${farmer.id}/invite`, admin, {});
    const token = tokenIn((await lastOutbox(t, '9822000011')).body);
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, farmer.id));
    const res = await post('/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('refuses coordinators, people out of reach and inactive people', async () => {
    const coordinator = (await t.login('coordinator')).accessToken;
    expect((await api(t, 'POST', `/admin/users/${farmer.id}/invite`, coordinator, {})).statusCode).toBe(403);
    expect((await api(t, 'POST', `/admin/users/${FIXTURE.users.superadmin.id}/invite`, admin, {})).statusCode).toBe(404);
    const inactive = await api(t, 'POST', `/admin/users/${FIXTURE.users.inactive.id}/invite`, admin, {});
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message.marathi).toMatch(/निष्क्रिय/);
  });
});

describe('password reset by SMS code', () => {
  const PHONE = '9822000022';
  const who = FIXTURE.users.farmer3;
  const codeIn = (body: string) => /(\d{6})/.exec(body)![1];
  beforeAll(async () => {
    await t.db.update(users).set({ phoneNumber: PHONE }).where(eq(users.id, who.id));
  });

  it('answers the same for an unknown number and sends nothing', async () => {
    const res = await post('/auth/forgot-password-sms', { phoneNumber: '9000011111' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.marathi).toContain('SMS');
    expect(await lastOutbox(t, '9000011111')).toBeUndefined();
  });

  it('sends a code that resets the password once, with OTP sign-in off', async () => {
    const sent = await outboxCount(t, PHONE);
    expect((await post('/auth/forgot-password-sms', { phoneNumber: PHONE })).statusCode).toBe(200);
    const text = (await nextOutbox(t, PHONE, sent)).body;
    expect(text).toMatch(/^शेतमित्र पासवर्ड रीसेट कोड: \d{6}/);
    const code = codeIn(text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/auth/reset-password-sms', { phoneNumber: PHONE, code: wrong, newPassword: NEW_PASSWORD })).json().code).toBe('OTP_INVALID');
    // A refused password leaves the code usable.
    const weak = await post('/auth/reset-password-sms', { phoneNumber: PHONE, code, newPassword: 'abc' });
    expect(weak.statusCode).toBe(400);
    const ok = await post('/auth/reset-password-sms', { phoneNumber: PHONE, code, newPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(t, { email: who.email }, { password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post('/auth/reset-password-sms', { phoneNumber: PHONE, code, newPassword: `${NEW_PASSWORD}x` })).statusCode).toBe(400);
  });

  it('a sign-in code cannot reset a password', async () => {
    const t2 = await createTestApp({ config: { otpLoginEnabled: true } });
    try {
      await t2.db.update(users).set({ phoneNumber: PHONE }).where(eq(users.id, who.id));
      await t2.app.inject({ method: 'POST', url: '/api/v1/auth/mobile-otp-request', payload: { phoneNumber: PHONE }, remoteAddress: freshIp() });
      const row = await nextOutbox(t2, PHONE, 0);
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password-sms',
        payload: { phoneNumber: PHONE, code: codeIn(row.body), newPassword: NEW_PASSWORD },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await t2.close();
    }
  });
});
