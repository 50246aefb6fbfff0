/** What the advanced analytics parts share: formatting, units, and the words for sensors, crop statuses and trends. */
import { useIntl } from 'react-intl';
import { formatDate, formatMoney, formatNum } from '@/i18n/format';
import type { useT } from '@/i18n/useT';
import { cropLabel } from '@/views/ui/cropLabels';
import { seasonLabel } from '@/views/ui/farmWords';
import { m } from './advancedMessages';

export const UNIT: Record<string, string> = { moisture: '%', temperature: ' °C', humidity: '%', ph: '', nitrogen: '', weather: '' };
/** A change smaller than this (in the reading's unit) reads as steady. */
const STEADY = 0.5;

export function useFmt() {
  const intl = useIntl();
  return {
    num: (n: number, digits = 1) => formatNum(n, { maximumFractionDigits: digits }),
    money: (n: number) => formatMoney(n),
    date: (d: string) => formatDate(intl, d, 'date'),
    crop: (name: string) => cropLabel(intl, name),
    season: (s: string | null) => seasonLabel(intl, s),
  };
}

export type T = ReturnType<typeof useT>;
export type Fmt = ReturnType<typeof useFmt>;

export const sensorName = (t: T, type: string) => (`sensor.${type}` in m ? t(m[`sensor.${type}` as 'sensor.moisture']) : type);
export const cropStatus = (t: T, s: string) => (`crop.${s}` in m ? t(m[`crop.${s}` as 'crop.growing']) : s);

export function trendText(t: T, f: Fmt, type: string, change: number | null) {
  if (change == null) return t(m.noTrend);
  if (Math.abs(change) < STEADY) return t(m.steady);
  const values = { change: f.num(Math.abs(change)), unit: UNIT[type] ?? '' };
  return t(change > 0 ? m.rising : m.falling, values);
}
