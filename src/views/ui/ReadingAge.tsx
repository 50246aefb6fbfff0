/**
 * How old a value is, in the reader's language ('12 मिनिटांपूर्वी', '3 hours ago'), with the exact time on
 * hover and for screen readers' `dateTime`. Digits are Latin, like the readings they describe.
 */
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { formatDate } from '@/i18n/format';

const m = defineMessages({
  justNow: { id: 'reading.age.justNow', defaultMessage: 'just now' },
});

const formatters = new Map<string, Intl.RelativeTimeFormat>();
/** react-intl's formatRelativeTime drops `numberingSystem`, so the formatter is made here (one per locale). */
function relative(locale: string) {
  let f = formatters.get(locale);
  // (`numberingSystem` is a standard option that TypeScript's lib for RelativeTimeFormat does not list yet.)
  if (!f) formatters.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', numberingSystem: 'latn' } as Intl.RelativeTimeFormatOptions)));
  return f;
}

export function formatAge(intl: IntlShape, at: string, now: number) {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000);
  const f = relative(intl.locale);
  if (minutes < 1) return intl.formatMessage(m.justNow);
  if (minutes < 60) return f.format(-minutes, 'minute');
  if (minutes < 48 * 60) return f.format(-Math.floor(minutes / 60), 'hour');
  return f.format(-Math.floor(minutes / 1440), 'day');
}

export function ReadingAge({ at, now, className }: { at: string; now: number; className?: string }) {
  const intl = useIntl();
  return (
    <time className={className} dateTime={at} title={formatDate(intl, at)}>
      {formatAge(intl, at, now)}
    </time>
  );
}
