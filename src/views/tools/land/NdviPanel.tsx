/**
 * The last 3 NDVI readings, the 30-day average (2 decimals) and the trend chart (y 0–1): the NDVI registration's
 * (`NdviPanel`), or a report's own figures (`NdviFigures`, the report kept on the phone shown offline).
 */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { formatDay, formatNum } from '@/i18n/format';
import { NdviContext } from '@/machines/ndviRegistration.context';
import { NdviTrendChart } from '@/views/charts/NdviTrendChart';
import type { NdviPoint } from '../../../../contracts/land';

const m = defineMessages({
  title: { id: 'land.ndvi', defaultMessage: 'Satellite vegetation index (NDVI)' },
  latest: { id: 'land.ndviLatest', defaultMessage: 'Latest readings' },
  estimated: { id: 'land.ndviEstimated', defaultMessage: 'Estimated from the crop calendar and season, not measured by satellite' },
  chart: { id: 'land.ndviChart', defaultMessage: 'NDVI trend, scale 0 to 1' },
});
const averageMessage = defineMessage<{ value: string }>({ id: 'land.ndviAverage', defaultMessage: '30-day average: {value}' });

export function NdviPanel() {
  const points = NdviContext.useSelector((s) => s.context.points);
  const summary = NdviContext.useSelector((s) => s.context.summary);
  const estimated = NdviContext.useSelector((s) => s.context.estimated);
  return <NdviFigures points={points} latest={summary.latest} average30d={summary.average30d} estimated={estimated} />;
}

export function NdviFigures({ points, latest, average30d, estimated }: { points: NdviPoint[]; latest: NdviPoint[]; average30d: number | null; estimated: boolean }) {
  const intl = useIntl();
  if (points.length === 0) return null;
  // The server rounded these (the report's PDF prints the same numbers); two decimals always, 0.30 not 0.3.
  const ndvi = (v: number) => formatNum(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <section className="tools-section" aria-labelledby="land-ndvi">
      <h2 id="land-ndvi">{intl.formatMessage(m.title)}</h2>
      {estimated && <p className="tools-estimated">{intl.formatMessage(m.estimated)}</p>}
      <h3>{intl.formatMessage(m.latest)}</h3>
      <ul data-testid="ndvi-latest">
        {latest.map((p) => (
          <li key={p.date}>
            {formatDay(intl, p.date)}: {ndvi(p.ndvi)}
          </li>
        ))}
      </ul>
      {average30d !== null && <p data-testid="ndvi-average">{intl.formatMessage(averageMessage, { value: ndvi(average30d) })}</p>}
      <NdviTrendChart points={points} label={intl.formatMessage(m.chart)} />
    </section>
  );
}
