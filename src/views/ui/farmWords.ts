/**
 * Free-text season and irrigation-frequency values ('Kharif 2026', 'Rabi 2025-26', 'daily', 'every 3 days')
 * in the reader's language. Values the app does not recognise are shown as typed.
 */
import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import { formatNum } from '@/i18n/format';

const seasons = defineMessages({
  kharif: { id: 'recs.season.kharif', defaultMessage: 'Kharif' },
  rabi: { id: 'recs.season.rabi', defaultMessage: 'Rabi' },
  summer: { id: 'recs.season.summer', defaultMessage: 'Summer' },
});
const frequency = defineMessages({
  daily: { id: 'fields.frequency.daily', defaultMessage: 'daily' },
  weekly: { id: 'fields.frequency.weekly', defaultMessage: 'weekly' },
});
const everyDays = defineMessage<{ count: number; n: string }>({
  id: 'fields.frequency.everyDays',
  defaultMessage: '{count, plural, one {every day} other {every {n} days}}',
});

const SEASON_WORDS: Record<string, keyof typeof seasons> = {
  kharif: 'kharif', kharip: 'kharif', खरीप: 'kharif', खरीफ: 'kharif',
  rabi: 'rabi', rabbi: 'rabi', रब्बी: 'rabi', रबी: 'rabi',
  summer: 'summer', zaid: 'summer', उन्हाळी: 'summer', ज़ायद: 'summer',
};

/** 'Kharif 2026' → 'खरीप 2026'; 'Rabi 2025-26' → 'रब्बी 2025-26'. */
export function seasonLabel(intl: IntlShape, value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^\s*(\S+)(.*)$/u.exec(value);
  const key = match && SEASON_WORDS[match[1].toLowerCase()];
  return key ? `${intl.formatMessage(seasons[key])}${match[2]}` : value;
}

/** 'daily' → 'दररोज'; 'every 3 days' → 'दर 3 दिवसांनी'; 'weekly' → 'आठवड्यातून एकदा'. */
export function frequencyLabel(intl: IntlShape, value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'daily' || v === 'every day') return intl.formatMessage(frequency.daily);
  if (v === 'weekly' || v === 'every week') return intl.formatMessage(frequency.weekly);
  const days = /^every (\d+) days?$/.exec(v);
  if (days) return intl.formatMessage(everyDays, { count: Number(days[1]), n: formatNum(Number(days[1])) });
  return value;
}
