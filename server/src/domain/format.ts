/**
 * Dates and numbers inside texts the server writes in the user's language (docs/conventions.md,
 * 'Numbers and dates'): the language's month names, Latin digits, a 24-hour clock, Indian time, Indian grouping.
 * The client's twin is src/i18n/format.ts.
 */
import type { Lang } from './language';

const TAG: Record<Lang, string> = { marathi: 'mr-IN', hindi: 'hi-IN', english: 'en-IN' };
const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (reading time, report time) in India's time zone. */
export function formatWhen(lang: Lang, value: Date | string | number, style: keyof typeof STYLES = 'dateTime'): string {
  return formatter(lang, style, 'Asia/Kolkata').format(new Date(value));
}

/** A calendar day ('2026-12-02') as that day: '2 डिसें, 2026'. */
export function formatDay(lang: Lang, isoDay: string, style: 'date' | 'dayMonth' = 'date'): string {
  return formatter(lang, style, 'UTC').format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
}

function formatter(lang: Lang, style: keyof typeof STYLES, timeZone: string) {
  const key = `${lang}|${style}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(TAG[lang], { ...STYLES[style], hourCycle: 'h23', numberingSystem: 'latn', timeZone });
    formats.set(key, f);
  }
  return f;
}

const numbers = new Map<string, Intl.NumberFormat>();
/** Latin digits, Indian grouping (4,95,180) in every language. */
export function formatNumber(value: number, maximumFractionDigits = 1): string {
  const key = String(maximumFractionDigits);
  let f = numbers.get(key);
  if (!f) numbers.set(key, (f = new Intl.NumberFormat('en-IN', { maximumFractionDigits, numberingSystem: 'latn' })));
  return f.format(value);
}
/** ₹4,95,180 */
export const formatRupees = (value: number) => `₹${formatNumber(Math.round(value), 0)}`;
