#!/usr/bin/env node
// Writes the web app manifest's PNG icons (public/icons) from public/favicon.svg with Debian's chromium. Run once after the logo changes.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const svg = readFileSync('public/favicon.svg', 'utf8');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [size, file, maskable] of [[192, 'icon-192.png', false], [512, 'icon-512.png', false], [512, 'icon-maskable-512.png', true]]) {
  const p = await b.newPage({ viewport: { width: size, height: size } });
  // Maskable: the full square in the brand green, the logo inside the 80 % safe circle (here 70 %).
  const inner = maskable ? Math.round(size * 0.7) : size;
  await p.setContent(`<html><body style="margin:0;background:${maskable ? '#1f6b3a' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body></html>`);
  await p.screenshot({ path: `public/icons/${file}`, omitBackground: !maskable });
  await p.close();
}
await b.close();
