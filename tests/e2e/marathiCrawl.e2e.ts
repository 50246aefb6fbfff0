/**
 * Issue 14 item 11: a Marathi screen must not slip into English. Signs in as the demo farmer, coordinator and
 * admin with Marathi chosen, visits every screen of each role (src/app/App.tsx, src/app/paths.ts) and the field
 * details dialog, and fails on any Latin-script word in what people read or hear: the page's visible text
 * (document.body.innerText) plus aria-label, title, placeholder and alt attributes.
 *
 * Before the fixes of issue 14 item 11 it found: 'AM', 'PM' (times), 'daily', 'Kharif', 'Rabi' (field details),
 * and maplibre's 'Zoom in', 'Zoom out', 'Drag to rotate map, click to reset north', 'Toggle attribution', 'Map'.
 *
 * The allow-list is short on purpose. Allowed: the brand, units and standard abbreviations farmers meet on
 * labels and soil cards, and codes that are data, not words:
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CROP_INFO, VILLAGES } from '../../server/src/seed/places';
import { DEMO, catalog, loginAs, openInApp, shot, withApp } from './harness';

/** Words a Marathi reader is expected to meet in Latin script. */
const ALLOWED = new Set([
  'ShetMitra', // the brand (the header also says शेतमित्र)
  'GPS', 'NDVI', 'OTP', 'SMS', 'PDF', 'CSV', 'ID', // abbreviations used as such in Marathi
  'pH', 'kg', 'ha', 'mm', 'cm', 'km', 'ms', 'NPK', 'EC', 'SG', 'ZC', 'WP', 'DAP', 'MOP', 'SSP', // units, soil/pesticide codes
  'AI', 'QR', 'TOTP', // abbreviations
  'English', // the language switcher names each language in its own script
  'OpenStreetMap', 'contributors', 'MapLibre', // the map's licence attribution, which must stay as published
]);
/**
 * Proper names in the demo data, typed by coordinators in Latin script and shown as typed (the app does not
 * transliterate people's data): villages and districts, and seed variety names — read from the seed itself.
 */
const DEMO_DATA_NAMES = new Set(
  [...VILLAGES.flatMap((v) => [v.village, v.district]), ...Object.values(CROP_INFO).flatMap((c) => c.varieties), 'Maharashtra']
    .flatMap((name) => name.match(/[A-Za-z]+/g) ?? []),
);
/** Data, not words: field/sensor/device ids (FLD001, SEN-1A2B), e-mail addresses, web addresses. */
const CODE = /^(?:[A-Z]{2,}[-_]?[0-9][\w-]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/|www\.)\S+|[\w-]+\.(?:in|com|org|gov\.in))$/;

const mr = catalog('mr');
const e2e = withApp();

/** Latin words on the page now, outside the allow-list. */
async function latinWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out;
  });
  const found = new Set<string>();
  for (const text of texts) {
    for (const token of text.split(/[\s,;:()[\]{}"'“”‘’·|/–—]+/u)) {
      const t = token.replace(/^[.!?…*]+|[.!?…*]+$/gu, '');
      if (!/[A-Za-z]{2,}/.test(t) || CODE.test(t)) continue;
      for (const word of t.match(/[A-Za-z]+/g) ?? []) if (word.length > 1 && !ALLOWED.has(word) && !DEMO_DATA_NAMES.has(word)) found.add(t);
    }
  }
  return [...found];
}

type Found = { screen: string; words: string[] };

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 412, height: 900 }, locale: 'mr-IN', deviceScaleFactor: 1 });
  await context.addInitScript(() => localStorage.setItem('shetmitra.prefs', JSON.stringify({ locale: 'mr' })));
  const page = await context.newPage();
  await loginAs(page, e2e.app, email);
  return { context, page };
}

async function visit(page: Page, name: string, path: string): Promise<Found> {
  // Through the app's router, as a user moves between screens: what is read is each screen, not its page load.
  await openInApp(page, e2e.app, path);
  // A screen still loading after 15 s fails here: it is never measured half-drawn.
  await page.locator('.loading').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForTimeout(250);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr');
  await shot(page, `marathi-${name}`);
  return { screen: name, words: await latinWords(page) };
}

async function fieldDetails(page: Page, role: string): Promise<Found[]> {
  const out = [await visit(page, `${role}-fields`, '/fields')];
  await page.locator('.card-grid .card').first().waitFor();
  await page.locator('button[aria-label*=":"]').first().click();
  await page.getByRole('dialog').waitFor();
  await page.locator('.dialog .detail-section').last().locator('svg, .muted').first().waitFor();
  await page.waitForTimeout(250);
  await shot(page, `marathi-${role}-field-details`);
  out.push({ screen: `${role}-field-details`, words: await latinWords(page) });
  await page.getByRole('dialog').getByRole('button', { name: mr['fields.close'] }).click();
  for (const tab of ['table', 'map'] as const) {
    const button = page.getByRole('tab', { name: mr[`fields.tab.${tab}`] });
    if ((await button.count()) === 0) continue;
    await button.click();
    await page.locator(tab === 'table' ? '.staff-table tbody tr' : '.field-map .map-frame, .field-map .muted').first().waitFor();
    await page.waitForTimeout(400);
    out.push({ screen: `${role}-fields-${tab}`, words: await latinWords(page) });
  }
  return out;
}

const TOOLS = ['/disease-detector', '/fdss', '/land-report', '/profile'];
const STAFF = ['/farmers', '/alerts', '/analytics', '/advanced-analytics', '/ai-recommendations', '/gps-field-mapping', '/add-farmer', '/add-field', '/trust'];
const withWords = (found: Found[]) => found.filter((f) => f.words.length > 0);

// The three crawls only read (each in its own browser context, as its own role), so they run at once: most of a
// visit is waiting (the page's calls, networkidle, the settling pause), which the others' work fills.
describe('every screen in Marathi has no stray English', { retry: 0, concurrent: true }, () => {
  it('the farmer', async () => {
    const { context, page } = await signedIn(DEMO.farmer);
    const found = [await visit(page, 'farmer-home', '/'), ...(await fieldDetails(page, 'farmer'))];
    for (const path of [...TOOLS, '/messages']) found.push(await visit(page, `farmer${path.replace('/', '-')}`, path));
    await context.close();
    expect(withWords(found)).toEqual([]);
  });

  it('the coordinator', async () => {
    const { context, page } = await signedIn(DEMO.coordinator);
    const found = [await visit(page, 'coordinator-dashboard', '/'), ...(await fieldDetails(page, 'coordinator'))];
    for (const path of [...STAFF, ...TOOLS]) found.push(await visit(page, `coordinator${path.replace('/', '-')}`, path));
    await context.close();
    expect(withWords(found)).toEqual([]);
  });

  it('the admin', async () => {
    const { context, page } = await signedIn(DEMO.admin);
    const found = [await visit(page, 'admin-dashboard', '/'), ...(await fieldDetails(page, 'admin'))];
    for (const path of [...STAFF, '/add-coordinator', '/add-admin', ...TOOLS]) found.push(await visit(page, `admin${path.replace('/', '-')}`, path));
    await context.close();
    expect(withWords(found)).toEqual([]);
  });
});
