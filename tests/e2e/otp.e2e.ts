/**
 * Mobile OTP sign-in in a real (mobile) browser, with the operator's OTP_LOGIN_ENABLED on and no SMS
 * gateway: the demo farmer asks for a code by mobile number, the code is read where an operator
 * reads it (the offline outbox's log line, which the demo world prints), a wrong code is refused in
 * Marathi, the right one lands on the farmer home; with two-factor on, the second step follows the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DEMO_FARMER_PHONE } from '../../server/src/seed/demoAccounts';
import { totpAt } from '../../server/src/domain/totp/totp';
import { DEMO, PASSWORD, catalog, shot, withApp } from './harness';

const mr = catalog('mr');
const ANDROID = 'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const PHONE_CONTEXT = { userAgent: ANDROID, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

let context: BrowserContext;

// LOG_LEVEL=info: the outbox's line with the SMS text is an info line.
const e2e = withApp({ env: { OTP_LOGIN_ENABLED: '1', LOG_LEVEL: 'info' } });
beforeAll(async () => {
  context = await e2e.browser.newContext(PHONE_CONTEXT);
});
afterAll(async () => {
  await context?.close();
});

/** Login codes the offline outbox logged for a number, oldest first. */
function codesSentTo(phone: string): string[] {
  const codes: string[] = [];
  for (const line of e2e.app.logs.join('').split('\n')) {
    if (!line.includes('SMS kept in the outbox')) continue;
    let entry: { to?: string; text?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a line still being written
    }
    const code = entry.to === phone ? /(\d{6})/.exec(entry.text ?? '')?.[1] : undefined;
    if (code) codes.push(code);
  }
  return codes;
}

describe('mobile OTP sign-in in chromium (OTP_LOGIN_ENABLED=1)', () => {
  it('the server says OTP sign-in is on', async () => {
    const res = await fetch(`${e2e.url}/api/v1/auth/options`);
    expect(await res.json()).toEqual({ otpLoginEnabled: true });
  });

  it('signs the demo farmer in with the code from the outbox and lands on the farmer home', async () => {
    const page = await context.newPage();
    await page.goto(`${e2e.url}/login`);
    await page.getByRole('tab', { name: mr['login.mode.otp'] }).click();
    const phone = page.getByLabel(mr['login.otp.phone']);
    await phone.waitFor();
    expect(await phone.getAttribute('inputmode')).toBe('numeric');

    // A number too short never leaves the browser.
    await phone.fill('98220');
    await page.getByRole('button', { name: mr['login.otp.send'], exact: true }).click();
    await page.getByText(mr['login.otp.phoneInvalid']).waitFor();
    expect(codesSentTo(DEMO_FARMER_PHONE)).toEqual([]);

    await phone.fill(DEMO_FARMER_PHONE);
    await shot(page, 'otp-login-phone-mr');
    await page.getByRole('button', { name: mr['login.otp.send'], exact: true }).click();

    const code = page.getByLabel(mr['login.otp.code']);
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await page.getByRole('status').filter({ hasText: DEMO_FARMER_PHONE }).waitFor();
    await expect.poll(() => codesSentTo(DEMO_FARMER_PHONE).length, { timeout: 10_000 }).toBe(1);
    const [sent] = codesSentTo(DEMO_FARMER_PHONE);
    // Resending waits for the cooldown.
    expect(await page.getByRole('button', { name: /OTP पुन्हा पाठवा/ }).isDisabled()).toBe(true);
    await shot(page, 'otp-login-code-mr');

    // A wrong code: the server's refusal, in Marathi.
    await code.fill(sent === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: mr['login.otp.verify'], exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'कोड चुकीचा आहे किंवा त्याची मुदत संपली आहे.' }).waitFor();
    await shot(page, 'otp-login-wrong-code-mr');

    await code.fill(sent);
    await page.getByRole('button', { name: mr['login.otp.verify'], exact: true }).click();
    await page.waitForURL(`${e2e.url}/`);
    await page.getByText(mr['home.tile.moisture']).first().waitFor();
    await page.getByRole('button', { name: mr['header.logout'] }).waitFor();
    await shot(page, 'otp-login-farmer-home-mr');

    // The code is spent: signing out and using it again is refused.
    await page.getByRole('button', { name: mr['header.logout'] }).click();
    await page.waitForURL(`${e2e.url}/login`);
    const again = await fetch(`${e2e.url}/api/v1/auth/mobile-otp-verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: DEMO_FARMER_PHONE, otp: sent }),
    });
    expect(again.status).toBe(400);
    await page.close();
  });

  it('with two-factor on, the code by SMS is followed by the second step', async () => {
    // The farmer turns two-factor on (through the API; tests/e2e/account.e2e.ts does it on screen).
    const post = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(`${e2e.url}/api/v1${url}`, {
        method: 'POST',
        // No content-type without a body: Fastify refuses an empty JSON body.
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, url).toBe(200);
      return res.json();
    };
    const { accessToken } = await post('/auth/login', { email: DEMO.farmer, password: PASSWORD });
    const { secret } = (await post('/auth/2fa/setup', undefined, accessToken)) as { secret: string };
    await post('/auth/2fa/verify', { code: totpAt(secret, Date.now()) }, accessToken);

    const page = await context.newPage();
    await page.goto(`${e2e.url}/login`);
    await page.getByRole('tab', { name: mr['login.mode.otp'] }).click();
    await page.getByLabel(mr['login.otp.phone']).fill(DEMO_FARMER_PHONE);
    await page.getByRole('button', { name: mr['login.otp.send'], exact: true }).click();
    await page.getByLabel(mr['login.otp.code']).waitFor();
    await expect.poll(() => codesSentTo(DEMO_FARMER_PHONE).length, { timeout: 10_000 }).toBe(2);
    await page.getByLabel(mr['login.otp.code']).fill(codesSentTo(DEMO_FARMER_PHONE)[1]);
    await page.getByRole('button', { name: mr['login.otp.verify'], exact: true }).click();

    await page.locator('#login-code').waitFor();
    await shot(page, 'otp-login-then-2fa-mr');
    // The next time step's code: the one used to turn two-factor on is spent.
    await page.locator('#login-code').fill(totpAt(secret, Date.now() + 30_000));
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${e2e.url}/`);
    await page.getByRole('button', { name: mr['header.logout'] }).waitFor();
    await page.close();
  });
});
