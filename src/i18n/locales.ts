/** The app's languages: Marathi first, then English and Hindi (the user's preferredLanguage values). */
import { DEFAULT_LOCALE, LANGUAGE_OF_LOCALE, LOCALES, LOCALE_OF_LANGUAGE, type Language, type Locale } from '../../contracts/languages';

export const SUPPORTED = LOCALES;
export { DEFAULT_LOCALE, type Locale };

/** BCP 47 tags for Intl: Indian conventions (lakh grouping, dd/mm dates) in every language. */
// '-u-nu-latn': Latin digits by default, also for ICU plural '#' (docs/conventions.md, 'Numbers and dates').
export const INTL_TAG: Record<Locale, string> = { mr: 'mr-IN-u-nu-latn', en: 'en-IN', hi: 'hi-IN-u-nu-latn' };

export const isLocale = (value: unknown): value is Locale => SUPPORTED.includes(value as Locale);
export const languageOf = (locale: Locale): Language => LANGUAGE_OF_LOCALE[locale];
export const localeOf = (language: Language | null | undefined): Locale => (language ? LOCALE_OF_LANGUAGE[language] : DEFAULT_LOCALE);
