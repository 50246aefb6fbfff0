/**
 * Accounts in a real browser: turn on two-factor with a code computed from the secret the screen
 * shows, sign out and back in with a code; change a password and see the old one refused; revoke a
 * session from a second browser context and watch that one land on the login page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/messages/en.json';
import hi from '../../src/i18n/messages/hi.json';
import mr from '../../src/i18n/messages/mr.json';
import { totpAt } from '../../server/src/domain/totp/totp';
import { DEMO, PASSWORD, shot, withApp } from './harness';

const CATALOGS = { en, hi, mr } as Record<string, Record<string, string>>;

const e2e = withApp();

/** The text of a message id in the language the page shows now. */
async function t(page: Page, id: string) {
  const lang = (await page.evaluate(() => document.documentElement.lang)).slice(0, 2);
  return (CATALOGS[lang] ?? mr)[id];
}
const button = async (page: Page, id: string) => page.getByRole('button', { name: await t(page, id), exact: true });

async function submitLogin(page: Page, email: string, password: string) {
  await page.goto(`${e2e.url}/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}
async function signedIn(page: Page, email: string, password = PASSWORD) {
  await submitLogin(page, email, password);
  await page.waitForURL(`${e2e.url}/`);
}
async function openProfile(page: Page) {
  await page.goto(`${e2e.url}/profile`);
  await (await button(page, 'profile.edit')).waitFor();
}
async function logout(page: Page) {
  await (await button(page, 'header.logout')).click();
  await page.waitForURL(`${e2e.url}/login`);
}

describe('accounts and security in chromium', () => {
  it('enables two-factor with a code from the shown secret, then signs in with a code', async () => {
    const page = await e2e.browser.newPage();
    await signedIn(page, DEMO.farmer);
    await openProfile(page);
    await shot(page, 'account-profile');
    await (await button(page, 'profile.security.twoFactor')).click();
    await (await button(page, 'twoFactor.enable')).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'account-2fa-setup');
    await page.locator('#tf-code').fill(totpAt(secret, Date.now()));
    await (await button(page, 'twoFactor.verify')).click();
    await page.locator('.acct-codes li').first().waitFor();
    const codes = await page.locator('.acct-codes li').allTextContents();
    expect(codes).toHaveLength(10);
    await shot(page, 'account-2fa-backup-codes');
    await (await button(page, 'twoFactor.done')).click();
    await page.keyboard.press('Escape');
    await logout(page);

    await submitLogin(page, DEMO.farmer, PASSWORD);
    await page.locator('#login-code').waitFor();
    await shot(page, 'account-2fa-login-step');
    // The code of the next time step: the one used to enable is spent, and ±1 step is accepted.
    await page.locator('#login-code').fill(totpAt(secret, Date.now() + 30_000));
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${e2e.url}/`);
    await shot(page, 'account-2fa-signed-in');

    await logout(page);
    await submitLogin(page, DEMO.farmer, PASSWORD);
    await page.locator('#login-code').fill(codes[0]);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${e2e.url}/`);
    await page.close();
  });

  it('changes the password; the old one then fails', async () => {
    const page = await e2e.browser.newPage();
    await signedIn(page, DEMO.coordinator);
    await openProfile(page);
    await (await button(page, 'profile.security.password')).click();
    await page.locator('#cp-currentPassword').fill(PASSWORD);
    await page.locator('#cp-newPassword').fill('Naveen2026Pass');
    await page.locator('#cp-confirmPassword').fill('Naveen2026Pass');
    await shot(page, 'account-change-password');
    await page.locator('dialog form button[type="submit"]').click();
    await page.getByText(await t(page, 'password.change.success')).waitFor();
    await shot(page, 'account-change-password-done');
    await page.locator('dialog').waitFor({ state: 'detached', timeout: 5000 });
    await logout(page);

    await submitLogin(page, DEMO.coordinator, PASSWORD);
    await page.getByRole('alert').waitFor();
    expect(page.url()).toBe(`${e2e.url}/login`);
    await shot(page, 'account-old-password-refused');
    await signedIn(page, DEMO.coordinator, 'Naveen2026Pass');
    await page.close();
  });

  it('revokes a session from another browser context, which is then signed out', async () => {
    const mine = await e2e.browser.newContext();
    const other = await e2e.browser.newContext();
    const a = await mine.newPage();
    const b = await other.newPage();
    await signedIn(a, DEMO.admin);
    await signedIn(b, DEMO.admin);
    await openProfile(b);

    await openProfile(a);
    await (await button(a, 'profile.security.history')).click();
    const row = a.locator('li[data-id]').filter({ hasNot: a.locator('.acct-badge--on') }).first();
    await row.locator('button').first().click();
    await shot(a, 'account-login-history');
    // The revoke's answer, not the list (which is there before and after it): the other browser is tested only once
    // the server has ended its session (at load the reload below used to beat the DELETE and found it still signed in).
    const revoked = a.waitForResponse((r) => /\/api\/v1\/auth\/sessions\//.test(r.url()) && r.request().method() === 'DELETE');
    await a.getByRole('button', { name: await t(a, 'history.revoke'), exact: true }).click();
    expect((await revoked).status()).toBe(200);
    await a.locator('li[data-id]').first().waitFor();

    // The revoked browser: its socket was closed; its next call fails and so does the refresh.
    await b.getByRole('link', { name: await t(b, 'header.profile') }).click();
    await b.reload();
    await b.waitForURL(`${e2e.url}/login`, { timeout: 20_000 });
    await shot(b, 'account-revoked-signed-out');
    await openProfile(a);
    await mine.close();
    await other.close();
  });
});
