/**
 * Offline writing (issue 17) in chromium, in Marathi, on a 412 px phone: a farmer offline attaches a leaf photo
 * and asks a question; both show as queued and the header says how many wait; back online, the outbox sends each
 * once (with its Idempotency-Key) and the answers take the queued lines' places; the server holds exactly one
 * new diagnosis. Screenshot of the queue indicator: test-results/screenshots/outbox-mr-412.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, loginAs, shot, withApp } from './harness';
import { leafSvg } from '../server/disease/support/syntheticLeaves';

const e2e = withApp();
const dir = mkdtempSync(join(tmpdir(), 'outbox-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a farmer offline', () => {
  it('queues a leaf photo and a question, and each is sent once when the network returns', async () => {
    writeFileSync(join(dir, 'leaf.jpg'), await sharp(Buffer.from(leafSvg('rust', 77))).resize(800, 600).jpeg({ quality: 90 }).toBuffer());
    const token = await e2e.tokenOf(DEMO.farmer);
    const history = async () => (await e2e.api<{ pagination?: { total?: number }; total?: number; items?: unknown[] }>('/disease/history?limit=50', token)).body;
    const before = await history();

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const detects: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/disease/detect')) detects.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.farmer);

    // The leaf photo: chosen online (the page is loaded), sent offline → queued.
    await page.goto(`${e2e.url}/disease-detector`);
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'leaf.jpg'));
    await page.getByText(/पाठवायचा फोटो: \d+ KB/).waitFor({ timeout: 20_000 });
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'रोग तपासा' }).click();
    await page.getByTestId('disease-queued').waitFor({ timeout: 20_000 });
    const chip = page.getByTestId('outbox-indicator');
    await expect.poll(() => chip.textContent()).toMatch(/पाठवायचे बाकी/);

    // Back online: the outbox sends the photo (same key as the first try) and the result appears here.
    await page.context().setOffline(false);
    await page.getByTestId('disease-name').waitFor({ timeout: 30_000 });
    await expect.poll(() => chip.count()).toBe(0);
    expect(detects.length).toBeGreaterThanOrEqual(1);
    expect(new Set(detects).size).toBe(1);
    expect(detects[0]).toMatch(/^[0-9a-f-]{36}$/);
    const after = await history();
    const count = (h: typeof before) => h.pagination?.total ?? h.total ?? h.items?.length ?? -1;
    expect(count(after) - count(before)).toBe(1);

    // The question: asked offline on the home page → queued, counted in the header.
    await page.goto(`${e2e.url}/`);
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    await page.context().setOffline(true);
    const input = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
    await input.fill('सोयाबीनवर पिवळे ठिपके पडले आहेत, काय करावे?');
    await input.press('Enter');
    const queued = page.locator('.chat-message[data-queued]');
    await queued.waitFor({ timeout: 10_000 });
    await expect.poll(() => chip.textContent()).toMatch(/पाठवायचे बाकी/);
    await chip.click();
    await page.getByRole('region', { name: 'पाठवायचे बाकी' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    // The panel is wholly on screen.
    const box = (await page.getByRole('region', { name: 'पाठवायचे बाकी' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    await shot(page, 'outbox-mr-412');

    // Online: answered once, the queued line replaced, nothing waits.
    await page.context().setOffline(false);
    await page.locator('.chat-message[data-from="bot"]').filter({ hasText: /पिवळा मोझॅक/ }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => queued.count()).toBe(0);
    expect(await page.locator('.chat-message[data-from="bot"]').filter({ hasText: /पिवळा मोझॅक/ }).count()).toBe(1);
    await expect.poll(() => chip.count()).toBe(0);
    await page.close();
  }, 180_000);
});
