import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatIndianDateTime, formatMoney, formatNum, formatReading } from '@/i18n/format';
import { localeOf, languageOf, SUPPORTED } from '@/i18n/locales';
import { loadSession } from '@/services/sessionStore';

describe('formatting', () => {
  // 2026-03-05 14:07 IST
  const at = new Date(Date.UTC(2026, 2, 5, 8, 37));
  const lang = (tag: string) => createIntl({ locale: tag, timeZone: 'Asia/Kolkata' });

  it('writes dates in the user\'s language with Latin digits and a 24-hour clock (no Latin AM/PM)', () => {
    expect(formatDate(lang('mr-IN'), at, 'date')).toBe('5 मार्च, 2026');
    expect(formatDate(lang('hi-IN'), at, 'date')).toBe('5 मार्च 2026');
    expect(formatDate(lang('en-IN'), at, 'date')).toBe('5 Mar 2026');
    for (const tag of ['mr-IN', 'hi-IN', 'en-IN']) {
      const text = formatDate(lang(tag), at);
      expect(text).not.toMatch(/\b(am|pm)\b/i);
      expect(text).toMatch(/\d{1,2}:\d{2}$/);
      expect(text).not.toMatch(/[०-९]/);
    }
    expect(formatDate(lang('mr-IN'), at, 'dayMonth')).toBe('5 मार्च');
    expect(formatDay(lang('mr-IN'), '2026-12-02')).toBe('2 डिसें, 2026');
    expect(formatIndianDateTime(at, 'mr-IN')).not.toMatch(/[A-Za-z]/);
  });

  it('groups money and big numbers the Indian way in every language', () => {
    expect(formatMoney(495180)).toBe('₹4,95,180');
    expect(formatNum(1234567.89)).toBe('12,34,567.9');
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
