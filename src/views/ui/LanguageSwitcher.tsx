/** Chooses the display language. A UI preference (prefs store), not a profile edit. */
import { defineMessages, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio/react';
import { SUPPORTED, type Locale } from '@/i18n/locales';
import { prefs, setLocale } from '@/stores/prefs';

const m = defineMessages({
  label: { id: 'language.label', defaultMessage: 'Language' },
  mr: { id: 'language.mr', defaultMessage: 'मराठी' },
  en: { id: 'language.en', defaultMessage: 'English' },
  hi: { id: 'language.hi', defaultMessage: 'हिंदी' },
});

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale } = useSnapshot(prefs);
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{intl.formatMessage(m.label)}</span>
      <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} aria-label={intl.formatMessage(m.label)}>
        {SUPPORTED.map((l) => (
          <option key={l} value={l} lang={l}>
            {intl.formatMessage(m[l])}
          </option>
        ))}
      </select>
    </label>
  );
}
