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
  it('an admin edits a field from the field table and finds the field.edit entry (issue 19)', async () => {
    const page = await newPage(1366);
    try {
      await loginAs(page, e2e.app, DEMO.admin);
      const fields = page.getByRole('region', { name: mr['dashboard.fieldMonitoring'], exact: true });
      const edit = fields.getByRole('button', { name: new RegExp(`^${mr['fieldTable.editField']}: `) }).first();
      await edit.waitFor();
      const field = (await edit.getAttribute('aria-label'))!.split(': ').slice(1).join(': ');
      await edit.click();
      const dialog = page.getByRole('dialog');
      const village = dialog.getByLabel(mr['addField.village'], { exact: true });
      await village.waitFor();
      await village.fill('नवे गाव');
      await shot(page, 'edit-field-1366-mr');
      await dialog.getByRole('button', { name: mr['editField.save'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: mr['route.audit'] }).click();
      await page.waitForURL(`${e2e.app.url}/audit`);
      const row = page.getByRole('row').filter({ hasText: mr['audit.action.fieldEdit'] }).filter({ hasText: field });
      await row.first().waitFor();
      await row.first().getByRole('button', { name: /बदल पाहा/ }).click();
      await expect(row.first().textContent()).resolves.toContain('नवे गाव');
      await expect(row.first().textContent()).resolves.toContain(mr['addField.village']);

      const phone = await newPage(412);
      await loginAs(phone, e2e.app, DEMO.admin);
      const phoneEdit = phone
        .getByRole('region', { name: mr['dashboard.fieldMonitoring'], exact: true })
        .getByRole('button', { name: `${mr['fieldTable.editField']}: ${field}` });
      await phoneEdit.first().click();
      await phone.getByRole('dialog').getByLabel(mr['addField.village'], { exact: true }).waitFor();
      await expect(phone.getByRole('dialog').getByLabel(mr['addField.village'], { exact: true }).inputValue()).resolves.toBe('नवे गाव');
      await shot(phone, 'edit-field-412-mr');
    } catch (e) {
      await shot(page, 'edit-field-failure');
      throw e;
    }
  });

  it('a superadmin makes an admin a coordinator from the Administrators table; the coordinators table follows without a reload', async () => {
    const page = await newPage(1366);
    try {
      await loginAs(page, e2e.app, DEMO.superadmin);
      const admins = page.getByRole('region', { name: mr['people.adminsTitle'], exact: true }).first();
      const adminRow = admins.getByRole('row').filter({ hasText: mr['profile.role.admin'] }).filter({ hasNotText: mr['profile.role.superadmin'] });
      await adminRow.first().waitFor();
      const open = adminRow.first().getByRole('button', { name: new RegExp(`^${mr['people.signInAndRole']}: `) });
      const name = (await open.getAttribute('aria-label'))!.split(': ').slice(1).join(': ');
      await shot(page, 'admins-1366-mr');
      await open.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: mr['access.makeCoordinator'], exact: true }).click();
      await shot(page, 'admins-role-confirm-1366-mr');
      await dialog.getByRole('button', { name: mr['access.confirm'], exact: true }).click();
      await dialog.getByRole('status').filter({ hasText: mr['access.doneRole'] }).waitFor();
      await dialog.getByRole('button', { name: mr['access.close'], exact: true }).click();
      // No reload: the coordinators table shows the person, the admins table no longer does.
      const coordinators = page.getByRole('region', { name: mr['adminDashboard.coordinators'], exact: true }).first();
      await coordinators.getByRole('row').filter({ hasText: name }).first().waitFor();
      await admins.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });

      const phone = await newPage(412);
      await loginAs(phone, e2e.app, DEMO.superadmin);
      await phone.getByRole('region', { name: mr['people.adminsTitle'], exact: true }).first().getByRole('row').nth(1).waitFor();
      await shot(phone, 'admins-412-mr');
    } catch (e) {
      await shot(page, 'admins-failure');
      throw e;
    }
  });
});
