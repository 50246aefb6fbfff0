/** The server names languages as users.preferred_language does; the UI uses locale codes. */
export type ServerLanguage = 'marathi' | 'english' | 'hindi';
const BY_LOCALE: Record<string, ServerLanguage> = { mr: 'marathi', en: 'english', hi: 'hindi' };
export const serverLanguage = (locale: string): ServerLanguage => BY_LOCALE[locale.slice(0, 2)] ?? 'marathi';
