/** The four totals: fields, area, average elevation and weather stations ('--' until known). */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { GpsMappingContext } from '@/machines/gpsMapping.context';
import { m } from './gpsMessages';
import { useNum } from './shared';

export function StatCards() {
  const intl = useIntl();
  const num = useNum();
  const stats = GpsMappingContext.useSelector((s) => s.context.stats);
  const stations = GpsMappingContext.useSelector((s) => s.context.stations.length);
  const surveyed = GpsMappingContext.useSelector((s) => s.matches({ ready: { around: 'done' } }));
  const loaded = GpsMappingContext.useSelector((s) => s.matches('ready'));
  const dash = '--';
  const cards: { label: MessageDescriptor; value: string }[] = [
    { label: m.statFields, value: stats ? num(stats.totalFields) : dash },
    { label: m.statArea, value: stats ? num(stats.totalArea) : dash },
    { label: m.statElevation, value: stats ? num(stats.avgElevation, 1) : dash },
    { label: m.statStations, value: surveyed ? num(stations) : dash },
  ];
  return (
    <section className="cards" aria-label={intl.formatMessage(m.title)}>
      {cards.map((c) => (
        <div className="card stat" key={c.label.id}>
          <span className="stat-label">{intl.formatMessage(c.label)}</span>
          <span className="stat-value">{c.value}</span>
        </div>
      ))}
      {loaded && !stats ? <small className="stat-note">{intl.formatMessage(m.statUnknown)}</small> : null}
    </section>
  );
}
