/** Each card's title and one-line summary, or the honest 'nothing recorded' line. */
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { AdvancedAnalytics, Card } from '@/machines/advancedAnalytics.machine';
import { m } from './advancedMessages';
import { cropStatus, sensorName, trendText, UNIT, type Fmt, type T } from './shared';

export const CARDS: Card[] = ['sensors', 'crop', 'soil', 'financial'];

export function summaries(a: AdvancedAnalytics, t: T, f: Fmt): Record<Card, { title: MessageDescriptor; body: ReactNode; empty: boolean }> {
  const crop = a.crop;
  const soil = a.soil;
  const soilTested = [soil.ph, soil.nitrogen, soil.phosphorus, soil.potassium, soil.organicMatter].some((v) => v != null) || soil.sensorPh != null;
  const dash = (v: number | null) => (v == null ? '--' : f.num(v));
  const money = a.financial;
  return {
    sensors: {
      title: m.sensorsTitle,
      empty: a.sensorTrends.length === 0,
      body:
        a.sensorTrends.length === 0 ? (
          t(m.sensorsNone)
        ) : (
          <ul className="adv-lines">
            {a.sensorTrends.map((s) => (
              <li key={s.type}>
                <strong>{sensorName(t, s.type)}</strong>: {t(m.sensorLine, { average: f.num(s.average), latest: f.num(s.latest), unit: UNIT[s.type] ?? '' })} ·{' '}
                {trendText(t, f, s.type, s.change)}
              </li>
            ))}
          </ul>
        ),
    },
    crop: {
      title: m.cropTitle,
      empty: !crop.cropName && crop.history.length === 0,
      body: crop.cropName ? (
        <>
          <p>{t(m.cropLine, { crop: f.crop(crop.cropName), status: cropStatus(t, crop.status) })}</p>
          <p>{crop.achievedPercent != null ? t(m.achieved, { percent: f.num(crop.achievedPercent) }) : t(m.yieldPending)}</p>
        </>
      ) : (
        t(m.cropNone)
      ),
    },
    soil: {
      title: m.soilTitle,
      empty: !soilTested,
      body: soilTested ? (
        <>
          <p>{t(m.soilLine, { ph: dash(soil.ph ?? soil.sensorPh), n: dash(soil.nitrogen), p: dash(soil.phosphorus), k: dash(soil.potassium) })}</p>
          {soil.lastTested ? <p className="muted">{t(m.soilTested, { date: f.date(soil.lastTested) })}</p> : null}
        </>
      ) : (
        t(m.soilNone)
      ),
    },
    financial: {
      title: m.moneyTitle,
      empty: money == null,
      body: money ? (
        <>
          <p>
            {t(m.moneyLine, {
              cost: f.money(money.totalCost),
              revenue: money.revenueActual ?? money.revenueExpected ? f.money((money.revenueActual ?? money.revenueExpected)!) : '--',
            })}
          </p>
          <p>
            {money.profit == null
              ? t(m.noRevenue)
              : t(money.profitBasis === 'actual' ? m.profitActual : m.profitExpected, { profit: f.money(money.profit) })}
          </p>
        </>
      ) : (
        t(m.moneyNone)
      ),
    },
  };
}
