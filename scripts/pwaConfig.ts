/**
 * The installable app's build settings (vite.config.ts's VitePWA entry): the web app manifest and the filter of the
 * service worker's precache list. scripts/pwa-check.mjs checks the built result in CI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestOptions } from 'vite-plugin-pwa';

const dist = join(import.meta.dirname, '..', 'dist');

export const appManifest: Partial<ManifestOptions> = {
  name: 'शेतमित्र',
  short_name: 'शेतमित्र',
  description: 'शेतमित्र: शेतातील ओलावा आणि तापमान थेट पाहा, इशारे आणि सल्ला मिळवा, नेटवर्क नसतानाही शेवटची माहिती वाचा',
  lang: 'mr',
  dir: 'ltr',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#1f6b3a',
  background_color: '#f4f7f1',
  categories: ['productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** Code of the maps (maplibre, deck.gl: ~1.7 MB) is a staff screen's; a farmer's phone does not store it ahead. */
const MAP_CODE = /maplibre-gl|deck\.gl/;
const withoutChunkNames = (src: string) => src.replace(/assets\/[\w.-]+\.(js|css)/g, '');

type Entry = { url: string; revision: string | null; size: number };

/**
 * What the service worker stores at install: everything the glob found but the map chunks; index.html is
 * precached as '/', the URL the server answers with the page (and the deployment's map settings).
 */
export async function precacheFilter(entries: Entry[]) {
  const manifest = entries
    .filter((e) => !(e.url.endsWith('.js') && MAP_CODE.test(withoutChunkNames(readFileSync(join(dist, e.url), 'utf8')))))
    .map((e) => (e.url === 'index.html' ? { ...e, url: '/' } : e));
  return { manifest, warnings: [] };
}
