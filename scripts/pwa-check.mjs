#!/usr/bin/env node
// The installable app, checked on the built dist (CI, after the build; issue 17 'Measured'):
// - dist/manifest.webmanifest has what an install needs (name, short_name, start_url, display standalone,
//   theme and background colours, lang, a 192 and a 512 icon and a maskable one) and each icon file exists as a PNG
//   of the size it claims;
// - dist/sw.js precaches the page ('/'), every farmer screen's chunks with their static imports and CSS, the
//   catalogs (Marathi's JSON file included: the first paint reads it), the Devanagari font and the manifest, imports sw-push.js, and precaches no map code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(new URL('..', import.meta.url).pathname, process.argv[2] ?? 'dist');
const problems = [];
const fail = (why) => problems.push(why);

// ---- the manifest
const manifestPath = join(dist, 'manifest.webmanifest');
let manifest = {};
if (!existsSync(manifestPath)) fail('dist/manifest.webmanifest is missing');
else {
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (e) {
    fail(`manifest.webmanifest is not JSON: ${e.message}`);
  }
}
for (const key of ['name', 'short_name', 'description', 'start_url', 'display', 'theme_color', 'background_color', 'lang']) {
  if (typeof manifest[key] !== 'string' || !manifest[key].trim()) fail(`manifest: no ${key}`);
}
if (manifest.name && manifest.name !== 'शेतमित्र') fail(`manifest: name is ${manifest.name}, not शेतमित्र`);
if (manifest.display && manifest.display !== 'standalone') fail(`manifest: display is ${manifest.display}, not standalone`);
if (manifest.lang && manifest.lang !== 'mr') fail(`manifest: lang is ${manifest.lang}, not mr`);
if (manifest.start_url && manifest.start_url !== '/') fail(`manifest: start_url is ${manifest.start_url}, not /`);
for (const key of ['theme_color', 'background_color']) if (manifest[key] && !/^#[0-9a-f]{6}$/i.test(manifest[key])) fail(`manifest: ${key} ${manifest[key]} is not a colour`);
if (manifest.description && !/[\u0900-\u097F]/.test(manifest.description)) fail('manifest: the description is not in Marathi');

const page = existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
if (!/<link rel="manifest" href="\/manifest\.webmanifest"/.test(page)) fail('index.html does not link /manifest.webmanifest');

/** Width and height of a PNG (its IHDR), or null when the file is not a PNG. */
function pngSize(file) {
  const b = readFileSync(file);
  if (b.length < 24 || b.toString('latin1', 1, 4) !== 'PNG' || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
}
const icons = Array.isArray(manifest.icons) ? manifest.icons : [];
const purposes = (i) => String(i.purpose ?? 'any').split(/\s+/);
for (const icon of icons) {
  const file = join(dist, String(icon.src).replace(/^\//, ''));
  if (!existsSync(file)) {
    fail(`manifest icon ${icon.src} is not in dist`);
    continue;
  }
  const size = pngSize(file);
  if (!size) fail(`manifest icon ${icon.src} is not a PNG`);
  else if (size !== icon.sizes) fail(`manifest icon ${icon.src} is ${size}, the manifest says ${icon.sizes}`);
}
for (const size of ['192x192', '512x512']) {
  if (!icons.some((i) => i.sizes === size && purposes(i).includes('any'))) fail(`manifest: no ${size} icon`);
}
if (!icons.some((i) => purposes(i).includes('maskable'))) fail('manifest: no maskable icon');

// ---- the service worker's precache list
const swPath = join(dist, 'sw.js');
const sw = existsSync(swPath) ? readFileSync(swPath, 'utf8') : '';
if (!sw) fail('dist/sw.js is missing');
const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
if (sw && precached.size === 0) fail('sw.js has no precache list (was the manifest injected?)');
if (sw && !/importScripts\(\s*[`'"]\/sw-push\.js[`'"]\s*\)/.test(sw)) fail('sw.js does not import /sw-push.js (Web Push)');

const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const FARMER_SCREENS = [
  'index.html',
  'src/views/home/HomeView.tsx',
  'src/views/farmer/FarmerHomeView.tsx',
  'src/views/charts/DualAxisChart.tsx',
  'src/views/alerts/FarmerAlerts.tsx',
  'src/views/farmer/InboxView.tsx',
  'src/views/tools/FdssView.tsx',
  'src/views/tools/LandReportView.tsx',
  'src/views/tools/DiseaseDetectorView.tsx',
  'src/views/tools/ChatbotPanel.tsx',
  'src/views/account/ProfileView.tsx',
  'src/views/auth/LoginView.tsx',
  // Every route but / and /login (the farmer's inbox, tools, profile), and the header's unread count.
  'src/app/MoreRoutes.tsx',
  'src/views/ui/InboxLink.tsx',
];
// The farmer home's modules are in chunks named by group, not by module (vite.config.ts `codeSplitting`):
// dist/.vite/chunks.json (written by the build) says which chunk holds a module.
const chunkModules = JSON.parse(readFileSync(join(dist, '.vite', 'chunks.json'), 'utf8'));
const keyOfFile = Object.fromEntries(Object.entries(viteManifest).map(([key, m]) => [m.file, key]));
const chunkKeyOf = (module) => {
  if (viteManifest[module]) return module;
  const file = Object.keys(chunkModules).find((f) => chunkModules[f].includes(module));
  return (file && keyOfFile[file]) ?? module;
};
// English and Hindi are chunks of their own; Marathi is a JSON file of the build (dist/assets/mr-<hash>.json, which
// index.html preloads and main.tsx reads before the first render), so offline first paint needs it precached.
const CATALOGS = ['src/i18n/messages/en.json', 'src/i18n/messages/hi.json'];
const needed = new Set(['/', 'manifest.webmanifest']);
const seen = new Set();
function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = viteManifest[key];
  if (!chunk) return fail(`the build has no chunk for ${key}`);
  if (key !== 'index.html') needed.add(chunk.file);
  for (const css of chunk.css ?? []) needed.add(css);
  for (const i of chunk.imports ?? []) walk(i);
}
for (const module of [...FARMER_SCREENS, ...CATALOGS]) walk(chunkKeyOf(module));
const marathiKey = Object.keys(viteManifest).find((k) => /^src\/i18n\/messages\/mr\.json(\?url)?$/.test(k));
const marathiFiles = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')).filter((f) => /^mr-[\w-]+\.json$/.test(f)).map((f) => `assets/${f}`) : [];
const marathi = marathiKey ? viteManifest[marathiKey].file : marathiFiles[0];
if (!marathi) fail('the build has no Marathi catalog (dist/assets/mr-<hash>.json)');
else {
  needed.add(marathi);
  if (!page.includes(`href="/${marathi}"`)) fail(`index.html does not preload the Marathi catalog /${marathi}`);
}
for (const url of needed) if (!precached.has(url)) fail(`sw.js does not precache ${url}`);
const fonts = [...precached].filter((u) => /NotoSansDevanagari[^/]*\.(ttf|woff2?)$/.test(u));
if (fonts.length === 0) fail('sw.js does not precache the Devanagari font');
for (const url of precached) {
  if (url !== '/' && !existsSync(join(dist, url))) fail(`sw.js precaches ${url}, which is not in dist`);
  if (/^\/?(api|socket\.io)\//.test(url)) fail(`sw.js precaches ${url} (the API goes to the network)`);
}
const withoutChunkNames = (src) => src.replace(/assets\/[\w.-]+\.(js|css)/g, '');
const mapCode = [...precached].filter((u) => u.endsWith('.js') && existsSync(join(dist, u)) && /maplibre-gl|deck\.gl/.test(withoutChunkNames(readFileSync(join(dist, u), 'utf8'))));
if (mapCode.length) fail(`sw.js precaches map code a farmer's phone does not need: ${mapCode.join(', ')}`);

console.log(`Installable app: manifest with ${icons.length} icons; service worker precaches ${precached.size} files (${needed.size} farmer files checked, font ${fonts.join(', ') || 'none'})`);
for (const p of problems) console.error(`  ✗ ${p}`);
process.exit(problems.length ? 1 : 0);
