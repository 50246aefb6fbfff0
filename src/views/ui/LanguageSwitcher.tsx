/**
 * Chooses the display language: at once on this device (prefs store) and, for a signed-in user, in their
 * profile through the session machine (`session.languageChosen`), so their other devices open in it too.
 * Before sign-in the session machine ignores the event.
 */
import { defineMessages, useIntl } from 'react-intl';
import { languageOf, SUPPORTED, type Locale } from '@/i18n/locales';
import { SessionContext } from '@/machines/session.context';
import { setLocale, useLocale } from '@/stores/prefs';

const m = defineMessages({
  label: { id: 'language.label', defaultMessage: 'Language' },
  mr: { id: 'language.mr', defaultMessage: 'मराठी' },
  en: { id: 'language.en', defaultMessage: 'English' },
  hi: { id: 'language.hi', defaultMessage: 'हिंदी' },
});

export function LanguageSwitcher() {
  const intl = useIntl();
  const locale = useLocale();
  const session = SessionContext.useActorRef();
  const choose = (next: Locale) => {
    setLocale(next);
    session.send({ type: 'session.languageChosen', language: languageOf(next) });
  };
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{intl.formatMessage(m.label)}</span>
      <select value={locale} onChange={(e) => choose(e.target.value as Locale)} aria-label={intl.formatMessage(m.label)}>
        {SUPPORTED.map((l) => (
          <option key={l} value={l} lang={l}>
            {intl.formatMessage(m[l])}
          </option>
        ))}
      </select>
    </label>
  );
}
