import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { httpErrorMessage, serverWords, statusOf } from '@/i18n/httpErrors';
import { HttpError, reasonFor } from '@/services/http';
import { CATALOGS } from '../support/catalogs';

const intlFor = (locale: 'mr' | 'en' | 'hi') => createIntl({ locale: `${locale}-IN`, messages: CATALOGS[locale] });
const serverSays = (status: number) =>
  new HttpError(status, reasonFor(status), {
    statusCode: status,
    code: 'X',
    error: 'Field not found',
    message: { english: 'Field not found', marathi: 'शेत सापडले नाही', hindi: 'खेत नहीं मिला' },
  });

describe('spec section 8 status table', () => {
  it.each([
    [0, 'Network error. Please check your internet connection.'],
    [400, 'Invalid request. Please check your input.'],
    [401, 'Session expired. Please log in again.'],
    [403, 'You do not have permission to perform this action.'],
    [404, 'The requested resource was not found.'],
    [409, 'This resource already exists.'],
    [422, 'Validation failed. Please check your input.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [502, 'Service temporarily unavailable. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again later.'],
    [504, 'Service temporarily unavailable. Please try again later.'],
    [418, 'Something went wrong. Please try again.'],
  ])('%i without a server message → %s', (status, text) => {
    expect(httpErrorMessage(intlFor('en'), new HttpError(status, reasonFor(status)))).toBe(text);
  });

  it.each([400, 403, 404, 409, 422, 418])('%i prefers the server message in the current language', (status) => {
    expect(httpErrorMessage(intlFor('mr'), serverSays(status))).toBe('शेत सापडले नाही');
    expect(httpErrorMessage(intlFor('hi'), serverSays(status))).toBe('खेत नहीं मिला');
    expect(httpErrorMessage(intlFor('en'), serverSays(status))).toBe('Field not found');
  });

  it.each([429, 500, 503])('%i keeps the catalog sentence even when the server sent one', (status) => {
    expect(httpErrorMessage(intlFor('mr'), serverSays(status))).toBe(CATALOGS.mr[`http.${reasonFor(status)}`]);
  });
});

describe('a 429 that names its wait', () => {
  const throttled = (code: string, seconds: number) =>
    new HttpError(429, 'tooMany', {
      statusCode: 429,
      code,
      error: 'Too many',
      message: { english: 'Too many', marathi: 'खूप', hindi: 'बहुत' },
      details: { retryAfterSeconds: seconds },
    });
  it('says how long to wait after failed sign-ins, in seconds or minutes, in every language', () => {
    expect(httpErrorMessage(intlFor('en'), throttled('SIGN_IN_THROTTLED', 29))).toContain('wait 29 seconds');
    expect(httpErrorMessage(intlFor('en'), throttled('SIGN_IN_THROTTLED', 61))).toContain('wait 2 minutes');
    expect(httpErrorMessage(intlFor('mr'), throttled('SIGN_IN_THROTTLED', 900))).toMatch(/१५ मिनिटे|15 मिनिटे/);
    expect(httpErrorMessage(intlFor('hi'), throttled('SIGN_IN_THROTTLED', 45))).toMatch(/(४५|45) सेकंड/);
    expect(httpErrorMessage(intlFor('en'), throttled('RATE_LIMITED', 60))).toBe('Too many attempts. Please wait 1 minute and try again.');
  });
});

describe('one rule for every screen', () => {
  const failed = { id: 'fields.loadFailed', defaultMessage: 'Failed to load fields. Please try again.' };
  it("a screen's own message stands in for the catalog's sentence when the server has no words for the reader", () => {
    expect(httpErrorMessage(intlFor('en'), new HttpError(0, 'network'), failed)).toBe(CATALOGS.en['fields.loadFailed']);
    expect(httpErrorMessage(intlFor('mr'), serverSays(500), failed)).toBe(CATALOGS.mr['fields.loadFailed']);
    expect(httpErrorMessage(intlFor('mr'), serverSays(404), failed)).toBe('शेत सापडले नाही');
  });

  it('never gives a Marathi or Hindi reader the English text of a server that did not translate it', () => {
    const english = new HttpError(400, 'badRequest', { statusCode: 400, code: 'X', error: 'Bad thing', message: 'Bad thing' });
    expect(httpErrorMessage(intlFor('mr'), english)).toBe(CATALOGS.mr['http.badRequest']);
    expect(httpErrorMessage(intlFor('hi'), english)).toBe(CATALOGS.hi['http.badRequest']);
    expect(httpErrorMessage(intlFor('en'), english)).toBe('Bad thing');
    const partly = new HttpError(404, 'notFound', { statusCode: 404, code: 'X', error: 'Gone', message: { english: 'Gone', marathi: '', hindi: '' } });
    expect(serverWords(partly, 'mr')).toBeUndefined();
    expect(serverWords(partly, 'en-IN')).toBe('Gone');
  });

  it('reads anything thrown as a failure without an answer', () => {
    expect(statusOf(new Error('boom'))).toBe(0);
    expect(statusOf(null)).toBe(0);
    expect(httpErrorMessage(intlFor('en'), new Error('boom'))).toBe('Network error. Please check your internet connection.');
    expect(serverWords(undefined, 'en')).toBeUndefined();
  });
});
