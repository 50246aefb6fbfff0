#!/usr/bin/env node
// Bundle budget (enforced in CI): the JavaScript a farmer downloads to render route `/`
// — the entry chunk, the home route chunks and everything they import statically — gzipped.
// Maps, deck.gl, staff screens and Storybook must not be in it. The Marathi catalog is a JSON file beside
// the entry chunk (preloaded, read before the first paint; src/i18n/catalogs.ts): printed on its own line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 153 KB before issue 17; 116 KB after (typebox left out, the catalog out of the entry chunk, the ICU parser
// replaced by precompiled messages); 119.9 after the offline work; 108.4 after the third pass (three chunks instead of
// twenty, the outbox, the route table and the header's unread count out of the first load).
// What remains, measured from the build's source maps (docs/slow-networks.md has the table): ~89 KB of libraries
// (React DOM + React + scheduler 66.5, XState + @xstate/react 13.0, react-intl + formatjs 6.6, valtio 1.4, wouter 1.3),
// ~15.5 KB of the app's code that the farmer home's first paint runs, ~3 KB of chunk glue (import lists, the preload
// helper). The 100 KB would leave ~8 KB for the app's own start-up code. The budget keeps a little room.
const BUDGET_KB = 110;
const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// The build puts the farmer home's modules into chunks of its own (vite.config.ts `codeSplitting`), which the
// manifest names by chunk, not by module: dist/.vite/chunks.json (written by the build) says which chunk holds which.
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
let total = 0;
const bad = [];
for (const f of files) {
  const buf = readFileSync(join(dist, f));
  const kb = gzipSync(buf, { level: 9 }).length / 1024;
  total += kb;
  console.log(`  ${f.padEnd(48)} ${kb.toFixed(1)} KB gz`);
  if (forbidden.test(withoutChunkNames(buf.toString('utf8')))) bad.push(f);
}
console.log(`Farmer route / initial JavaScript: ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
const catalog = Object.values(manifest).find((m) => m.src === 'src/i18n/messages/mr.json?url' || m.file?.match(/^assets\/mr-[\w-]+\.json$/));
if (catalog) console.log(`Marathi catalog (JSON, preloaded): ${(gzipSync(readFileSync(join(dist, catalog.file)), { level: 9 }).length / 1024).toFixed(1)} KB gzipped`);
if (bad.length) console.error(`Map, deck.gl or Storybook code in the farmer's initial chunks: ${bad.join(', ')}`);
process.exit(total <= BUDGET_KB && bad.length === 0 ? 0 : 1);
