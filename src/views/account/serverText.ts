/**
 * Reads the server's translated message out of a failed call (HttpError.serverMessage), in the reader's
 * language, without the view importing the service layer.
 */
import { languageOfTag, type Language } from '../../../contracts/languages';
type WithServerMessage = { status?: number; serverMessage?: (lang: Language) => string | undefined };

export function serverText(error: unknown, locale: string): string | undefined {
  const e = error as WithServerMessage | null;
  if (!e || typeof e.serverMessage !== 'function') return undefined;
  return e.serverMessage(languageOfTag(locale));
}

export const statusOf = (error: unknown) => (error as WithServerMessage | null)?.status ?? 0;

/**
 * The server's reason for refusing a password (400 WEAK_PASSWORD, `details.rule`), in the reader's language,
 * or undefined for any other failure. Shown under the password field it concerns, not in the form's banner.
 */
export function weakPasswordText(error: unknown, locale: string): string | undefined {
  const body = (error as { body?: { code?: string } } | null)?.body;
  return body?.code === 'WEAK_PASSWORD' ? serverText(error, locale) : undefined;
}
