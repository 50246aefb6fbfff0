#!/usr/bin/env node
// Bundle budget (enforced in CI): the JavaScript a farmer downloads to render route `/`
// — the entry chunk, the home route chunks and everything they import statically — gzipped: the .gz files the build
// writes beside them (zopfli, vite.config.ts `precompress`), which the server sends as they are to a browser that
// accepts gzip (server/src/plugins/static.ts); a file too small to have one counts with its plain bytes, as sent.
// The brotli figure (the .br files, what a browser that accepts br gets) is printed too.
// Maps, deck.gl, staff screens and Storybook must not be in it. The Marathi catalog is a JSON file beside
// the entry chunk (preloaded, read before the first paint; src/i18n/catalogs.ts): printed on its own line.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// 153 KB before issue 17; 116 KB after (typebox left out, the catalog out of the entry chunk, the ICU parser
// replaced by precompiled messages); 119.9 after the offline work; 108.4 after the third pass (three chunks instead of
// twenty, the outbox, the route table and the header's unread count out of the first load); 103.6 after the fourth
// (the .gz files written by zopfli and counted as sent: 104.9; the live sensor feed and the socket client after the
// first paint: 103.6; brotli 93.2); 99.9 after the fifth (the farmer home's first paint in the entry chunk instead of
// two chunks beside it, the staff dashboards' preload lists behind a StaffHome chunk, valtio's useSnapshot and
// Vite's modulepreload polyfill out, the silent-sensors notice loaded when a sensor is silent; brotli 89.6).
// Budgets: 170, 120, 110, 105, now the 100 KB.
// What remains (docs/slow-networks.md, 'Fifth pass'): ~86 KB of libraries (React DOM ~60, XState ~12, react-intl and
// formatjs ~6), the app's code that the farmer home's first paint runs, and the lazy parts' preload lists.
const BUDGET_KB = 100;
const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// The build puts the farmer home's modules into the entry chunk (main.tsx imports them; vite.config.ts `codeSplitting`),
// which the manifest names by chunk, not by module: dist/.vite/chunks.json (written by the build) says which chunk holds which.
const chunks = JSON.parse(readFileSync(join(dist, '.vite', 'chunks.json'), 'utf8'));
const keyOfFile = Object.fromEntries(Object.entries(manifest).map(([key, m]) => [m.file, key]));
const chunkKeyOf = (module) => {
  if (manifest[module]) return module;
  const file = Object.keys(chunks).find((f) => chunks[f].includes(module));
  return file && keyOfFile[file];
};
const starts = ['index.html', 'src/views/home/HomeView.tsx', 'src/views/farmer/FarmerHomeView.tsx'].map((s) => [s, chunkKeyOf(s)]);

const files = new Set();
const seen = new Set();
function walk(key) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  const m = manifest[key];
  if (m.file.endsWith('.js')) files.add(m.file);
  for (const i of m.imports ?? []) walk(i);
}
for (const [module, key] of starts) {
  if (!key) {
    console.error(`${module} is in no chunk of the build`);
    process.exit(1);
  }
  walk(key);
}

// Chunk file names of lazy imports appear as strings in their importers; only code counts.
const forbidden = /maplibre-gl|deck\.gl|@storybook\//;
const withoutChunkNames = (src) => src.replace(/assets\/[\w.-]+\.(js|css)/g, '');
/** The bytes the server sends for a file of dist to a browser accepting `encoding` (its precompressed copy, if any). */
const sent = (f, encoding) => {
  const copy = join(dist, `${f}.${encoding}`);
  return statSync(existsSync(copy) ? copy : join(dist, f)).size;
};
let total = 0;
let totalBr = 0;
const bad = [];
for (const f of files) {
  const kb = sent(f, 'gz') / 1024;
  const br = sent(f, 'br') / 1024;
  total += kb;
  totalBr += br;
  console.log(`  ${f.padEnd(48)} ${kb.toFixed(1)} KB gz ${br.toFixed(1).padStart(6)} KB br`);
  if (forbidden.test(withoutChunkNames(readFileSync(join(dist, f), 'utf8')))) bad.push(f);
}
console.log(`Farmer route / initial JavaScript: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB); ${totalBr.toFixed(1)} KB brotli`);
const catalog = Object.values(manifest).find((m) => m.src === 'src/i18n/messages/mr.json?url' || m.file?.match(/^assets\/mr-[\w-]+\.json$/));
if (catalog) console.log(`Marathi catalog (JSON, preloaded): ${(sent(catalog.file, 'gz') / 1024).toFixed(1)} KB gzipped, ${(sent(catalog.file, 'br') / 1024).toFixed(1)} KB brotli`);
if (bad.length) console.error(`Map, deck.gl or Storybook code in the farmer's initial chunks: ${bad.join(', ')}`);
process.exit(total <= BUDGET_KB && bad.length === 0 ? 0 : 1);
