/**
 * Spec section 8's status → message table. For 400, 403, 404, 409, 422 and unlisted statuses the
 * server's own message wins, in the current language; the rest always use the catalog's sentence.
 */
import { defineMessages, type IntlShape } from 'react-intl';
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

const SERVER_WORDED: ReadonlySet<HttpReason> = new Set(['badRequest', 'forbidden', 'notFound', 'conflict', 'validation', 'other']);

type HttpFailure = Pick<HttpError, 'reason' | 'serverMessage'>;

/** The message to show for a failed call. */
export function httpErrorMessage(intl: IntlShape, error: HttpFailure): string {
  if (SERVER_WORDED.has(error.reason)) {
    const short = intl.locale.split('-')[0];
    const fromServer = error.serverMessage(isLocale(short) ? languageOf(short) : 'english');
    if (fromServer) return fromServer;
  }
  return intl.formatMessage(m[error.reason]);
}
