/** The app's languages: Marathi first, then English and Hindi (the user's preferredLanguage values). */
import type { Language } from '../../contracts/common';

export const SUPPORTED = ['mr', 'en', 'hi'] as const;
export type Locale = (typeof SUPPORTED)[number];
export const DEFAULT_LOCALE: Locale = 'mr';

const LANGUAGE_OF: Record<Locale, Language> = { mr: 'marathi', en: 'english', hi: 'hindi' };
const LOCALE_OF: Record<Language, Locale> = { marathi: 'mr', english: 'en', hindi: 'hi' };

/** BCP 47 tags for Intl: Indian conventions (lakh grouping, dd/mm dates) in every language. */
// '-u-nu-latn': Latin digits by default, also for ICU plural '#' (docs/conventions.md, 'Numbers and dates').
export const INTL_TAG: Record<Locale, string> = { mr: 'mr-IN-u-nu-latn', en: 'en-IN', hi: 'hi-IN-u-nu-latn' };

export const isLocale = (value: unknown): value is Locale => SUPPORTED.includes(value as Locale);
export const languageOf = (locale: Locale): Language => LANGUAGE_OF[locale];
export const localeOf = (language: Language | null | undefined): Locale => (language ? LOCALE_OF[language] : DEFAULT_LOCALE);
