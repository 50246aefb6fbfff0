/** The server names languages as users.preferred_language does; the UI uses locale codes (contracts/languages.ts). */
import { languageOfTag, type Language } from '../../contracts/languages';

export type ServerLanguage = Language;
export const serverLanguage = (locale: string): ServerLanguage => languageOfTag(locale);
