/**
 * UI preferences that outlive a visit (valtio, persisted in local storage). Only preferences live here,
 * never domain data: the language switcher is a display choice, not a profile edit.
 */
import { useSyncExternalStore } from 'react';
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

const subscribePrefs = (onChange: () => void) => subscribe(prefs, onChange);
const currentLocale = () => prefs.locale;

/**
 * The chosen locale, re-rendering when it changes: the store's own `subscribe` through React's
 * `useSyncExternalStore`, not valtio/react's `useSnapshot`, whose render tracking (proxy-compare's proxies) the
 * one value read here does not need and which would cost the farmer's first load ~0.5 KB gz (issue 17's 100 KB).
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribePrefs, currentLocale);
}
