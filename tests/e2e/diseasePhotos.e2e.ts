/**
 * Leaf photos on a slow network (issue 14 item 3), in chromium against the real server: a 4000×3000 phone photo
 * (EXIF-rotated) is resized in the browser before upload, progress is shown, a dropped upload offers a retry,
 * and the diagnosis lands in the farmer's history from which it opens again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leafSvg } from '../server/disease/support/syntheticLeaves';
import { DEMO, loginAs, shot, withApp } from './harness';

const e2e = withApp();
let page: Page;
let dir: string;
let photoBytes = 0;

/** The JPEG inside a multipart body. */
function jpegIn(body: Buffer): Buffer {
  const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  const end = body.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return body.subarray(start, end + 2);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'photos-e2e-'));
  // A phone photo: 4000×3000 with sensor-like noise, stored sideways with EXIF orientation 6 (upright 3000×4000).
  const W = 4000;
  const H = 3000;
  const pixels = await sharp(Buffer.from(leafSvg('rust', 501))).resize(W, H).removeAlpha().raw().toBuffer();
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = Math.max(0, Math.min(255, pixels[i] + ((seed >> 16) % 13) - 6));
  }
  const photo = await sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  photoBytes = photo.byteLength;
  writeFileSync(join(dir, 'IMG_2041.jpg'), photo);
  page = await e2e.browser.newPage({ viewport: { width: 412, height: 900 } });
  await loginAs(page, e2e.app, DEMO.farmer);
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('leaf photos on a slow network', () => {
  it('resizes a large phone photo in the browser, shows progress, retries after a dropped upload, and keeps the diagnosis', async () => {
    expect(photoBytes).toBeGreaterThan(1_000_000);
    await page.goto(`${e2e.url}/disease-detector`);
    await page.getByText('अजून एकही तपासणी नाही. प्रत्येक निकाल इथे जतन होईल.').waitFor();
    await page.getByLabel('पीक (ऐच्छिक)').selectOption('soybean');
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'IMG_2041.jpg'));
    await page.getByText(/पाठवायचा फोटो: \d+ KB/).waitFor({ timeout: 20_000 });

    // The first upload is dropped by the network; the second goes through and is what the server received.
    const bodies: Buffer[] = [];
    await page.route('**/api/v1/disease/detect**', async (route) => {
      bodies.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      if (bodies.length === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'रोग तपासा' }).click();
    await page.getByText('फोटो पाठवता आला नाही: नेटवर्क मंद आहे किंवा बंद आहे. कृपया पुन्हा प्रयत्न करा.').waitFor();
    await shot(page, 'disease-upload-failed-412');

    // Slow 3G upload for the retry, so the progress bar is seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 60_000, uploadThroughput: 40_000 });
    await page.getByRole('button', { name: 'पुन्हा प्रयत्न करा' }).click();
    await page.getByRole('progressbar', { name: 'फोटो पाठवत आहे' }).waitFor();
    await shot(page, 'disease-uploading-412');
    await page.getByText('सोयाबीनवरील तांबेरा').first().waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    expect(bodies).toHaveLength(2);
    expect(bodies[1].byteLength).toBeLessThanOrEqual(400 * 1024);
    const sent = await sharp(jpegIn(bodies[1])).metadata();
    expect(sent.format).toBe('jpeg');
    // Upright (EXIF applied) and 1024 px on the long side.
    expect([sent.width, sent.height]).toEqual([768, 1024]);

    // The diagnosis is now in the history; opening it again shows the same result with its date.
    const item = page.getByRole('button', { name: /सोयाबीनवरील तांबेरा/ });
    await item.waitFor();
    await shot(page, 'disease-result-history-412');
    await page.getByRole('button', { name: 'दुसरा फोटो निवडा' }).click();
    await item.click();
    await page.getByText(/ची तपासणी$/).waitFor();
    expect(await page.getByTestId('disease-name').textContent()).toBe('सोयाबीनवरील तांबेरा');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'disease-past-result-1366');
    await page.setViewportSize({ width: 412, height: 900 });
    await shot(page, 'disease-past-result-412');
  }, 180_000);

  it('refuses a file that claims to be a JPEG but cannot be decoded, in Marathi, before any upload', async () => {
    writeFileSync(join(dir, 'report.jpg'), '%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    await page.goto(`${e2e.url}/disease-detector`);
    let uploads = 0;
    await page.route('**/api/v1/disease/detect**', (route) => {
      uploads += 1;
      return route.continue();
    });
    await page.getByLabel('पानाचा फोटो').setInputFiles(join(dir, 'report.jpg'));
    await page.getByText('"report.jpg" फोटो म्हणून उघडता आला नाही. कृपया दुसरा फोटो काढा किंवा निवडा.').waitFor();
    expect(uploads).toBe(0);
  });
});
