/**
 * The one place dates, times and numbers are formatted on the client (docs/conventions.md, 'Numbers and dates').
 *
 * - Dates use the user's language (Marathi / Hindi month names) with Latin digits and a 24-hour clock, so no
 *   Latin 'AM/PM' ever appears inside a Marathi sentence.
 * - Numbers use Latin digits with Indian grouping (₹4,95,180) in every language: CLDR's mr-IN groups the
 *   Western way (495,180), so numbers are formatted with en-IN's grouping whatever the language.
 */
import type { IntlShape } from 'react-intl';

type DateInput = Date | string | number;

/** The shapes dates take in the app; every screen picks one of these instead of its own option object. */
export const DATE_STYLES = {
  /** 5 मार्च, 2026, 14:07 */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 5 मार्च, 2026 */
  date: { dateStyle: 'medium' },
  /** 05/03/26, 14:07 (dense tables) */
  shortDateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** 14:07 */
  time: { hour: '2-digit', minute: '2-digit' },
  /** 5 मार्च */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 5 मार्च, 14:07 */
  dayMonthTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** मार्च 26 */
  monthYear: { month: 'short', year: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Formats with a locale tag (mr-IN, hi-IN, en-IN): Latin digits, 24-hour clock. `timeZone` for calendar dates ('UTC'). */
export function formatDateIn(locale: string, value: DateInput, style: DateStyle = 'dateTime', timeZone?: string): string {
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], hourCycle: 'h23', numberingSystem: 'latn', ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, f);
  }
  return f.format(new Date(value));
}

/** The user's language from react-intl (the IntlProvider's locale tag). */
export const formatDate = (intl: IntlShape, value: DateInput, style: DateStyle = 'dateTime', timeZone?: string) =>
  formatDateIn(intl.locale, value, style, timeZone);

/** A calendar date ('2026-12-02') shown as that day wherever the browser is. */
export const formatDay = (intl: IntlShape, isoDay: string) => formatDateIn(intl.locale, `${isoDay.slice(0, 10)}T00:00:00Z`, 'date', 'UTC');

/** Spec: insights' timestamps (medium date + short time) — now in the user's language like every other date. */
export const formatIndianDateTime = (value: DateInput, locale = 'en-IN') => formatDateIn(locale, value, 'dateTime');

type NumberOptions = Omit<Intl.NumberFormatOptions, 'numberingSystem'>;
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Any number shown to people: Latin digits, Indian grouping (12,34,567.8), at most one decimal unless told. */
export function formatNum(value: number, options: NumberOptions = {}): string {
  const opts: Intl.NumberFormatOptions = { maximumFractionDigits: 1, ...options, numberingSystem: 'latn' };
  const key = JSON.stringify(opts);
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat('en-IN', opts)));
  return f.format(value);
}

/** Rupees without paise: ₹4,95,180. */
export const formatMoney = (value: number) => formatNum(value, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/**
 * Readings, phone numbers and ids read better in Latin digits even in Marathi and Hindi
 * (mr-IN would otherwise print १२.५). Kept with the react-intl signature for existing callers.
 */
export const formatReading = (_intl: IntlShape, value: number, options: NumberOptions = {}) => formatNum(value, options);
