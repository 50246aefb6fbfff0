/**
 * Live fields end to end: a reading published by a real MQTT client moves the farmer's chart in chromium,
 * and a low reading raises an alert that appears on the coordinator's open alerts page without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, PASSWORD, demoDevices, devicePublisher, launchBrowser, loginAs, shot, startApp, type DemoDevice, type RunningApp } from './harness';

type Sensor = DemoDevice;

let app: RunningApp;
let browser: Browser;
let devices: ReturnType<typeof devicePublisher>;
let sensors: Sensor[];

const api = async <T>(path: string, token: string): Promise<T> => {
  const r = await fetch(`${app.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${path} answered ${r.status}`);
  return (await r.json()) as T;
};
const tokenOf = async (email: string) => {
  const r = await fetch(`${app.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await r.json()) as { accessToken: string }).accessToken;
};
const publish = (s: Sensor, value: number) => devices.publish(s, value);

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

describe('live fields', () => {
  it('moves the farmer’s chart when a sensor publishes', async () => {
    const token = await tokenOf(DEMO.farmer);
    const { fields } = await api<{ fields: Array<{ _id: string; name: string }> }>('/sensor-data', token);
    const first = fields[0];
    const moisture = sensors.find((s) => s.fieldRef === first._id && s.type === 'moisture')!;
    expect(moisture).toBeTruthy();

    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loginAs(page, app, DEMO.farmer);
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
    const quiet = fields.find((f) => !open.alerts.some((a) => a.fieldId === f._id) && sensors.some((s) => s.fieldRef === f._id && s.type === 'moisture'));
    expect(quiet, 'a field of this coordinator without an open moisture alert').toBeTruthy();
    const moisture = sensors.find((s) => s.fieldRef === quiet!._id && s.type === 'moisture')!;

    const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    await loginAs(page, app, DEMO.coordinator);
    await page.goto(`${app.url}/alerts`);
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
});
