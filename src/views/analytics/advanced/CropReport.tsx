/** The current crop (variety, dates, expected and actual yield) and the field's crop history. */
import type { AdvancedAnalytics } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { Pairs } from '@/views/ui/Pairs';
import { cropStatus, useFmt } from './shared';

export function CropReport({ a }: { a: AdvancedAnalytics }) {
  const t = useT();
  const f = useFmt();
  const c = a.crop;
  const none = t(m.notRecorded);
  const amount = (v: number | null) => (v == null ? none : t(m.amount, { value: f.num(v), unit: c.yieldUnit }));
  return (
    <>
      {c.cropName ? (
        <Pairs
          rows={[
            [m.cropTitle, t(m.cropLine, { crop: f.crop(c.cropName), status: cropStatus(t, c.status) })],
            [m.variety, c.variety ?? none],
            [m.planted, c.plantedDate ? f.date(c.plantedDate) : none],
            [m.harvestDue, c.expectedHarvest ? f.date(c.expectedHarvest) : none],
            [m.expected, amount(c.yieldExpected)],
            [m.actual, amount(c.yieldActual)],
          ]}
        />
      ) : (
        <p>{t(m.cropNone)}</p>
      )}
      <h3>{t(m.history)}</h3>
      {c.history.length === 0 ? (
        <p>{t(m.historyNone)}</p>
      ) : (
        <table className="adv-table">
          <thead>
            <tr>
              <th>{t(m.cropTitle)}</th>
              <th>{t(m.season)}</th>
              <th>{t(m.harvested)}</th>
              <th>{t(m.yield)}</th>
            </tr>
          </thead>
          <tbody>
            {c.history.map((h, i) => (
              <tr key={`${h.crop}-${h.harvestedDate ?? i}`}>
                <td>{f.crop(h.crop)}</td>
                <td>{f.season(h.season) ?? '--'}</td>
                <td>{h.harvestedDate ? f.date(h.harvestedDate) : '--'}</td>
                <td>{h.yield == null ? '--' : t(m.amount, { value: f.num(h.yield), unit: h.yieldUnit })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
