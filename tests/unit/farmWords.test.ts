/** Free-text seasons and irrigation frequencies (as the demo and coordinators type them) in the reader's language. */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import hi from '@/i18n/messages/hi.json';
import mr from '@/i18n/messages/mr.json';
import { frequencyLabel, seasonLabel } from '@/views/ui/farmWords';

const intl = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages, onError: () => {} });

describe('farm words', () => {
  it('translates season names and keeps the years', () => {
    const marathi = intl('mr-IN', mr);
    expect(['Kharif 2026', 'Rabi 2025-26', 'summer 2026', 'Late sowing'].map((s) => seasonLabel(marathi, s))).toEqual([
      'खरीप 2026', 'रब्बी 2025-26', 'उन्हाळी 2026', 'Late sowing',
    ]);
    expect(seasonLabel(intl('hi-IN', hi), 'Kharif 2026')).toBe('खरीफ 2026');
    expect(seasonLabel(intl('en-IN', en), 'Rabi 2025-26')).toBe('Rabi 2025-26');
  });

  it('translates irrigation frequencies with plural rules and Latin digits', () => {
    const marathi = intl('mr-IN', mr);
    expect(['daily', 'every 3 days', 'every 1 day', 'weekly'].map((s) => frequencyLabel(marathi, s))).toEqual([
      'दररोज', 'दर 3 दिवसांनी', 'दररोज', 'आठवड्यातून एकदा',
    ]);
    expect(frequencyLabel(intl('en-IN', en), 'every 1 day')).toBe('every day');
  });
});

describe('plural messages', () => {
  it('says "1 शेतकऱ्याला" for one and "3 शेतकऱ्यांना" for more, with Latin digits under the app locale tag', async () => {
    const { INTL_TAG } = await import('@/i18n/locales');
    const marathi = intl(INTL_TAG.mr, mr);
    const sent = (count: number) => marathi.formatMessage({ id: 'people.sent' }, { count });
    expect(sent(1)).toBe('1 शेतकऱ्याला संदेश पाठवला');
    expect(sent(3)).toBe('3 शेतकऱ्यांना संदेश पाठवला');
    expect(marathi.formatMessage({ id: 'recs.generated' }, { count: 1 })).toBe('1 नवीन शिफारस तयार झाली!');
    expect(intl(INTL_TAG.hi, hi).formatMessage({ id: 'people.sent' }, { count: 12 })).toBe('12 किसानों को संदेश भेजा गया');
    expect(mr['fields.tab.table']).toBe('शेतांचा तक्ता');
  });
});

describe('digits in the catalogs', () => {
  it('uses Latin digits in Marathi and Hindi texts too (docs/conventions.md, Numbers and dates)', () => {
    const devanagariDigit = /[\u0966-\u096F]/;
    expect(Object.entries({ ...mr }).filter(([, v]) => devanagariDigit.test(v))).toEqual([]);
    expect(Object.entries({ ...hi }).filter(([, v]) => devanagariDigit.test(v))).toEqual([]);
  });
});
