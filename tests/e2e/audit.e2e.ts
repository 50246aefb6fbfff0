/**
 * The audit trail in chromium, in Marathi (issue 19): an admin deactivates a farmer from the dashboard's farmer
 * table, opens the audit trail from the quick actions, and finds the entry (who, the farmer, Active → Inactive),
 * also through the action filter. Screenshots of the screen at 412 and 1366 px land in
 * test-results/screenshots/audit-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, ROOT, loginAs, shot, withApp } from './harness';

const mr: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'src/i18n/messages/mr.json'), 'utf8'));

const e2e = withApp();

async function newPage(width: number): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 }, locale: 'mr-IN' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  return page;
}

describe('audit trail', () => {
  it('an admin deactivates a farmer and finds the entry in the audit trail', async () => {
    const page = await newPage(1366);
    try {
      await loginAs(page, e2e.app, DEMO.admin);
      const farmers = page.getByRole('region', { name: mr['adminDashboard.farmers'], exact: true });
      const deactivate = farmers.getByRole('button', { name: new RegExp(`^${mr['people.deactivate']}: `) }).first();
      await deactivate.waitFor();
      const name = (await deactivate.getAttribute('aria-label'))!.split(': ').slice(1).join(': ');
      await deactivate.click();
      await page.getByRole('button', { name: mr['people.confirm.yes'] }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: mr['route.audit'] }).click();
      await page.waitForURL(`${e2e.app.url}/audit`);
      const row = page.getByRole('row').filter({ hasText: mr['audit.action.userDeactivate'] }).filter({ hasText: name });
      await row.first().waitFor();
      await expect(row.first().textContent()).resolves.toContain('(प्रशासक)');
      await row.first().getByRole('button', { name: /बदल पाहा/ }).click();
      await expect(row.first().textContent()).resolves.toMatch(new RegExp(`${mr['people.status.active']}\\s*→\\s*${mr['people.status.inactive']}`));

      // The action filter keeps the entry and asks the server for that action only.
      await page.getByLabel(mr['audit.action'], { exact: true }).selectOption('user.deactivate');
      await page.getByRole('row').filter({ hasText: name }).first().waitFor();
      const actions = await page.locator('tbody td.stacked-title').allTextContents();
      expect(actions.length).toBeGreaterThan(0);
      expect(new Set(actions)).toEqual(new Set([mr['audit.action.userDeactivate']]));
      await row.first().getByRole('button', { name: /बदल पाहा/ }).click();
      await shot(page, 'audit-1366-mr');

      const phone = await newPage(412);
      await loginAs(phone, e2e.app, DEMO.admin);
      await phone.goto(`${e2e.app.url}/audit`);
      await phone.getByRole('row').filter({ hasText: name }).first().waitFor();
      await phone.getByRole('row').filter({ hasText: name }).first().getByRole('button', { name: /बदल पाहा/ }).click();
      const sideways = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      await shot(phone, 'audit-412-mr');
    } catch (e) {
      await shot(page, 'audit-failure');
      throw e;
    }
  });
});
