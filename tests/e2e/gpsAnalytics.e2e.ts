/**
 * GPS Field Mapping and Advanced Analytics in chromium, in Marathi, on the demo world: a coordinator
 * (location allowed, standing in Pune) sees the mapped fields, nearby fields and weather stations,
 * opens the map; then a field's analytics and its sensor report. Screenshots: test-results/screenshots/gps-*.png, advanced-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, catalog, loginAs, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp();

async function newPage(): Promise<Page> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'mr-IN',
    permissions: ['geolocation'],
    geolocation: { latitude: 18.52, longitude: 73.86 },
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  return page;
}

describe('GPS mapping and advanced analytics', () => {
  it('a coordinator sees mapped fields, what is near, and the map', async () => {
    const page = await newPage();
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/gps-field-mapping`);
    await page.getByRole('heading', { name: mr['gps.yourFields'] }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${mr['gps.viewDetails']}: `) }).first().waitFor();
    await page.getByText(mr['gps.position.device'].split(':')[0]).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(mr['gps.empty.title']).count()).toBe(0);
    await shot(page, 'gps-field-mapping');
    await page.getByRole('button', { name: mr['gps.map.open'] }).click();
    await page.locator('.maplibregl-canvas, .field-map .muted').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    await shot(page, 'gps-field-mapping-map');
  }, 90_000);

  it('a coordinator reads a field\'s analytics and its sensor report', async () => {
    const page = await newPage();
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/advanced-analytics`);
    await page.getByRole('heading', { name: mr['adv.sensors.title'] }).waitFor();
    await page.getByRole('heading', { name: mr['adv.insights.title'] }).waitFor();
    await page.getByRole('combobox', { name: mr['adv.range'] }).selectOption('30d');
    await page.getByRole('heading', { name: mr['adv.sensors.title'] }).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'advanced-analytics');
    await page.getByRole('button', { name: `${mr['adv.viewReport']}: ${mr['adv.sensors.title']}` }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, 'advanced-analytics-report');
  }, 90_000);
});
