/**
 * The one way a failed call becomes text: `httpErrorMessage(intl, error, fallback?, values?)`. One rule, in order:
 * 1. a 429 that names its wait (`details.retryAfterSeconds`): the catalog's wait sentence (sign-in or general);
 * 2. the server's own message in the reader's language, for the statuses whose server words are meant for the
 *    user (400, 403, 404, 409, 422 and unlisted ones; a 401, a 429, a 5xx and a network failure never), and only
 *    when the server sent it in that language: a Marathi or Hindi reader never gets the English `error`;
 * 3. else, for a call that got no answer in its time limit, the 'taking too long' sentence (a slow network: the
 *    screen's retry is the way on), else the screen's own message when it passes one (the spec's "response
 *    error, else <message>");
 * 4. else the catalog's sentence for the status (spec section 8's table).
 * `serverWords` is step 2 alone, for a screen that adds the server's reason to a sentence of its own.
 */
import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { reasonFor, type HttpError, type HttpReason } from '@/shared/httpError';
import { languageOfTag } from '../../contracts/languages';

const m = defineMessages({
  network: { id: 'http.network', defaultMessage: 'Network error. Please check your internet connection.' },
  timeout: { id: 'http.timeout', defaultMessage: 'This is taking too long — the network is slow. Please try again.' },
  badRequest: { id: 'http.badRequest', defaultMessage: 'Invalid request. Please check your input.' },
  unauthorized: { id: 'http.unauthorized', defaultMessage: 'Session expired. Please log in again.' },
  forbidden: { id: 'http.forbidden', defaultMessage: 'You do not have permission to perform this action.' },
  notFound: { id: 'http.notFound', defaultMessage: 'The requested resource was not found.' },
  conflict: { id: 'http.conflict', defaultMessage: 'This resource already exists.' },
  validation: { id: 'http.validation', defaultMessage: 'Validation failed. Please check your input.' },
  tooMany: { id: 'http.tooMany', defaultMessage: 'Too many requests. Please wait a moment and try again.' },
  server: { id: 'http.server', defaultMessage: 'Server error. Please try again later.' },
  unavailable: { id: 'http.unavailable', defaultMessage: 'Service temporarily unavailable. Please try again later.' },
  other: { id: 'http.other', defaultMessage: 'Something went wrong. Please try again.' },
});

const waitSeconds = defineMessage<{ count: number }>({
    id: 'http.tooMany.waitSeconds',
    defaultMessage: 'Too many attempts. Please wait {count, plural, one {# second} other {# seconds}} and try again.',
});
const waitMinutes = defineMessage<{ count: number }>({
    id: 'http.tooMany.waitMinutes',
    defaultMessage: 'Too many attempts. Please wait {count, plural, one {# minute} other {# minutes}} and try again.',
});
const signInSeconds = defineMessage<{ count: number }>({
    id: 'http.signInThrottled.seconds',
    defaultMessage:
      'Too many failed sign-in attempts from this device. Please wait {count, plural, one {# second} other {# seconds}} and try again. Signing in from another device is not affected.',
});
const signInMinutes = defineMessage<{ count: number }>({
    id: 'http.signInThrottled.minutes',
    defaultMessage:
      'Too many failed sign-in attempts from this device. Please wait {count, plural, one {# minute} other {# minutes}} and try again. Signing in from another device is not affected.',
});

const SERVER_WORDED: ReadonlySet<HttpReason> = new Set(['badRequest', 'forbidden', 'notFound', 'conflict', 'validation', 'other']);

/** A failed call: an HttpError, or anything else a call threw (then it reads as a network failure). */
type HttpFailure = Partial<Pick<HttpError, 'status' | 'reason' | 'body' | 'serverMessage'>>;

const asFailure = (error: unknown): HttpFailure => (error && typeof error === 'object' ? (error as HttpFailure) : {});
const reasonOf = (f: HttpFailure): HttpReason => f.reason ?? reasonFor(f.status ?? 0);

/** The status of a failed call (0 when it never got an answer). */
export const statusOf = (error: unknown): number => asFailure(error).status ?? 0;

/** The wait a 429 names (`details.retryAfterSeconds`), if any. */
export function retryAfterSeconds(error: unknown): number | null {
  const wait = asFailure(error).body?.details?.retryAfterSeconds;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null;
}

/** Step 2 of the rule: the server's message in the reader's language (`locale`: 'mr', 'en-IN', …), if it sent one. */
export function serverWords(error: unknown, locale: string): string | undefined {
  const f = asFailure(error);
  if (!SERVER_WORDED.has(reasonOf(f))) return undefined;
  return typeof f.serverMessage === 'function' ? f.serverMessage(languageOfTag(locale, 'english')) : undefined;
}

/** The message to show for a failed call (the rule is at the top of this file). */
export function httpErrorMessage(intl: IntlShape, error: unknown, fallback?: MessageDescriptor, values?: Record<string, string | number>): string {
  const f = asFailure(error);
  const wait = reasonOf(f) === 'tooMany' ? retryAfterSeconds(f) : null;
  if (wait !== null) {
    const signIn = f.body?.code === 'SIGN_IN_THROTTLED';
    const count = wait < 60 ? wait : Math.ceil(wait / 60);
    if (wait < 60) return signIn ? intl.formatMessage(signInSeconds, { count }) : intl.formatMessage(waitSeconds, { count });
    return signIn ? intl.formatMessage(signInMinutes, { count }) : intl.formatMessage(waitMinutes, { count });
  }
  if (reasonOf(f) === 'timeout') return intl.formatMessage(m.timeout);
  return serverWords(f, intl.locale) ?? (fallback ? intl.formatMessage(fallback, values) : intl.formatMessage(m[reasonOf(f)]));
}

/**
 * The server's reason for refusing a password (400 WEAK_PASSWORD, `details.rule`), in the reader's language,
 * or undefined for any other failure. Shown under the password field it concerns, not in the form's banner.
 */
export function weakPasswordText(error: unknown, locale: string): string | undefined {
  return asFailure(error).body?.code === 'WEAK_PASSWORD' ? serverWords(error, locale) : undefined;
}
