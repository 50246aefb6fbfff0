/** Each sensor's readings over the range: averages per period, count, minimum and maximum. */
import type { AdvancedAnalytics } from '@/machines/advancedAnalytics.machine';
import { useT } from '@/i18n/useT';
import { m } from './advancedMessages';
import { sensorName, trendText, UNIT, useFmt } from './shared';

export function SensorReport({ a }: { a: AdvancedAnalytics }) {
  const t = useT();
  const f = useFmt();
  if (a.sensorTrends.length === 0) return <p>{t(m.sensorsNone)}</p>;
  return (
    <>
      {a.sensorTrends.map((s) => (
        <section key={s.type} className="adv-report">
          <h3>
            {sensorName(t, s.type)} · {t(m.readings, { count: s.readings })} · {trendText(t, f, s.type, s.change)}
          </h3>
          <table className="adv-table">
            <thead>
              <tr>
                <th>{t(m.period)}</th>
                <th>{t(m.average)}</th>
                <th>{t(m.count)}</th>
              </tr>
            </thead>
            <tbody>
              {s.series.map((b) => (
                <tr key={b.bucket}>
                  <td>{f.date(b.bucket)}</td>
                  <td>
                    {f.num(b.average)}
                    {UNIT[s.type] ?? ''}
                  </td>
                  <td>{f.num(b.readings, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {t(m.min)} {f.num(s.min)}
            {UNIT[s.type] ?? ''} · {t(m.max)} {f.num(s.max)}
            {UNIT[s.type] ?? ''}
          </p>
        </section>
      ))}
    </>
  );
}
