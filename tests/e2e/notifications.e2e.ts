/**
 * The notification bell and this device's push, as a user meets them in chromium (issue 16): every demo role has
 * the bell in the header on a 412 px phone in Marathi; opening it ends in a list, the empty sentence or the
 * could-not-load sentence with Retry — never an endless spinner or a broken page — and Escape closes it; the
 * service worker registers at the root scope.
 *
 * The preferences a farmer saves in the profile are kept by the server. (The live path — a reading below the line →
 * the coordinator's bell count rises without a reload — is the integrator's next test.)
 */
import { describe, expect, it } from 'vitest';
import { catalog, DEMO, loginAs, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp();
const PHONE = { viewport: { width: 412, height: 900 }, deviceScaleFactor: 1 };

describe('notification bell', () => {
  for (const role of ['farmer', 'coordinator', 'admin'] as const) {
    it(`${role}: the bell opens a panel that settles, and closes with Escape`, async () => {
      const context = await e2e.browser.newContext(PHONE);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await loginAs(page, e2e.app, DEMO[role]);
        const bell = page.locator('header .bell-button');
        await expect.poll(() => bell.getAttribute('aria-label')).toMatch(new RegExp(`^${mr['notifications.bell']}`));
        await bell.click();
        await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('true');
        // (The dashboards have a region of alerts with the same Marathi name: the panel is the one in the header.)
        const panel = page.locator('header').getByRole('region', { name: mr['notifications.title'] });
        // Settles: a list, the empty sentence, or the failure with Retry.
        await expect
          .poll(
            async () =>
              (await panel.locator('.bell-list').count()) +
              (await panel.getByText(mr['notifications.empty']).count()) +
              (await panel.getByRole('button', { name: mr['notifications.retry'] }).count()),
            { timeout: 15_000 },
          )
          .toBeGreaterThan(0);
        await expect.poll(() => panel.getByText(mr['notifications.loading']).count()).toBe(0);
        // Full width on a phone, no sideways scroll.
        const box = (await panel.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(400);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
        await shot(page, `bell-${role}-mr`);
        await page.keyboard.press('Escape');
        await expect.poll(() => bell.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('bell-button'))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('the farmer saves a channel and quiet hours in the profile, and they are there after a reload', async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await loginAs(page, e2e.app, DEMO.farmer);
      await page.goto(`${e2e.url}/profile`);
      const card = page.getByRole('region', { name: mr['notificationSettings.title'] });
      const messages = card.getByRole('group', { name: mr['notificationSettings.kind.message'] });
      const email = messages.getByLabel(mr['notificationSettings.channel.email']);
      await email.waitFor();
      const before = await email.isChecked();
      await email.setChecked(!before);
      await card.getByLabel(mr['notificationSettings.quiet.enabled']).setChecked(true);
      await card.getByLabel(mr['notificationSettings.quiet.start']).selectOption('21:30');
      await card.getByRole('button', { name: mr['notificationSettings.save'] }).click();
      await card.getByText(mr['notificationSettings.saved']).waitFor();
      await shot(page, 'profile-notification-settings-mr');
      await page.reload();
      await expect.poll(() => messages.getByLabel(mr['notificationSettings.channel.email']).isChecked()).toBe(!before);
      await expect.poll(() => card.getByLabel(mr['notificationSettings.quiet.start']).inputValue()).toBe('21:30');
      expect(await card.getByLabel(mr['notificationSettings.quiet.enabled']).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the service worker registers at the root scope', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    try {
      await loginAs(page, e2e.app, DEMO.farmer);
      const result = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.register('/sw.js');
        const ready = await navigator.serviceWorker.ready;
        return { scope: reg.scope, active: ready.active?.scriptURL ?? null };
      });
      expect(result.scope).toBe(`${e2e.url}/`);
      expect(result.active).toBe(`${e2e.url}/sw.js`);
    } finally {
      await context.close();
    }
  });
});
