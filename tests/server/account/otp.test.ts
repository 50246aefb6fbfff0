/** Mobile OTP sign-in (off by default), the sign-in options, and that the debug build call tells nothing more. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mobileOtps, users } from '../../../server/src/db/schema';
import { FIXTURE, createTestApp, type TestApp } from '../helper';
import { api, freshIp, lastOutbox, nextOutbox, outboxCount } from './support';

const PHONE = '9822000001';
const codeFrom = (body: string) => /(\d{6})/.exec(body)![1];
const post = (t: TestApp, url: string, payload: unknown, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress: ip });

describe('with OTP sign-in off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 with a clear message, and the options say so', async () => {
    const res = await post(t, '/auth/mobile-otp-request', { phoneNumber: PHONE });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'OTP_LOGIN_DISABLED', message: { english: 'OTP login is not enabled. Please use email login.' } });
    expect((await post(t, '/auth/mobile-otp-verify', { phoneNumber: PHONE, otp: '123456' })).statusCode).toBe(404);
    expect((await api(t, 'GET', '/auth/options')).json()).toEqual({ otpLoginEnabled: false });
  });

  it('GET /test-updated-code tells build facts only', async () => {
    const res = await api(t, 'GET', '/test-updated-code');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'startedAt', 'version']);
    expect(JSON.stringify(body)).not.toMatch(/secret|password|postgres|DATABASE/i);
  });
});

describe('with OTP sign-in on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { otpLoginEnabled: true } });
    await t.db.update(users).set({ phoneNumber: PHONE }).where(eq(users.id, FIXTURE.users.farmer.id));
  });
  afterAll(() => t.close());

  it('sends a 6-digit code to a registered number and signs in with it once', async () => {
    expect((await api(t, 'GET', '/auth/options')).json()).toEqual({ otpLoginEnabled: true });
    const sent = await outboxCount(t, PHONE);
    const req = await post(t, '/auth/mobile-otp-request', { phoneNumber: PHONE });
    expect(req.statusCode).toBe(200);
    const sms = await nextOutbox(t, PHONE, sent);
    const code = codeFrom(sms.body);
    const [stored] = await t.db.select().from(mobileOtps).where(eq(mobileOtps.phoneNumber, PHONE));
    expect(stored.codeHash).not.toContain(code);

    const ok = await post(t, '/auth/mobile-otp-verify', { phoneNumber: PHONE, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ accessToken: expect.any(String), user: { email: FIXTURE.users.farmer.email } });
    expect((await post(t, '/auth/mobile-otp-verify', { phoneNumber: PHONE, otp: code })).statusCode).toBe(400);
  });

  it('answers an unknown number the same, and sends nothing', async () => {
    const sent = await outboxCount(t, PHONE);
    const known = await post(t, '/auth/mobile-otp-request', { phoneNumber: PHONE });
    const unknown = await post(t, '/auth/mobile-otp-request', { phoneNumber: '9000000009' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // The known number's code is sent after its answer: once it is there, so would the unknown number's be.
    await nextOutbox(t, PHONE, sent);
    expect(await lastOutbox(t, '9000000009')).toBeUndefined();
  });

  it('burns a code after 5 wrong guesses (429) and refuses expired codes', async () => {
    const phone = '9822000002';
    await t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, FIXTURE.users.farmer2.id));
    const sent = await outboxCount(t, phone);
    await post(t, '/auth/mobile-otp-request', { phoneNumber: phone });
    const code = codeFrom((await nextOutbox(t, phone, sent)).body);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(t, '/auth/mobile-otp-verify', { phoneNumber: phone, otp: wrong })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await post(t, '/auth/mobile-otp-verify', { phoneNumber: phone, otp: code })).statusCode).toBe(400);

    await post(t, '/auth/mobile-otp-request', { phoneNumber: phone });
    const fresh = codeFrom((await nextOutbox(t, phone, sent + 1)).body);
    await t.db.update(mobileOtps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(mobileOtps.phoneNumber, phone));
    expect((await post(t, '/auth/mobile-otp-verify', { phoneNumber: phone, otp: fresh })).statusCode).toBe(400);
  });

  it('throttles requests per number (429) and refuses malformed numbers and codes', async () => {
    const phone = '9822000003';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(t, '/auth/mobile-otp-request', { phoneNumber: phone })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post(t, '/auth/mobile-otp-request', { phoneNumber: '12345' })).statusCode).toBe(400);
    expect((await post(t, '/auth/mobile-otp-request', { phoneNumber: 9822000003 })).statusCode).toBe(400);
    expect((await post(t, '/auth/mobile-otp-verify', { phoneNumber: phone, otp: '12ab56' })).statusCode).toBe(400);
  });
});
