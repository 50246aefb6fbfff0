/**
 * Leftovers of the staff workspace, end to end in Marathi: a farmer monitors their own fields and opens Field
 * Details (another farmer's field is a 404 from the server); the farmer page tells a failed load from a missing
 * farmer and retries; the coordinator's Alerts This Week counts a re-triggered alert once.
 * Screenshots: test-results/screenshots/fixes-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, PASSWORD, catalog, demoDevices, devicePublisher, launchBrowser, loginAs, shot, startApp, type DemoDevice, type RunningApp } from './harness';

type Sensor = DemoDevice;
const mr = catalog('mr');

let app: RunningApp;
let browser: Browser;
let devices: ReturnType<typeof devicePublisher>;
let sensors: Sensor[];

const api = async <T>(path: string, token: string): Promise<{ status: number; body: T }> => {
  const r = await fetch(`${app.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: (await r.json()) as T };
};
const tokenOf = async (email: string) => {
  const r = await fetch(`${app.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await r.json()) as { accessToken: string }).accessToken;
};

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  // The demo app lists its devices and their keys in its data folder (as for `npm run simulate`).
  sensors = await demoDevices(app);
  devices = devicePublisher(app);
});
afterAll(async () => {
  await devices?.end();
  await browser?.close();
  await app?.stop();
});

describe('staff leftovers', () => {
  it('a farmer monitors their own fields and opens Field Details with the timeline', async () => {
    const farmer = await tokenOf(DEMO.farmer);
    const mine = await api<{ fields: { _id: string }[] }>('/fields/overview', farmer);
    expect(mine.status).toBe(200);
    expect(mine.body.fields.length).toBeGreaterThan(0);
    // Someone else's field, through the coordinator2's list: a 404 for the farmer.
    const others = await api<{ fields: { _id: string }[] }>('/coordinator/field-overview?limit=1', await tokenOf(DEMO.coordinator2));
    expect(others.body.fields.length).toBe(1);
    expect((await api(`/fields/${others.body.fields[0]._id}`, farmer)).status).toBe(404);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginAs(page, app, DEMO.farmer);
    await page.goto(`${app.url}/fields`);
    await page.locator('.card-grid article').first().waitFor();
    expect(await page.locator('.card-grid article').count()).toBe(mine.body.fields.length);
    expect(await page.getByText(mr['fields.loadFailed'] ?? '__none__').count()).toBe(0);
    expect(await page.getByRole('button', { name: mr['fields.addField'] }).count()).toBe(0);
    await shot(page, 'fixes-farmer-fields');
    await page.locator('.card-grid article button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('svg').first().waitFor({ timeout: 15_000 });
    await shot(page, 'fixes-farmer-field-details');
    await page.close();
  });

  it('the farmer page says it could not load on a server failure, and Retry loads it', async () => {
    const coordinator = await tokenOf(DEMO.coordinator);
    const { body } = await api<{ farmers: { _id: string; name: string }[] }>('/coordinator/managed-farmers?limit=1', coordinator);
    const farmer = body.farmers[0];
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await loginAs(page, app, DEMO.coordinator);
    let fail = true;
    await page.route(`**/api/v1/admin/farmer/${farmer._id}`, (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', error: 'Internal Server Error', message: 'boom' }) }) : route.continue(),
    );
    await page.goto(`${app.url}/farmer/${farmer._id}`);
    const alert = page.getByRole('alert').filter({ hasText: mr['farmerDetail.failed'] });
    await alert.waitFor();
    expect(await page.getByText(mr['farmerDetail.missing']).count()).toBe(0);
    await shot(page, 'fixes-farmer-page-failed');
    fail = false;
    await alert.getByRole('button', { name: mr['farmerDetail.retry'] }).click();
    await page.getByRole('heading', { level: 1, name: farmer.name }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await shot(page, 'fixes-farmer-page-retried');
    // Not this coordinator's farmer: not found, no Retry.
    const other = await api<{ farmers: { _id: string }[] }>('/coordinator/managed-farmers?limit=1', await tokenOf(DEMO.coordinator2));
    await page.goto(`${app.url}/farmer/${other.body.farmers[0]._id}`);
    await page.getByRole('alert').filter({ hasText: mr['farmerDetail.missing'] }).waitFor();
    expect(await page.getByRole('button', { name: mr['farmerDetail.retry'] }).count()).toBe(0);
    await shot(page, 'fixes-farmer-page-missing');
    await page.close();
  });

  it('the coordinator dashboard counts a re-triggered alert once', async () => {
    const token = await tokenOf(DEMO.coordinator);
    const fields = (await api<{ fields: { _id: string }[] }>('/coordinator/field-overview?limit=100', token)).body.fields;
    const open = (await api<{ alerts: { fieldId: string }[] }>('/coordinator/alerts?type=moisture&open=true&limit=100', token)).body.alerts;
    const quiet = fields.find((f) => !open.some((a) => a.fieldId === f._id) && sensors.some((s) => s.fieldRef === f._id && s.type === 'moisture'));
    expect(quiet, 'a field of this coordinator without an open moisture alert').toBeTruthy();
    const moisture = sensors.find((s) => s.fieldRef === quiet!._id && s.type === 'moisture')!;
    const publish = (value: number) => devices.publish(moisture, value);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await loginAs(page, app, DEMO.coordinator);
    const stat = page.locator('.stat').filter({ hasText: mr['coordinatorDashboard.alertsWeek'] }).locator('.stat-value');
    await stat.waitFor();
    await page.waitForFunction(() => document.querySelector('main')?.getAttribute('aria-busy') === 'false');
    const before = Number(await stat.textContent());
    await publish(8);
    await expect.poll(async () => Number(await stat.textContent()), { timeout: 15_000 }).toBe(before + 1);
    // The engine pushes the same open alert again with the new reading: it updates, it does not count.
    await publish(6);
    await expect
      .poll(async () => (await api<{ alerts: { fieldId: string; value: number | null }[] }>('/coordinator/alerts?type=moisture&open=true&limit=100', token)).body.alerts.find((a) => a.fieldId === quiet!._id)?.value, { timeout: 15_000 })
      .toBe(6);
    // The push follows the write; give it a moment to arrive, then the stat must not have moved.
    await page.waitForTimeout(1500);
    expect(Number(await stat.textContent())).toBe(before + 1);
    await shot(page, 'fixes-coordinator-dashboard-repush');
    await page.close();
  });
});
