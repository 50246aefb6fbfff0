/**
 * Message catalogs. Marathi (the default) is a JSON file of the build that index.html preloads
 * (vite.config.ts `catalogPreload`) and main.tsx reads before the first render: it travels beside the
 * entry chunk instead of inside it, so it is parsed as JSON (cheaper than the same object as
 * JavaScript on a slow phone) and cached on its own (a code change does not re-download the words).
 * English and Hindi load only when someone picks them.
 */
import mrUrl from './messages/mr.json?url';
import type { Locale } from './locales';

export type Catalog = Record<string, string>;

const loaded: Partial<Record<Locale, Catalog>> = {};

async function fetchJson(url: string): Promise<Catalog> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`catalog ${url}: HTTP ${res.status}`);
  return (await res.json()) as Catalog;
}

const loaders: Record<Locale, () => Promise<Catalog>> = {
  mr: () => fetchJson(mrUrl),
  en: () => import('./messages/en.json').then((m) => m.default),
  hi: () => import('./messages/hi.json').then((m) => m.default),
};

export const cachedCatalog = (locale: Locale): Catalog | undefined => loaded[locale];

/** A catalog already at hand (tests, which read the JSON files directly) joins the loaded ones. */
export function primeCatalog(locale: Locale, catalog: Catalog) {
  loaded[locale] = catalog;
}

const pending: Partial<Record<Locale, Promise<Catalog>>> = {};

export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const cached = loaded[locale];
  if (cached) return cached;
  pending[locale] ??= loaders[locale]().then(
    (catalog) => (loaded[locale] = catalog),
    (e: unknown) => {
      delete pending[locale];
      throw e;
    },
  );
  return pending[locale];
}
