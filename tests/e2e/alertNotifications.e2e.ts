/**
 * Alert notifications end to end (issue 16): the coordinator is signed in on a 412 px phone when a moisture reading
 * far below the line arrives over MQTT. Their bell count rises without a reload; tapping the bell's item opens the
 * alert's details (/alerts?alert=<id>). Nobody acknowledges the critical alert: with ESCALATE_CRITICAL_MIN at 0.05
 * (3 s a stage) it escalates to the coordinator, then to the admins, whose bell gets 'alertEscalated' and whose
 * details of the alert show 'escalated' in its timeline. The farmer's link (/?alert=<id>) opens it read-only.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, catalog, loginAs, moistureField, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp({ devices: true, env: { ESCALATE_CRITICAL_MIN: '0.05' } });
const PHONE = { viewport: { width: 412, height: 900 }, deviceScaleFactor: 1 };

const api = <T>(path: string, token: string) => e2e.get<T>(path, token);
/** The bell's unread count (0 when the badge is not shown). */
const bellCount = async (page: Page) => {
  const badge = page.locator('header [data-testid="notification-count"]');
  return (await badge.count()) ? Number((await badge.textContent())!.replace(/\D/g, '') || 0) : 0;
};
/** The bell's item of `kind` for the alert, once the panel is open. */
const bellItem = (page: Page, alertId: string, kind: string) =>
  page.locator(`header .bell-item__open[href="/alerts?alert=${alertId}"]`).filter({ hasText: mr[`notifications.kind.${kind}`] });

describe('alert notifications', () => {
  it('a critical reading rings the coordinator’s bell live, the bell item opens the alert, and unacknowledged it escalates to the admins', async () => {
    const { moisture, activeOnField, recover } = await moistureField(e2e);
    const adminToken = await e2e.tokenOf(DEMO.admin);

    // A recovered field first (an alert the demo world left open clears), so the dry reading raises a new alert.
    await recover();

    // The coordinator is signed in on a phone before the reading; the bell has settled.
    const coordinator = await e2e.browser.newPage(PHONE);
    await loginAs(coordinator, e2e.app, DEMO.coordinator);
    const bell = coordinator.locator('header .bell-button');
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(new RegExp(`^${mr['notifications.bell']}`));
    const before = await bellCount(coordinator);
    const url = coordinator.url();

    // 2 % is ≥ 10 points below any moisture line the demo sets: critical (server/src/domain/alerts/rules.ts).
    await e2e.devices.publish(moisture, 2);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeTruthy();
    const alert = (await activeOnField())!;
    expect(alert.severity).toBe('critical');
    expect(alert.status).toBe('active_unack');

    // The count rises live: the same page, no reload.
    await expect.poll(() => bellCount(coordinator), { timeout: 15_000 }).toBeGreaterThan(before);
    expect(coordinator.url()).toBe(url);

    // The bell's item opens the alert's details.
    await bell.click();
    const raised = bellItem(coordinator, alert.id, 'alertRaised');
    await raised.first().waitFor();
    await raised.first().click();
    await coordinator.waitForURL(/\/alerts$/);
    const dialog = coordinator.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-alert-id')).toBe(alert.id);
    await expect.poll(() => dialog.getByTestId('alert-status').textContent()).toBe(mr['alerts.status.activeUnack']);
    expect(await coordinator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await shot(coordinator, 'alert-notification-coordinator-details');

    // Unacknowledged, it escalates: to the coordinator after 3 s, to the admins after 6 s.
    await expect
      .poll(async () => (await api<{ timeline: Array<{ kind: string }> }>(`/alerts/${alert.id}`, adminToken)).timeline.filter((e) => e.kind === 'escalated').length, {
        timeout: 30_000,
      })
      .toBe(2);

    const admin = await e2e.browser.newPage(PHONE);
    await loginAs(admin, e2e.app, DEMO.admin);
    await admin.locator('header .bell-button').click();
    const escalated = bellItem(admin, alert.id, 'alertEscalated');
    await escalated.first().waitFor();
    await escalated.first().click();
    const adminDialog = admin.getByRole('dialog');
    await adminDialog.waitFor();
    expect(await adminDialog.getAttribute('data-alert-id')).toBe(alert.id);
    await expect.poll(() => adminDialog.getByRole('listitem').filter({ hasText: mr['alerts.event.escalated'] }).count()).toBeGreaterThan(0);
    await shot(admin, 'alert-notification-admin-escalated');

    // The farmer's link (/?alert=<id>) opens the alert, read-only, and marks its card on the home's list.
    const farmer = await e2e.browser.newPage(PHONE);
    await loginAs(farmer, e2e.app, DEMO.farmer);
    await farmer.goto(`${e2e.url}/?alert=${alert.id}`);
    const farmerDialog = farmer.getByRole('dialog');
    await farmerDialog.waitFor();
    expect(await farmerDialog.getAttribute('data-alert-id')).toBe(alert.id);
    await farmer.locator(`.farmer-alerts .alert-card--linked[data-alert-id="${alert.id}"]`).waitFor({ state: 'attached' });
    expect(await farmerDialog.getByRole('button', { name: mr['alerts.acknowledge'] }).count()).toBe(0);
    await expect.poll(() => new URL(farmer.url()).search).toBe('');

    await e2e.devices.publish(moisture, 45);
    await farmer.close();
    await admin.close();
    await coordinator.close();
  });
});
