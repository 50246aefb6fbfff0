/** The three languages every farmer-facing text is written in (users.preferred_language; contracts/languages.ts). */
import type { Language } from '../../../contracts/languages';

export type Lang = Language;
/** English first: the order the chatbot's retrieval reads a text's three versions in. */
export const LANGS: readonly Lang[] = ['english', 'marathi', 'hindi'];
/** Several lines of text in each language. */
export type Lines = Record<Lang, string[]>;
