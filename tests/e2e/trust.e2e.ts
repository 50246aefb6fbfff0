/**
 * The trust dashboard in chromium, in Marathi on a 412 px phone: the measured figures with how each is measured,
 * the demo-data note, every tab with content; and a farmer's 👍 on a chatbot answer moves the satisfaction figure.
 * Screenshots: test-results/screenshots/trust-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { TrustFigures } from '../../contracts/trust';
import { join } from 'node:path';
import { catalog, DEMO, loginAs, shot, SHOTS, withApp } from './harness';

const mr = catalog('mr');
const e2e = withApp();

describe('trust dashboard', () => {
  it('shows measured figures in Marathi on a phone, and a farmer rating a chatbot answer moves the satisfaction', async () => {
    const token = await e2e.tokenOf(DEMO.farmer);
    const before = (await e2e.api<TrustFigures>('/trust', token)).body;
    expect(before.demo).toBe(true);
    expect(before.uptime.samples.month).toBeGreaterThan(0);

    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/trust`);
    const satisfaction = page.locator('[data-figure="satisfaction"]');
    await satisfaction.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByText(mr['trust.demo']).count()).toBe(1);
    expect(await page.locator('[data-figure="uptime"]').textContent()).toContain(mr['trust.uptime.how']);
    expect(await satisfaction.textContent()).toContain(`${before.satisfaction.total} मतांपैकी ${before.satisfaction.positive} चांगली`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await shot(page, 'trust-mr-412-overview');
    for (const tab of ['security', 'transparency', 'community', 'socialImpact'] as const) {
      await page.getByRole('tab', { name: mr[`trust.tab.${tab}`] }).click();
      await page.locator('[role="tabpanel"] li').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
      await shot(page, `trust-mr-412-${tab}`);
    }

    // The farmer asks the chatbot and rates the answer 👍.
    await page.goto(`${e2e.url}/`);
    const box = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
    await box.waitFor({ timeout: 20_000 });
    await box.fill('सोयाबीनवर पिवळे ठिपके पडले आहेत, काय करावे?');
    await box.press('Enter');
    const reply = page.locator('.chat-message[data-from="bot"]').filter({ has: page.locator('.rate') }).last();
    await reply.waitFor({ timeout: 20_000 });
    await reply.getByRole('button', { name: mr['rating.up'], exact: true }).click();
    await reply.getByText(mr['rating.thanks']).waitFor({ timeout: 10_000 });
    await reply.screenshot({ path: join(SHOTS, 'trust-mr-412-rated-answer.png') });

    await page.goto(`${e2e.url}/trust`);
    await satisfaction.waitFor({ timeout: 20_000 });
    const after = (await e2e.api<TrustFigures>('/trust', token)).body;
    expect(after.satisfaction.total).toBe(before.satisfaction.total + 1);
    expect(after.satisfaction.positive).toBe(before.satisfaction.positive + 1);
    expect(await satisfaction.textContent()).toContain(`${after.satisfaction.total} मतांपैकी ${after.satisfaction.positive} चांगली`);
    await page.close();
  });
});
