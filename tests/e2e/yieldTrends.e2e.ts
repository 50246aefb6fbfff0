/**
 * The admin dashboard's yield trends and field health panel in chromium, in Marathi, on the demo world:
 * tiles from the field status counts, the chart over the demo harvests, a crop choice, Bar, and both
 * exports (the PNG really drawn through a canvas). Screenshots: test-results/screenshots/yield-*.png.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, catalog, loginAs, shot, withApp } from './harness';

const mr = catalog('mr');

const e2e = withApp();

describe('yield trends panel', () => {
  it('an admin reads the trends in Marathi, narrows the crops, switches to bars and exports both files', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'mr-IN', acceptDownloads: true });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      await loginAs(page, e2e.app, DEMO.admin);
      const panel = page.locator(`section[aria-label="${mr['yieldTrends.title']}"]`);
      await panel.locator('.health-tiles').waitFor();
      const tiles = await panel.locator('.health-tiles .stat-value').allTextContents();
      expect(tiles.map(Number).reduce((a, b) => a + b, 0)).toBe(40); // every demo field is in one tile

      await panel.getByLabel(mr['yieldTrends.period']).selectOption('last12months');
      const chart = panel.locator('figure.yield-chart > svg');
      await chart.waitFor();
      await panel.scrollIntoViewIfNeeded();
      await shot(page, 'yield-admin-dashboard');
      await panel.screenshot({ path: 'test-results/screenshots/yield-panel.png' });

      // Marathi crop names in the choices and the legend.
      await panel.getByLabel('सोयाबीन', { exact: true }).waitFor();
      expect(await chart.textContent()).toContain('सोयाबीन');

      await panel.getByLabel('सोयाबीन', { exact: true }).check();
      await panel.locator('[data-crop="soybean"]').waitFor();
      await expect.poll(() => panel.locator('figure.yield-chart [data-crop]').count()).toBe(1);
      await panel.getByRole('button', { name: mr['yieldTrends.bar'] }).click();
      await panel.locator('[data-testid="yield-bar"]').first().waitFor();
      await panel.screenshot({ path: 'test-results/screenshots/yield-panel-bar.png' });

      const [csv] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: mr['yieldTrends.exportCsv'] }).click()]);
      expect(csv.suggestedFilename()).toBe('yield-trends.csv');
      const text = readFileSync(await csv.path(), 'utf8').replace('\uFEFF', '');
      const [header, ...rows] = text.trim().split('\r\n');
      // Headings in the reader's language (Marathi here), crops by their catalogue names.
      expect(header).toBe('महिना,वर्ष,सोयाबीन');
      expect(rows).toHaveLength(12);

      // The chart draws at the width it is given (phones included); the image is that drawing at twice the pixels.
      const drawnWidth = await panel.locator('figure.yield-chart svg').first().evaluate((svg) => Number(svg.getAttribute('width')));
      expect(drawnWidth).toBeGreaterThan(300);
      const [png] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: mr['yieldTrends.exportImage'] }).click()]);
      expect(png.suggestedFilename()).toBe('yield-trends.png');
      const bytes = readFileSync(await png.path());
      expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(bytes.readUInt32BE(16)).toBe(Math.round(drawnWidth) * 2); // PNG width from the IHDR chunk
      expect(errors).toEqual([]);
    } catch (e) {
      await shot(page, 'yield-failure');
      console.error(errors);
      throw e;
    }
  });
});
