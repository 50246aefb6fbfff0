/**
 * Live fields end to end: a reading published by a real MQTT client moves the farmer's chart in chromium,
 * and a low reading raises an alert that appears on the coordinator's open alerts page without a reload; the
 * coordinator's Alerts This Week counts a re-triggered alert once.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, catalog, loginAs, shot, withApp, type DemoDevice } from './harness';

type Sensor = DemoDevice;

const e2e = withApp({ devices: true });

/** A GET the test needs to succeed: the parsed body. */
const api = async <T>(path: string, token: string): Promise<T> => {
  const { status, body } = await e2e.api<T>(path, token);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return body;
};
const tokenOf = (email: string) => e2e.tokenOf(email);
const publish = (s: Sensor, value: number) => e2e.devices.publish(s, value);

describe('live fields', () => {
  it('moves the farmer’s chart when a sensor publishes', async () => {
    const token = await tokenOf(DEMO.farmer);
    const { fields } = await api<{ fields: Array<{ _id: string; name: string }> }>('/sensor-data', token);
    const first = fields[0];
    const moisture = e2e.sensors.find((s) => s.fieldRef === first._id && s.type === 'moisture')!;
    expect(moisture).toBeTruthy();

    const page = await e2e.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    const line = page.getByTestId('moisture-line');
    await line.waitFor();
    await page.getByRole('status').filter({ hasText: /Live|थेट|लाइव/ }).waitFor();
    const before = Number(await line.getAttribute('data-points'));
    await shot(page, 'live-farmer-home-before');
    await publish(moisture, 47.5);
    await expect.poll(async () => Number(await line.getAttribute('data-points')), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(async () => page.getByTestId('tile-moisture').textContent(), { timeout: 5000 }).toContain('47.5');
    await shot(page, 'live-farmer-home-after');
    await page.close();
  });

  it('shows a new low-moisture alert on the coordinator’s open alerts page', async () => {
    const token = await tokenOf(DEMO.coordinator);
    const { fields } = await api<{ fields: Array<{ _id: string; name: string }> }>('/sensor-data', token);
    const open = await api<{ alerts: Array<{ fieldId: string }> }>('/coordinator/alerts?type=moisture&open=true&limit=100', token);
    const quiet = fields.find((f) => !open.alerts.some((a) => a.fieldId === f._id) && e2e.sensors.some((s) => s.fieldRef === f._id && s.type === 'moisture'));
    expect(quiet, 'a field of this coordinator without an open moisture alert').toBeTruthy();
    const moisture = e2e.sensors.find((s) => s.fieldRef === quiet!._id && s.type === 'moisture')!;

    const page = await e2e.browser.newPage({ viewport: { width: 1100, height: 1000 } });
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/alerts`);
    const count = page.getByTestId('unread-count');
    // The count is read once the page has loaded (it shows 0 while loading).
    await page.locator('.alert-card').first().waitFor();
    await page.locator('.coordinator-alerts .loading').waitFor({ state: 'detached' });
    const unreadBefore = Number((await count.textContent())!.match(/\d+/)![0]);
    await shot(page, 'live-coordinator-alerts-before');
    await publish(moisture, 8);
    const card = page.locator('.alert-card').first();
    await expect.poll(async () => card.textContent(), { timeout: 10_000 }).toContain(quiet!.name);
    await expect.poll(async () => Number((await count.textContent())!.match(/\d+/)![0]), { timeout: 5000 }).toBe(unreadBefore + 1);
    await shot(page, 'live-coordinator-alerts-after');
    await page.close();
  });

  it('the coordinator dashboard counts a re-triggered alert once', async () => {
    const token = await e2e.tokenOf(DEMO.coordinator);
    const fields = (await e2e.api<{ fields: { _id: string }[] }>('/coordinator/field-overview?limit=100', token)).body.fields;
    const open = (await e2e.api<{ alerts: { fieldId: string }[] }>('/coordinator/alerts?type=moisture&open=true&limit=100', token)).body.alerts;
    const quiet = fields.find((f) => !open.some((a) => a.fieldId === f._id) && e2e.sensors.some((s) => s.fieldRef === f._id && s.type === 'moisture'));
    expect(quiet, 'a field of this coordinator without an open moisture alert').toBeTruthy();
    const moisture = e2e.sensors.find((s) => s.fieldRef === quiet!._id && s.type === 'moisture')!;
    const publish = (value: number) => e2e.devices.publish(moisture, value);

    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginAs(page, e2e.app, DEMO.coordinator);
    const stat = page.locator('.stat').filter({ hasText: catalog('mr')['coordinatorDashboard.alertsWeek'] }).locator('.stat-value');
    await stat.waitFor();
    await page.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
    const before = Number(await stat.textContent());
    await publish(8);
    await expect.poll(async () => Number(await stat.textContent()), { timeout: 15_000 }).toBe(before + 1);
    // The engine pushes the same open alert again with the new reading: it updates, it does not count.
    await publish(6);
    await expect
      .poll(async () => (await e2e.api<{ alerts: { fieldId: string; value: number | null }[] }>('/coordinator/alerts?type=moisture&open=true&limit=100', token)).body.alerts.find((a) => a.fieldId === quiet!._id)?.value, { timeout: 15_000 })
      .toBe(6);
    // The push follows the write; give it a moment to arrive, then the stat must not have moved.
    await page.waitForTimeout(1500);
    expect(Number(await stat.textContent())).toBe(before + 1);
    await shot(page, 'live-coordinator-dashboard-repush');
    await page.close();
  });
});
