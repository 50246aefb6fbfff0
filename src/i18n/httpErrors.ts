/**
 * Spec section 8's status → message table. For 400, 403, 404, 409, 422 and unlisted statuses the
 * server's own message wins, in the current language; the rest always use the catalog's sentence.
 */
import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { HttpError, HttpReason } from '@/shared/httpError';
import { isLocale, languageOf } from './locales';

const m = defineMessages({
  network: { id: 'http.network', defaultMessage: 'Network error. Please check your internet connection.' },
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

type HttpFailure = Pick<HttpError, 'reason' | 'serverMessage'> & { body?: HttpError['body'] };

/** The wait a 429 names (`details.retryAfterSeconds`), if any. */
export function retryAfterSeconds(error: HttpFailure): number | null {
  const wait = error.body?.details?.retryAfterSeconds;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null;
}

/** The message to show for a failed call. */
export function httpErrorMessage(intl: IntlShape, error: HttpFailure): string {
  const wait = error.reason === 'tooMany' ? retryAfterSeconds(error) : null;
  if (wait !== null) {
    const signIn = error.body?.code === 'SIGN_IN_THROTTLED';
    const count = wait < 60 ? wait : Math.ceil(wait / 60);
    if (wait < 60) return signIn ? intl.formatMessage(signInSeconds, { count }) : intl.formatMessage(waitSeconds, { count });
    return signIn ? intl.formatMessage(signInMinutes, { count }) : intl.formatMessage(waitMinutes, { count });
  }
  if (SERVER_WORDED.has(error.reason)) {
    const short = intl.locale.split('-')[0];
    const fromServer = error.serverMessage(isLocale(short) ? languageOf(short) : 'english');
    if (fromServer) return fromServer;
  }
  return intl.formatMessage(m[error.reason]);
}
