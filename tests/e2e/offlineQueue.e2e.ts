/**
 * Offline writing (issue 17) in chromium, in Marathi, on a 412 px phone: a farmer offline attaches a leaf photo
 * and asks a question; both show as queued and the header says how many wait; back online, the outbox sends each
 * once (with its Idempotency-Key) and the answers take the queued lines' places; the server holds exactly one
 * new diagnosis. Screenshot of the queue indicator: test-results/screenshots/outbox-mr-412.png.
 * A coordinator offline acknowledges an alert: the dialog says 'waiting to send'; back online the outbox sends it
 * and the admin sees the alert acknowledged, with exactly one acknowledgement in its timeline.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, catalog, loginAs, moistureField, shot, withApp } from './harness';
import { leafSvg } from '../server/disease/support/syntheticLeaves';

const e2e = withApp({ devices: true });
const mr = catalog('mr');
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

describe('a coordinator offline', () => {
  it('acknowledges an alert; back online it is sent once and the admin sees one acknowledgement', async () => {
    // The leaf diagnosis before may leave the event loop busy for a moment (the server then sheds with 503 OVERLOADED).
    await expect.poll(() => e2e.tokenOf(DEMO.farmer).then(() => true, () => false), { timeout: 30_000, interval: 1000 }).toBe(true);
    const { moisture, activeOnField, recover } = await moistureField(e2e);
    const adminToken = await e2e.tokenOf(DEMO.admin);
    await recover();
    await e2e.devices.publish(moisture, 8);
    await expect.poll(activeOnField, { timeout: 15_000 }).toBeTruthy();
    const alert = (await activeOnField())!;
    expect(alert.status).toBe('active_unack');

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    const acks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/v1/alerts/${alert.id}/acknowledge`)) acks.push(r.headers()['idempotency-key'] ?? '');
    });
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/alerts`);
    const card = page.locator(`.coordinator-alerts [data-alert-id="${alert.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: mr['alerts.viewDetails'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('listitem').first().waitFor();

    // Offline: the acknowledgement waits in the outbox; the dialog and the header say so.
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: mr['alerts.acknowledge'] }).click();
    await dialog.getByTestId('alert-ack-queued').waitFor({ timeout: 10_000 });
    expect(await dialog.getByTestId('alert-ack-queued').textContent()).toBe(mr['alerts.acknowledgeQueued']);
    await expect.poll(() => page.getByTestId('outbox-indicator').textContent()).toMatch(/पाठवायचे बाकी/);
    await shot(page, 'outbox-ack-queued-mr-412');
    const server = await e2e.get<{ alert: { status: string } }>(`/alerts/${alert.id}`, adminToken);
    expect(server.alert.status).toBe('active_unack');

    // Online: the outbox sends it; the dialog shows it acknowledged; nothing waits.
    await page.context().setOffline(false);
    await expect.poll(() => dialog.getByTestId('alert-status').textContent(), { timeout: 30_000 }).toBe(mr['alerts.status.activeAck']);
    await expect.poll(() => dialog.getByTestId('alert-ack-queued').count()).toBe(0);
    await expect.poll(() => page.getByTestId('outbox-indicator').count()).toBe(0);
    expect(acks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(acks).size).toBe(1);
    expect(acks[0]).toMatch(/^[0-9a-f-]{36}$/);

    // The admin sees it acknowledged, once.
    const seen = await e2e.get<{ alert: { status: string }; timeline: Array<{ kind: string }> }>(`/alerts/${alert.id}`, adminToken);
    expect(seen.alert.status).toBe('active_ack');
    expect(seen.timeline.filter((e) => e.kind === 'acknowledged')).toHaveLength(1);
    await page.close();
  }, 120_000);
});
