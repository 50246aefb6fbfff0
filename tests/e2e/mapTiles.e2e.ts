/**
 * The coordinator's field map loads its base tiles from the tile server the operator configured
 * (MAP_TILES_URL, here a stub on loopback), and chromium reports no Content-Security-Policy violation:
 * the server writes the URL into the page and allows exactly its host (plugins/static.ts, plugins/security.ts).
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, ROOT, loginAs, shot, sidePort, withApp } from './harness';

const mr: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'src/i18n/messages/mr.json'), 'utf8'));
// A 1×1 green PNG: enough for the map library to decode a tile.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let tiles: Server;
let tileUrl: string;
const hits: string[] = [];
const e2e = withApp({
  // A tile server of the test's own, started first: its address goes into the app's environment.
  before: async () => {
    tiles = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(PNG);
    });
    const port = await sidePort();
    await new Promise<void>((r) => tiles.listen(port, '127.0.0.1', () => r()));
    tileUrl = `http://127.0.0.1:${(tiles.address() as { port: number }).port}`;
    return { MAP_TILES_URL: `${tileUrl}/base/{z}/{x}/{y}.png`, SATELLITE_TILES_URL: `${tileUrl}/sat/{z}/{y}/{x}` };
  },
  after: () => void tiles?.close(),
});

describe('map tiles under the CSP', () => {
  it('the field map requests its tiles from the configured server with no CSP violation', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await loginAs(page, e2e.app, DEMO.coordinator);
    await page.goto(`${e2e.url}/fields`);
    await page.getByRole('tab', { name: mr['fields.tab.map'] }).click();
    await page.locator('.field-map canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => hits.some((h) => h.startsWith('/base/')), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(1000);
    await shot(page, 'map-tiles-stub');
    expect(hits.filter((h) => h.startsWith('/base/')).length).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await page.close();
  });
});
