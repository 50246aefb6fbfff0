/**
 * The installable app offline, in chromium: the farmer's home is read once online, the network goes away and the
 * page is reloaded — the service worker opens the app from its precache and the home shows the readings it last
 * saw with the Marathi offline banner (the inbox too); back online the banner goes and live readings move the tiles again.
 * Signing out leaves nothing of the farmer on the phone. A farmer who saw their alerts, the decision-support advice and a
 * land report sees them again offline after a reload (the Messages badge keeps its count), and the writes waiting in
 * the outbox database of an older version move into the app's one database. An alert pushed live (and its
 * acknowledgement) is there offline after a reload; offline the farmer switches fields in decision support and the
 * land report, and gets the field's last PDF (with its date) from the phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
// The service worker is this file's subject: its install starts on the first page the app loads, so these tests sign in
// through the form as before (with the API sign-in one acknowledgement sent back online was never shown once, at load ~30).
import { DEMO, catalog, loginThroughForm as loginAs, moistureField, shot, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp({ devices: true, serviceWorker: true });

/** The keys in a store of the app's database in this browser profile ([] before the app made it). */
const storeKeys = (page: Page, store: 'lastSeen' | 'outbox') =>
  page.evaluate(async (name) => {
    // Opening a database that does not exist would create it empty, under the app's own upgrade.
    if (!(await indexedDB.databases()).some((d) => d.name === 'shetmitra')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('shetmitra');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        // Read only; closed so the app's own upgrade is never blocked by the test.
        db.onversionchange = () => db.close();
        if (!db.objectStoreNames.contains(name)) return resolve([]);
        const keys = db.transaction(name).objectStore(name).getAllKeys();
        keys.onsuccess = () => resolve(keys.result.map(String));
        keys.onerror = () => reject(keys.error);
      };
    });
  }, store);
