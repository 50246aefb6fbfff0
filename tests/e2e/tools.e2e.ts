/**
 * The farmer tools end to end: real server (demo world, offline providers), built front end, chromium.
 * Screenshots land in test-results/screenshots/tools-*.png.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafSvg, renderSvg } from '../server/disease/support/syntheticLeaves';
import { DEMO, loginAs, shot, withApp } from './harness';

const e2e = withApp();
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tools-e2e-'));
  writeFileSync(join(dir, 'rust-leaf.png'), await renderSvg(leafSvg('rust', 501)));
  writeFileSync(join(dir, 'report.jpg'), '%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
  page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 }, acceptDownloads: true });
  await loginAs(page, e2e.app, DEMO.farmer);
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('farmer tools in the browser', () => {
  it('chatbot panel on the farmer home: Marathi greeting, Enter sends, reply grounded in the farmer\'s field', async () => {
    await page.goto(`${e2e.url}/`);
    const box = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
    // The farmer home lazy-loads the chat panel: wait for it; a panel that never comes is a failure, not a skip.
    await box.waitFor({ timeout: 30_000 });
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor();
    await box.fill('   ');
    await box.press('Enter');
    expect(await page.locator('.chat-message[data-from="user"]').count()).toBe(0);
    await box.fill('माझ्या शेतातील ओलावा किती आहे?');
    await box.press('Enter');
    await page.getByText(/तुमच्या शेतातील सेन्सरवरून/).waitFor({ timeout: 15_000 });
    await shot(page, 'tools-chatbot');
  });

  it('disease detector: a leaf photo gives disease, severity dots, confidence, treatment and prevention', async () => {
    await page.goto(`${e2e.url}/disease-detector`);
    await page.getByLabel('पीक (ऐच्छिक)').selectOption('soybean');
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'rust-leaf.png'));
    await expect.poll(() => page.getByText('rust-leaf.png').count()).toBe(1);
    await page.getByRole('button', { name: 'रोग तपासा' }).click();
    await page.getByTestId('disease-name').filter({ hasText: 'सोयाबीनवरील तांबेरा' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('img', { name: /तीव्रता 5 पैकी [1-5]/ }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'उपचार' }).count()).toBe(1);
    await shot(page, 'tools-disease-result');
  });

  it('disease detector: a PDF renamed .jpg is refused in the browser, which cannot open it as a photo', async () => {
    await page.getByRole('button', { name: 'दुसरा फोटो निवडा' }).click();
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'report.jpg'));
    // The bytes are not an image whatever the name says: the resize step cannot decode them (the server's own
    // refusal of such bytes is covered in tests/server/disease/routes.test.ts).
    await page.getByText('"report.jpg" फोटो म्हणून उघडता आला नाही. कृपया दुसरा फोटो काढा किंवा निवडा.').waitFor();
    expect(await page.getByRole('button', { name: 'रोग तपासा' }).count()).toBe(0);
    await shot(page, 'tools-disease-error');
  });

  it('decision support: choosing a field shows the weather card (labelled estimate) and prioritised advice', async () => {
    await page.goto(`${e2e.url}/fdss`);
    const select = page.getByLabel('शेत', { exact: true });
    await select.waitFor();
    const first = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(first!);
    await page.getByRole('heading', { name: 'हवामान' }).waitFor();
    await page.getByText(/अंदाज/).first().waitFor();
    await page.locator('.insight').first().waitFor();
    expect(await page.locator('.insight').count()).toBeGreaterThan(0);
    await shot(page, 'tools-fdss');
    // The same advice in English after a language switch, then back to Marathi for the next screens.
    await page.getByLabel('भाषा').selectOption('en');
    await page.getByRole('heading', { name: 'Farm decision support' }).waitFor();
    expect(await page.locator('.insight').first().innerText()).toMatch(/[A-Za-z]{4,}/);
    await shot(page, 'tools-fdss-english');
    await page.getByLabel('Language').selectOption('mr');
    await page.getByRole('heading', { name: 'शेती निर्णय सहाय्य' }).waitFor();
  });

  it('land report: NDVI once per coordinate pair, report with score and crops, PDF download', async () => {
    await page.goto(`${e2e.url}/land-report`);
    // The form starts from the farmer's own field: its coordinates are filled in. Without them NDVI is refused.
    const latitude = page.getByLabel('अक्षांश', { exact: true });
    const longitude = page.getByLabel('रेखांश', { exact: true });
    await expect.poll(() => latitude.inputValue()).not.toBe('');
    expect(await longitude.inputValue()).not.toBe('');
    await latitude.fill('');
    await longitude.fill('');
    await page.getByRole('button', { name: 'NDVI मिळवा' }).click();
    await page.getByText('कृपया अक्षांश आणि रेखांश भरा').waitFor();
    await page.getByLabel('अक्षांश', { exact: true }).fill('18.4');
    await page.getByLabel('रेखांश', { exact: true }).fill('76.56');
    const registrations: string[] = [];
    page.on('request', (r) => r.url().endsWith('/ndvi/register-field') && registrations.push(r.url()));
    await page.getByRole('button', { name: 'NDVI मिळवा' }).click();
    await page.getByText('NDVI डेटा मिळाला!').waitFor();
    await page.getByRole('button', { name: 'NDVI मिळवा' }).click();
    await page.getByRole('button', { name: 'NDVI मिळवा' }).waitFor();
    expect(registrations).toHaveLength(1);
    // The field's last soil test is filled in too; with the basic values cleared the report is refused.
    const soil = [/सामू pH/, /नत्र N/, /स्फुरद P/, /पालाश K/, /सेंद्रिय/, /ठिकाण/] as const;
    expect(await page.getByLabel(soil[0]).inputValue()).not.toBe('');
    for (const label of soil) await page.getByLabel(label).fill('');
    await page.getByRole('button', { name: 'अहवाल तयार करा' }).click();
    await page.getByText('कृपया सर्व मूलभूत माहिती भरा', { exact: false }).waitFor();
    for (const [label, value] of [[/सामू pH/, '7.9'], [/नत्र N/, '210'], [/स्फुरद P/, '12'], [/पालाश K/, '320'], [/सेंद्रिय/, '0.9'], [/ठिकाण/, 'लातूर']] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'अहवाल तयार करा' }).click();
    await page.getByTestId('soil-score').waitFor();
    expect(await page.getByText('मराठवाडा').count()).toBeGreaterThan(0);
    await shot(page, 'tools-land-report');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'अहवाल डाउनलोड करा' }).click()]);
    expect(download.suggestedFilename()).toBe('land-health-report.pdf');
    const path = join(dir, 'report.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
