/** The three languages every farmer-facing text is written in (users.preferred_language). */
export type Lang = 'english' | 'marathi' | 'hindi';
export const LANGS: readonly Lang[] = ['english', 'marathi', 'hindi'];
/** Several lines of text in each language. */
export type Lines = Record<Lang, string[]>;
