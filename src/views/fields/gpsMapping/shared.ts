/** What the GPS mapping screen's parts share: number formatting, the names of codes, how many nearby items show. */
import { formatNum } from '@/i18n/format';
import type { useT } from '@/i18n/useT';
import { m } from './gpsMessages';

/** The side lists show the first three nearby fields and weather stations. */
export const SHOWN = 3;

export function useNum() {
  return (n: number, digits = 2) => formatNum(n, { maximumFractionDigits: digits });
}

type T = ReturnType<typeof useT>;
export const statusName = (t: T, s: string) => (`status.${s}` in m ? t(m[`status.${s}` as 'status.active']) : s);
export const soilName = (t: T, s: string) => (`soil.${s}` in m ? t(m[`soil.${s}` as 'soil.unknown']) : s);
export const unitName = (t: T, u: string) => (`unit.${u}` in m ? t(m[`unit.${u}` as 'unit.acres']) : u);
export const methodName = (t: T, s: string | null) => (s && `method.${s}` in m ? t(m[`method.${s}` as 'method.manual']) : (s ?? '--'));
