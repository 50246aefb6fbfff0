/** The four totals: fields, area, average elevation and weather stations ('--' until known). */
import { useIntl } from 'react-intl';
import { StatCards as Cards, type StatCard } from '@/views/ui/StatCards';
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
  const cards: StatCard[] = [
    { label: m.statFields, value: stats ? num(stats.totalFields) : dash },
    { label: m.statArea, value: stats ? num(stats.totalArea) : dash },
    { label: m.statElevation, value: stats ? num(stats.avgElevation, 1) : dash },
    { label: m.statStations, value: surveyed ? num(stations) : dash },
  ];
  return (
    <Cards label={intl.formatMessage(m.title)} cards={cards}>
      {loaded && !stats ? <small className="stat-note">{intl.formatMessage(m.statUnknown)}</small> : null}
    </Cards>
  );
}
