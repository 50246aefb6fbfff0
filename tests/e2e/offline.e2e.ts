/**
 * The installable app offline, in chromium: the farmer's home is read once online, the network goes away and the
 * page is reloaded — the service worker opens the app from its precache and the home shows the readings it last
 * saw with the Marathi offline banner (the inbox too); back online the banner goes and live readings move the tiles again.
 * Signing out leaves nothing of the farmer on the phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, catalog, loginAs, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp({ devices: true });

/** Everything kept in the offline store of this browser profile ('user|what' keys). */
const keptKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('shetmitra-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('lastSeen')) return resolve([]);
          const keys = db.transaction('lastSeen').objectStore('lastSeen').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

describe('offline reading', () => {
  it('reloads the farmer home offline from what it last saw, and goes live again online', async () => {
    const token = await e2e.tokenOf(DEMO.farmer);
    const { fields } = (await e2e.api<{ fields: Array<{ _id: string }> }>('/sensor-data', token)).body;
    const moisture = e2e.sensors.find((s) => s.fieldRef === fields[0]._id && s.type === 'moisture')!;
    expect(moisture).toBeTruthy();

    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.getByTestId('moisture-line').waitFor();
    await page.getByRole('status').filter({ hasText: mr['home.feed.live'] }).waitFor();
    // The service worker is installed (its precache complete) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    // A reading the phone will remember.
    await e2e.devices.publish(moisture, 37.5);
    await expect.poll(() => page.getByTestId('tile-moisture').textContent(), { timeout: 10_000 }).toContain('37.5');
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!)._id as string);
    await expect.poll(() => keptKeys(page), { timeout: 5000 }).toContain(`${userId}|home.field.${fields[0]._id}`);
    // The inbox, read once online, is kept too.
    await page.getByRole('link', { name: new RegExp(`^${mr['header.messages']}`) }).click();
    await page.waitForURL(`${e2e.url}/messages`);
    // Loaded (and kept) once the page is in the store.
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${userId}|inbox.page1`);
    await page.locator('.staff-page [role="status"]').filter({ hasNotText: mr['inbox.loading'] }).waitFor();
    const messagesOnline = await page.locator('.inbox-list li').count();
    expect(messagesOnline).toBeGreaterThan(0);
    await page.goBack();
    await page.getByTestId('moisture-line').waitFor();
    await page.getByRole('status').filter({ hasText: mr['home.feed.live'] }).waitFor();
    // What the home shows now is what it keeps.
    const pointsOnline = Number(await page.getByTestId('moisture-line').getAttribute('data-points'));

    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.locator('span').first().textContent()).toMatch(/^ऑफलाइन — शेवटची माहिती \d\d:\d\d वाजताची$/);
    expect(await page.getByTestId('tile-moisture').textContent()).toContain('37.5');
    const line = page.getByTestId('moisture-line');
    await line.waitFor();
    expect(Number(await line.getAttribute('data-points'))).toBe(pointsOnline);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    await shot(page, 'offline-farmer-home-mr-412');
    // The banner's Retry (a timed-out slow network never fires 'online'): still offline, the kept home comes back.
    await banner.getByRole('button', { name: mr['home.retry'] }).click();
    await banner.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('tile-moisture').textContent(), { timeout: 10_000 }).toContain('37.5');
    // Offline, the inbox opens from its kept page under the same banner, and back home again.
    await page.getByRole('link', { name: new RegExp(`^${mr['header.messages']}`) }).click();
    await banner.waitFor({ timeout: 15_000 });
    expect(await page.locator('.inbox-list li').count()).toBe(messagesOnline);
    await shot(page, 'offline-inbox-mr-412');
    await page.goBack();
    await banner.waitFor({ timeout: 15_000 });

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('status').filter({ hasText: mr['home.feed.live'] }).waitFor({ timeout: 20_000 });
    await e2e.devices.publish(moisture, 52.5);
    await expect.poll(() => page.getByTestId('tile-moisture').textContent(), { timeout: 10_000 }).toContain('52.5');
    await shot(page, 'offline-farmer-home-back-online');

    // Signing out takes the farmer's copies with it (a shared phone).
    await page.getByRole('button', { name: mr['header.logout'] }).click();
    await page.waitForURL(`${e2e.url}/login`);
    await expect.poll(() => keptKeys(page), { timeout: 5000 }).toEqual([]);
    await context.close();
  });
});
