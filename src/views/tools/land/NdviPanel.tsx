/** The last 3 NDVI readings, the 30-day average (2 decimals) and the trend chart (y 0–1). */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { formatDay } from '@/i18n/format';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { NdviTrendChart } from '@/views/charts/NdviTrendChart';

const m = defineMessages({
  title: { id: 'land.ndvi', defaultMessage: 'Satellite vegetation index (NDVI)' },
  latest: { id: 'land.ndviLatest', defaultMessage: 'Latest readings' },
  estimated: { id: 'land.ndviEstimated', defaultMessage: 'Estimated from the crop calendar and season, not measured by satellite' },
  chart: { id: 'land.ndviChart', defaultMessage: 'NDVI trend, scale 0 to 1' },
});
const averageMessage = defineMessage<{ value: string }>({ id: 'land.ndviAverage', defaultMessage: '30-day average: {value}' });

export function NdviPanel() {
  const intl = useIntl();
  const points = NdviContext.useSelector((s) => s.context.points);
  const estimated = NdviContext.useSelector((s) => s.context.estimated);
  if (points.length === 0) return null;
  const latest = points.slice(-3).reverse();
  const lastDate = new Date(points[points.length - 1].date).getTime();
  const recent = points.filter((p) => new Date(p.date).getTime() >= lastDate - 30 * 86_400_000);
  const average = recent.reduce((s, p) => s + p.ndvi, 0) / recent.length;
  return (
    <section className="tools-section" aria-labelledby="land-ndvi">
      <h2 id="land-ndvi">{intl.formatMessage(m.title)}</h2>
      {estimated && <p className="tools-estimated">{intl.formatMessage(m.estimated)}</p>}
      <h3>{intl.formatMessage(m.latest)}</h3>
      <ul data-testid="ndvi-latest">
        {latest.map((p) => (
          <li key={p.date}>
            {formatDay(intl, p.date)}: {p.ndvi.toFixed(2)}
          </li>
        ))}
      </ul>
      <p data-testid="ndvi-average">{intl.formatMessage(averageMessage, { value: average.toFixed(2) })}</p>
      <NdviTrendChart points={points} label={intl.formatMessage(m.chart)} />
    </section>
  );
}
