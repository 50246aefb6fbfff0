/**
 * Message catalogs. Marathi ships in the entry chunk (it is the default); English and Hindi load only
 * when someone picks them.
 */
import mr from './messages/mr.json';
import type { Locale } from './locales';

export type Catalog = Record<string, string>;

const loaded: Partial<Record<Locale, Catalog>> = { mr };

const loaders: Record<Exclude<Locale, 'mr'>, () => Promise<{ default: Catalog }>> = {
  en: () => import('./messages/en.json'),
  hi: () => import('./messages/hi.json'),
};

export const cachedCatalog = (locale: Locale): Catalog | undefined => loaded[locale];

export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const cached = loaded[locale];
  if (cached) return cached;
  const catalog = (await loaders[locale as Exclude<Locale, 'mr'>]()).default;
  loaded[locale] = catalog;
  return catalog;
}
