/**
 * The app's languages: the server names them as users.preferred_language does ('marathi'…), the browser
 * by locale code ('mr'…). Marathi first and the default.
 */
export const LANGUAGES = ['marathi', 'english', 'hindi'] as const;
/** The schema of the same list is `Language` in common.ts: this file is in the browser's first JavaScript, typebox is not. */
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ['mr', 'en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'mr';
export const DEFAULT_LANGUAGE: Language = 'marathi';

export const LANGUAGE_OF_LOCALE: Record<Locale, Language> = { mr: 'marathi', en: 'english', hi: 'hindi' };
export const LOCALE_OF_LANGUAGE: Record<Language, Locale> = { marathi: 'mr', english: 'en', hindi: 'hi' };

/** Any locale tag ('mr', 'en-IN', 'hi-IN-u-nu-latn') → the server's language name; an unknown tag → `fallback`. */
export const languageOfTag = (tag: string, fallback: Language = DEFAULT_LANGUAGE): Language => {
  const code = tag.slice(0, 2);
  return (LOCALES as readonly string[]).includes(code) ? LANGUAGE_OF_LOCALE[code as Locale] : fallback;
};
