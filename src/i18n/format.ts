/** Dates and numbers through Intl, the way the spec asks for them. */
import type { IntlShape } from 'react-intl';

const indianEnglishDateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec: timestamps such as insights' show in Indian English medium date + short time, in every language. */
export const formatIndianDateTime = (value: Date | string | number) => indianEnglishDateTime.format(new Date(value));

/**
 * Readings, phone numbers and ids read better in Latin digits even in Marathi and Hindi
 * (mr-IN would otherwise print १२.५).
 */
type NumberOptions = Parameters<IntlShape['formatNumber']>[1];

export const formatReading = (intl: IntlShape, value: number, options: NumberOptions = {}) =>
  intl.formatNumber(value, { maximumFractionDigits: 1, ...options, numberingSystem: 'latn' });
