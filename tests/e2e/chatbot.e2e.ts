/**
 * The chatbot in chromium, in Marathi (the default), on a 412 px phone and a 1366 px desktop: the right
 * answers for the questions of issue 14, and the newest answer scrolled into view in the conversation
 * log (jsdom cannot lay out, so this is where the scrolling is really checked).
 * Screenshots land in test-results/screenshots/chatbot-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, shot, SHOTS, withApp } from './harness';
import { join } from 'node:path';


const e2e = withApp();

/** Where the newest line of the log sits: its top inside the log's visible box and inside the window. */
const newestInView = (page: Page) =>
  page.evaluate(() => {
    const log = document.querySelector('.chat-log')!;
    const newest = log.lastElementChild!;
    const l = log.getBoundingClientRect();
    const n = newest.getBoundingClientRect();
    return n.top >= l.top - 1 && n.top < l.bottom && n.top >= 0 && n.top < window.innerHeight;
  });

async function ask(page: Page, question: string, answer: RegExp) {
  const box = page.getByRole('textbox', { name: 'तुमचा प्रश्न' });
  await box.fill(question);
  await box.press('Enter');
  await page.locator('.chat-message[data-from="bot"]').last().filter({ hasText: answer }).waitFor({ timeout: 20_000 });
  await expect.poll(() => newestInView(page), { timeout: 5_000 }).toBe(true);
}

describe('chatbot in the browser, in Marathi', () => {
  it('on a 412 px phone: answers each question with the right entry and keeps the newest answer in view', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/`);
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    await ask(page, 'सोयाबीनवर पिवळे ठिपके पडले आहेत, काय करावे?', /पिवळा मोझॅक/);
    await ask(page, 'आजचा कांद्याचा भाव काय आहे?', /थेट बाजारभावाची माहिती येत नाही/);
    await ask(page, 'शेळीपालन कसे करावे', /माहितीसंग्रहात नाही/);
    await ask(page, 'माझ्या शेतातील ओलावा किती आहे?', /तुमच्या शेतातील सेन्सरवरून/);
    // Four long answers overflow the log: it has scrolled, and the earlier answers are above.
    expect(await page.evaluate(() => document.querySelector('.chat-log')!.scrollTop)).toBeGreaterThan(0);
    // No sideways scrolling on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.screenshot({ path: join(SHOTS, 'chatbot-mr-412-viewport.png') });
    await shot(page, 'chatbot-mr-412');
    await page.close();
  });

  it('on a 1366 px desktop: the same', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await loginAs(page, e2e.app, DEMO.farmer);
    await page.goto(`${e2e.url}/`);
    await page.getByText(/नमस्कार! मी शेतमित्र/).waitFor({ timeout: 15_000 });
    await ask(page, 'कापसाची पाने लाल होत आहेत', /लाल्या/);
    await ask(page, 'तुरीवरील मर रोग', /मर रोग/);
    // Romanised Marathi is answered in Marathi.
    await ask(page, 'kanda bhav aaj', /थेट बाजारभावाची माहिती येत नाही/);
    await page.screenshot({ path: join(SHOTS, 'chatbot-mr-1366-viewport.png') });
    await shot(page, 'chatbot-mr-1366');
    await page.close();
  });
});
