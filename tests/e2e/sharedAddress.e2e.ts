/**
 * Sign-in on a shared mobile network (issue 14 item 9, issue 13 item 7), against the real server with its
 * default limits: 30 farmers sign in from one address (127.0.0.1), some mistyping once or twice first, and
 * none is blocked; a guesser at that address is told in Marathi how long to wait, while the account's
 * owner elsewhere is not held back; an admin sees the wait in the staff Sign-in dialog and clears it.
 */
import { describe, expect, it } from 'vitest';
import mr from '../../src/i18n/messages/mr.json';
import { DEMO, PASSWORD, loginAs, shot, withApp } from './harness';

const FARMER_PASSWORD = 'Sahakari-2026';

const e2e = withApp();

const api = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${e2e.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
};

describe('one address, a whole cooperative', () => {
  it('signs in 30 different farmers from one address, some mistyping first, without a block', async () => {
    const admin = await api('/auth/login', { email: DEMO.admin, password: PASSWORD });
    expect(admin.status).toBe(200);
    const token = admin.body.accessToken as string;
    const emails: string[] = [];
    for (let i = 0; i < 30; i++) {
      const email = `sahakari${i}@shetmitra.in`;
      const made = await api('/auth/register', { name: `शेतकरी ${i}`, email, password: FARMER_PASSWORD, role: 'farmer' }, token);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      emails.push(email);
    }
    const statuses: number[] = [];
    for (const [i, email] of emails.entries()) {
      for (let k = 0; k < i % 3; k++) expect((await api('/auth/login', { email, password: `Chuk-${k}-password` })).status).toBe(401);
      statuses.push((await api('/auth/login', { email, password: FARMER_PASSWORD })).status);
    }
    expect(statuses).toEqual(new Array(30).fill(200));
  });

  it('tells a guesser in Marathi how long to wait; an admin sees it and clears it', async () => {
    const victim = 'sahakari0@shetmitra.in';
    for (let k = 0; k < 5; k++) expect((await api('/auth/login', { email: victim, password: `Guess-${k}-password` })).status).toBe(401);
    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    await page.goto(`${e2e.url}/login`);
    await page.locator('input[type="email"]').fill(victim);
    await page.locator('input[type="password"]').fill(FARMER_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    const banner = page.getByRole('alert').filter({ hasText: 'सेकंद' });
    await banner.waitFor();
    const text = await banner.innerText();
    const expected = mr['http.signInThrottled.seconds'].split('{count')[0];
    expect(text).toContain(expected.trim());
    expect(text).toMatch(/\d+|[०-९]+/);
    await shot(page, 'login-throttled-412');
    await page.close();

    const desk = await e2e.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginAs(desk, e2e.app, DEMO.admin);
    await desk.goto(`${e2e.url}/farmers`);
    const search = desk.getByRole('searchbox').first();
    await search.fill('sahakari0@');
    const open = desk.getByRole('button', { name: `${mr['people.signIn']}: शेतकरी 0`, exact: true });
    await open.click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByText('127.0.0.1').first().waitFor();
    await shot(desk, 'admin-sign-in-dialog-1366');
    await dialog.getByRole('button', { name: mr['access.clear'], exact: true }).click();
    await dialog.getByRole('button', { name: mr['access.confirm'], exact: true }).click();
    await dialog.getByText(mr['access.doneClear']).waitFor();
    await dialog.getByText(mr['access.noWaiting']).waitFor();
    await desk.close();
    expect((await api('/auth/login', { email: victim, password: FARMER_PASSWORD })).status).toBe(200);
  });
});