/** One value kept in the offline store (its `value`), or null. */
const keptValue = <T,>(page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<T | null>((resolve, reject) => {
        const open = indexedDB.open('shetmitra');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          db.onversionchange = () => db.close();
          const get = db.transaction('lastSeen').objectStore('lastSeen').get(k);
          get.onsuccess = () => (db.close(), resolve((get.result as { value: T } | undefined)?.value ?? null));
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
/** Everything kept in the offline store ('user|what' keys). */
const keptKeys = (page: Page) => storeKeys(page, 'lastSeen');

/** Waits until the service worker is installed (its precache complete) and controls the page. */
const workerControls = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });

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
    // The screen's own banner (the home's alerts have theirs, below).
    const banner = page.locator('main > [data-testid="offline-banner"]');
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

  it("shows the farmer's alerts, the last advice and the last land report again offline after a reload, and the Messages badge", async () => {
    const token = await e2e.tokenOf(DEMO.farmer);
    const alertsOnline = (await e2e.api<{ alerts: unknown[] }>('/alerts?page=1&limit=10', token)).body.alerts.length;
    expect(alertsOnline).toBeGreaterThan(0);
    const unread = (await e2e.api<{ unread: number }>('/messages?page=1&limit=1', token)).body.unread;
    expect(unread).toBeGreaterThan(0);

    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await loginAs(page, e2e.app, DEMO.farmer);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!)._id as string);
    const cards = page.locator('.farmer-alerts .alert-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(alertsOnline);
    await page.getByTestId('unread-count').filter({ hasText: String(Math.min(unread, 99)) }).waitFor();
    await workerControls(page);
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toEqual(expect.arrayContaining([`${userId}|alerts.farmer`, `${userId}|inbox.unread`]));

    // Decision support: the advice for a field, read online.
    await page.goto(`${e2e.url}/fdss`);
    const select = page.getByLabel(mr['fdss.field'], { exact: true });
    await select.waitFor();
    const fieldId = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(fieldId!);
    await page.locator('.insight').first().waitFor();
    await page.getByTestId('weather-temperature').waitFor();
    const insights = await page.locator('.insight').allInnerTexts();
    const temperature = await page.getByTestId('weather-temperature').textContent();
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${userId}|fdss.advice`);

    // A land report with its NDVI figures, from the farmer's own field.
    await page.goto(`${e2e.url}/land-report`);
    await expect.poll(() => page.getByLabel(mr['land.lat'], { exact: true }).inputValue(), { timeout: 15_000 }).not.toBe('');
    await page.getByRole('button', { name: mr['land.fetchNdvi'] }).click();
    await page.getByTestId('ndvi-latest').waitFor({ timeout: 15_000 });
    const ndviLatest = await page.getByTestId('ndvi-latest').innerText();
    await page.getByRole('button', { name: mr['land.generate'] }).click();
    await page.getByTestId('soil-score').waitFor({ timeout: 15_000 });
    const score = await page.getByTestId('soil-score').innerText();
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${userId}|land.report`);

    await context.setOffline(true);
    const bannerText = /^ऑफलाइन — शेवटची माहिती \d\d:\d\d वाजताची$/;

    // The home: the kept alerts with the card's quiet 'as last seen' line under the home's one banner, and the
    // Messages badge keeps its count.
    await page.goto(`${e2e.url}/`);
    const alertsKept = page.locator('.farmer-alerts').getByTestId('alerts-kept');
    await alertsKept.waitFor({ timeout: 15_000 });
    expect(await alertsKept.locator('span').first().textContent()).toMatch(/\d\d:\d\d/);
    expect(await page.getByTestId('offline-banner').count()).toBe(1);
    expect(await cards.count()).toBe(alertsOnline);
    expect(await page.getByTestId('unread-count').textContent()).toBe(String(Math.min(unread, 99)));
    await page.locator('.farmer-alerts').scrollIntoViewIfNeeded();
    await shot(page, 'offline-farmer-alerts-mr-412');

    // Decision support: the same advice for the same field.
    await page.goto(`${e2e.url}/fdss`);
    const fdssBanner = page.getByTestId('offline-banner');
    await fdssBanner.waitFor({ timeout: 15_000 });
    expect(await fdssBanner.locator('span').first().textContent()).toMatch(bannerText);
    expect(await select.inputValue()).toBe(fieldId);
    expect(await page.locator('.insight').allInnerTexts()).toEqual(insights);
    expect(await page.getByTestId('weather-temperature').textContent()).toBe(temperature);
    await shot(page, 'offline-fdss-mr-412');

    // The land report: the last one made, with its NDVI figures; the form waits for the network.
    await page.goto(`${e2e.url}/land-report`);
    const landBanner = page.getByTestId('offline-banner');
    await landBanner.waitFor({ timeout: 15_000 });
    expect(await landBanner.locator('span').first().textContent()).toMatch(bannerText);
    expect(await page.getByTestId('soil-score').innerText()).toBe(score);
    expect(await page.getByTestId('ndvi-latest').innerText()).toBe(ndviLatest);
    expect(await page.getByRole('button', { name: mr['land.generate'] }).count()).toBe(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('mr');
    await shot(page, 'offline-land-report-mr-412');

    // Online again: the form is back (the field loads afresh), the kept report leaves the screen.
    await context.setOffline(false);
    await landBanner.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: mr['land.generate'] }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('soil-score').count()).toBe(0);
    await context.close();
  });

  it('keeps an alert pushed live and its acknowledgement for offline; offline switches fields in decision support and the land report, and gives the last PDF', async () => {
    const { moisture, activeOnField, recover } = await moistureField(e2e);
    const coordinatorToken = await e2e.tokenOf(DEMO.coordinator);
    await recover();

    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 915 }, acceptDownloads: true });
    const page = await context.newPage();
    await loginAs(page, e2e.app, DEMO.farmer);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!)._id as string);
    await page.locator('.farmer-alerts .alert-card').first().waitFor();
    await workerControls(page);

    // A dry reading raises an alert, pushed to the open home; the coordinator acknowledges it, pushed too.
    await e2e.devices.publish(moisture, 8);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeTruthy();
    const alert = (await activeOnField())!;
    const card = page.locator(`.farmer-alerts [data-alert-id="${alert.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    const kept = () => keptValue<{ alerts: Array<{ id: string; status: string }> }>(page, `${userId}|alerts.farmer`);
    await expect.poll(async () => (await kept())?.alerts.find((a) => a.id === alert.id)?.status, { timeout: 10_000 }).toBe('active_unack');
    const ack = await fetch(`${e2e.url}/api/v1/alerts/${alert.id}/acknowledge`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${coordinatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(ack.status).toBe(200);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('active_ack');
    await expect.poll(async () => (await kept())?.alerts.find((a) => a.id === alert.id)?.status, { timeout: 10_000 }).toBe('active_ack');

    // Offline, reloaded: the pushed alert, acknowledged, under the home's one banner (the card has no banner of its own).
    await context.setOffline(true);
    await page.reload();
    await page.locator('main > [data-testid="offline-banner"]').waitFor({ timeout: 15_000 });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getAttribute('data-status')).toBe('active_ack');
    expect(await page.getByTestId('offline-banner').count()).toBe(1);
    expect(await page.locator('.farmer-alerts').getByTestId('alerts-kept').textContent()).toMatch(/\d\d:\d\d/);
    // A question asked offline waits in the outbox: the header's pill says so, once (the banner keeps the time and Retry).
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    const question = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
    await question.fill('पाणी कधी द्यावे?');
    await question.press('Enter');
    const homeBanner = page.locator('main > [data-testid="offline-banner"]');
    await expect.poll(() => page.getByTestId('outbox-indicator').textContent(), { timeout: 10_000 }).toMatch(/1 पाठवायचे बाकी$/);
    expect(await page.getByTestId('offline-banner').count()).toBe(1);
    expect(await homeBanner.getByTestId('offline-waiting').count()).toBe(0);
    // The count once on the page (the question's own line in the chat says 'waiting to send: …' without a number).
    expect(await page.getByText(/\d+ पाठवायचे बाकी/).count()).toBe(1);
    expect(await homeBanner.locator('span').first().textContent()).toMatch(/^ऑफलाइन — शेवटची माहिती \d\d:\d\d वाजताची$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'offline-farmer-home-waiting-mr-412');
    await context.setOffline(false);
    await expect.poll(() => homeBanner.count(), { timeout: 20_000 }).toBe(0);
    await recover();

    // Decision support: two fields' advice read online.
    await page.goto(`${e2e.url}/fdss`);
    const select = page.getByLabel(mr['fdss.field'], { exact: true });
    await select.waitFor();
    const ids = await select.locator('option:not([value=""])').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const advice: Record<string, string[]> = {};
    for (const id of ids.slice(0, 2)) {
      await select.selectOption(id);
      await page.locator('.insight').first().waitFor();
      await page.getByTestId('weather-temperature').waitFor();
      advice[id] = await page.locator('.insight').allInnerTexts();
      await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${userId}|fdss.advice.${id}`);
    }

    // The land report of the first field, and its PDF downloaded.
    await page.goto(`${e2e.url}/land-report`);
    await expect.poll(() => page.getByLabel(mr['land.lat'], { exact: true }).inputValue(), { timeout: 15_000 }).not.toBe('');
    const landField = await page.locator('.land-field-picker select').inputValue();
    await page.getByRole('button', { name: mr['land.generate'] }).click();
    await page.getByTestId('soil-score').waitFor({ timeout: 15_000 });
    const score = await page.getByTestId('soil-score').innerText();
    const online = page.waitForEvent('download');
    await page.getByRole('button', { name: mr['land.download'] }).click();
    const firstPdf = await online;
    expect(firstPdf.suggestedFilename()).toBe('land-health-report.pdf');
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${userId}|land.pdf.${landField}`);
    // Online still, the next download fails on the way (the connection drops, then the server fails): the kept PDF is
    // offered with its date, and opening it gives that file.
    const { readFile } = await import('node:fs/promises');
    const firstBytes = await readFile((await firstPdf.path())!);
    const offer = page.getByTestId('land-kept-pdf');
    for (const fail of [(r: Route) => r.abort('connectionreset'), (r: Route) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' })]) {
      await page.route('**/api/v1/land/download-pdf', fail);
      await page.getByRole('button', { name: mr['land.download'] }).click();
      await offer.waitFor({ timeout: 15_000 });
      expect(await offer.locator('span').first().textContent()).toMatch(new RegExp(`^${mr['land.keptPdf.offer'].split(' (')[0]} \\(\\d+ [^)]*\\d\\d:\\d\\d\\)`));
      await shot(page, 'land-report-kept-pdf-offer-mr-412');
      const keptDownload = page.waitForEvent('download');
      await offer.getByRole('button', { name: mr['land.keptPdf.open'] }).click();
      const kept = await keptDownload;
      expect(kept.suggestedFilename()).toBe('land-health-report.pdf');
      // The very PDF downloaded before (a real file).
      const keptBytes = await readFile((await kept.path())!);
      expect(keptBytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(keptBytes.equals(firstBytes)).toBe(true);
      await offer.waitFor({ state: 'detached', timeout: 5_000 });
      await page.unroute('**/api/v1/land/download-pdf', fail);
    }

    await context.setOffline(true);
    const bannerText = /^ऑफलाइन — शेवटची माहिती \d\d:\d\d वाजताची$/;
    const banner = page.getByTestId('offline-banner');

    // Decision support offline: the last field's advice; switching shows the other field's own.
    await page.goto(`${e2e.url}/fdss`);
    await banner.waitFor({ timeout: 15_000 });
    expect(await select.inputValue()).toBe(ids[1]);
    expect(await page.locator('.insight').allInnerTexts()).toEqual(advice[ids[1]]);
    await select.selectOption(ids[0]);
    await expect.poll(() => page.locator('.insight').allInnerTexts(), { timeout: 10_000 }).toEqual(advice[ids[0]]);
    expect(await banner.locator('span').first().textContent()).toMatch(bannerText);
    await shot(page, 'offline-fdss-switched-mr-412');

    // The land report offline: the field's report and its last PDF, with its date.
    await page.goto(`${e2e.url}/land-report`);
    await banner.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('soil-score').innerText()).toBe(score);
    const pdfButton = page.getByRole('button', { name: new RegExp(`^${mr['land.offline.pdf'].split(' (')[0]}`) });
    const offlinePdf = page.waitForEvent('download');
    await pdfButton.click();
    const download = await offlinePdf;
    expect(download.suggestedFilename()).toBe('land-health-report.pdf');
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'offline-land-report-pdf-mr-412');
    // Another field: nothing saved for it (its report was never made on this phone).
    const other = await page.locator('.land-field-picker select option').evaluateAll((os, f) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v !== f), landField);
    expect(other).toBeTruthy();
    await page.locator('.land-field-picker select').selectOption(other!);
    await expect.poll(() => banner.locator('span').first().textContent(), { timeout: 10_000 }).toBe(mr['offline.nothingSavedField']);
    expect(await page.getByTestId('soil-score').count()).toBe(0);
    await shot(page, 'offline-land-report-other-field-mr-412');
    await context.close();
  });

  it("moves the writes waiting in an older version's outbox database into the app's one database", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await page.goto(`${e2e.url}/login`);
    // What an older version left: its outbox with a write waiting (another person's: never sent here), its screen copies.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const outbox = indexedDB.open('shetmitra-outbox', 1);
          outbox.onupgradeneeded = () => outbox.result.createObjectStore('items', { keyPath: 'id' });
          outbox.onerror = () => reject(outbox.error);
          outbox.onsuccess = () => {
            const tx = outbox.result.transaction('items', 'readwrite');
            tx.objectStore('items').put({ id: 'old-1', userId: 'someone-else', kind: 'message', summary: 'waiting', createdAt: Date.now(), attempts: 0, status: 'queued' });
            tx.oncomplete = () => {
              outbox.result.close();
              const cache = indexedDB.open('shetmitra-offline', 1);
              cache.onupgradeneeded = () => cache.result.createObjectStore('lastSeen');
              cache.onsuccess = () => (cache.result.close(), resolve());
              cache.onerror = () => reject(cache.error);
            };
          };
        }),
    );
    await loginAs(page, e2e.app, DEMO.farmer);
    const outboxIds = () => storeKeys(page, 'outbox');
    await expect.poll(outboxIds, { timeout: 10_000 }).toEqual(['old-1']);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort()), { timeout: 10_000 })
      .toEqual(['shetmitra']);
    await context.close();
  });
});

describe('the profile offline', () => {
  it('opens from the phone under the banner; an edit made there waits (also across a reload), is sent once online, and a refused one says why', async () => {
    const token = await e2e.tokenOf(DEMO.farmer);
    const { user } = await e2e.get<{ user: { _id: string; village: string | null } }>('/auth/profile', token);
    const context = await e2e.browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    const patches: Array<{ key: string; village?: string }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/auth/profile') && r.method() === 'PATCH') {
        patches.push({ key: r.headers()['idempotency-key'] ?? '', village: (r.postDataJSON() as { village?: string }).village });
      }
    });
    await loginAs(page, e2e.app, DEMO.farmer);
    await workerControls(page);
    await page.goto(`${e2e.url}/profile`);
    const editButton = page.getByRole('button', { name: mr['profile.edit'] });
    await editButton.waitFor({ timeout: 15_000 });
    // The profile the server gave is kept on the phone.
    await expect.poll(() => keptKeys(page), { timeout: 10_000 }).toContain(`${user._id}|profile`);

    // Offline, a reload: the profile from the phone, under the banner with its time and Retry; the form works.
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.locator('span').first().textContent()).toMatch(/^ऑफलाइन — शेवटची माहिती \d\d:\d\d वाजताची$/);
    expect(await banner.getByRole('button', { name: mr['offline.retry'] }).count()).toBe(1);
    expect(await page.locator('output#profile-village').textContent()).toBe(user.village ?? mr['profile.notSet']);
    expect(await page.getByRole('heading', { name: mr['notificationSettings.title'] }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await shot(page, 'offline-profile-mr-412');

    const edit = async (village: string) => {
      await editButton.click();
      await page.getByLabel(mr['profile.village'], { exact: true }).fill(village);
      await page.getByRole('button', { name: mr['profile.save'], exact: true }).click();
      await page.getByTestId('profile-queued').waitFor({ timeout: 10_000 });
    };
    await edit('सासवड');
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent()).toMatch(/^\D*1 /);
    // Reloaded offline again: the edit still waits and is shown as made.
    await page.reload();
    await page.getByTestId('profile-queued').waitFor({ timeout: 15_000 });
    expect(await page.locator('output#profile-village').textContent()).toBe('सासवड');
    expect(await banner.textContent()).toMatch(/^ऑफलाइन — शेवटची माहिती/);
    await shot(page, 'offline-profile-queued-mr-412');
    expect(patches).toHaveLength(0);

    // Online: sent once, with one key; the saved banner; the server holds it; the offline banner goes.
    await context.setOffline(false);
    await page.getByText(mr['profile.saved']).waitFor({ timeout: 30_000 });
    await expect.poll(() => chip.count()).toBe(0);
    expect(await banner.count()).toBe(0);
    expect(patches.map((p) => p.village)).toEqual(['सासवड']);
    expect(patches[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await e2e.get<{ user: { village: string } }>('/auth/profile', token)).user.village).toBe('सासवड');

    // A waiting edit the server refuses: the form opens again with the edit and the server's reason in Marathi.
    await context.setOffline(true);
    await edit('वाई');
    const reason = { english: 'This profile was changed elsewhere.', marathi: 'हे प्रोफाइल दुसरीकडे बदलले गेले आहे.', hindi: 'यह प्रोफ़ाइल कहीं और बदली गई है।' };
    await page.route('**/api/v1/auth/profile', (route: Route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ statusCode: 409, code: 'CONFLICT', error: reason.english, message: reason }) })
        : route.continue(),
    );
    await context.setOffline(false);
    const refused = page.getByRole('alert').filter({ hasText: mr['profile.saveFailed'] });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain(reason.marathi);
    expect(await page.getByLabel(mr['profile.village'], { exact: true }).inputValue()).toBe('वाई');
    await shot(page, 'offline-profile-refused-mr-412');
    expect((await e2e.get<{ user: { village: string } }>('/auth/profile', token)).user.village).toBe('सासवड');
    await context.close();
  });
});
