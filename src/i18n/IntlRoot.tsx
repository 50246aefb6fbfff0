/**
 * Provides react-intl for the chosen locale (prefs store). Until another catalog has loaded, the
 * previous language stays on screen rather than flashing message ids.
 */
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocale } from '@/stores/prefs';
import { cachedCatalog, loadCatalog, type Catalog } from './catalogs';
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from './locales';

export function IntlRoot({ children }: { children: ReactNode }) {
  const wanted = useLocale();
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalog }>(() => {
    const cached = cachedCatalog(wanted);
    // Nothing loaded at all (main.tsx found no catalog, offline): the messages' own defaults.
    return cached ? { locale: wanted, messages: cached } : { locale: DEFAULT_LOCALE, messages: cachedCatalog(DEFAULT_LOCALE) ?? {} };
  });

  useEffect(() => {
    let current = true;
    loadCatalog(wanted).then(
      (messages) => {
        if (current) setShown({ locale: wanted, messages });
      },
      // Offline: the language already on screen stays until the catalog can be loaded.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  // In the same commit as the new text, so a screen reader (and a test) never sees Marathi words marked 'en'.
  useLayoutEffect(() => {
    document.documentElement.lang = shown.locale;
  }, [shown.locale]);

  return (
    <IntlProvider locale={INTL_TAG[shown.locale]} defaultLocale={INTL_TAG[DEFAULT_LOCALE]} messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}
