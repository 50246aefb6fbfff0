import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatIndianDateTime, formatReading } from '@/i18n/format';
import { localeOf, languageOf, SUPPORTED } from '@/i18n/locales';
import { loadSession } from '@/services/sessionStore';

describe('formatting', () => {
  it('writes timestamps as Indian English medium date and short time', () => {
    // 2026-03-05 14:07 IST
    const text = formatIndianDateTime(new Date(Date.UTC(2026, 2, 5, 8, 37)));
    expect(text).toMatch(/^5 Mar 2026, \d{1,2}:\d{2}\s?(am|pm)$/i);
  });

  it('keeps readings in Latin digits even in Marathi', () => {
    const mr = createIntl({ locale: 'mr-IN' });
    expect(mr.formatNumber(23.4)).not.toBe('23.4');
    expect(formatReading(mr, 23.45)).toBe('23.5');
  });

  it('maps locales to preferredLanguage values and back', () => {
    expect(SUPPORTED.map(languageOf)).toEqual(['marathi', 'english', 'hindi']);
    expect((['marathi', 'english', 'hindi', null] as const).map(localeOf)).toEqual(['mr', 'en', 'hi', 'mr']);
  });
});

describe('stored session', () => {
  it('treats a corrupt user record as no user', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('user', '{not json');
    expect(loadSession()).toEqual({ accessToken: 'a', refreshToken: null, user: null });
  });
});
