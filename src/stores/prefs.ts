/**
 * UI preferences that outlive a visit (valtio, persisted in local storage). Only preferences live here,
 * never domain data: the language switcher is a display choice, not a profile edit.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales';

const KEY = 'shetmitra.prefs';

type Prefs = { locale: Locale };

function restore(): Prefs {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<Prefs> | null;
    return { locale: isLocale(saved?.locale) ? saved.locale : DEFAULT_LOCALE };
  } catch {
    return { locale: DEFAULT_LOCALE };
  }
}

export const prefs = proxy<Prefs>(restore());

subscribe(prefs, () => {
  globalThis.localStorage?.setItem(KEY, JSON.stringify({ locale: prefs.locale }));
});

export function setLocale(locale: Locale) {
  prefs.locale = locale;
}
