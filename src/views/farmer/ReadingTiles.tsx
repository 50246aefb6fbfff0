/**
 * The two tiles: soil moisture (%) and temperature (°C), '--' without data, coloured per spec section 9.
 * Each value says how old it is; one older than the field's offline limit is greyed and marked as an old
 * reading, so it is never read as the field's state now.
 */
import { defineMessages, useIntl } from 'react-intl';
import { isStale, type LatestReading } from '@/machines/farmerHome.machine';
import { ReadingAge } from '@/views/ui/ReadingAge';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  moisture: { id: 'home.tile.moisture', defaultMessage: 'Soil moisture' },
  temperature: { id: 'home.tile.temperature', defaultMessage: 'Temperature' },
  stale: { id: 'home.tile.stale', defaultMessage: 'Old reading' },
});

/** Moisture: below 30 red, below 50 yellow, else green. */
export const moistureTone = (v: number) => (v < 30 ? 'bad' : v < 50 ? 'warn' : 'good');
/** Temperature: above 35 red, above 30 yellow, else green. */
export const temperatureTone = (v: number) => (v > 35 ? 'bad' : v > 30 ? 'warn' : 'good');

export function ReadingTiles({ latest, now }: { latest: LatestReading | null; now: number }) {
  const intl = useIntl();
  const fmt = (v: number) => formatNum(v, { maximumFractionDigits: 1 });
  const tile = (
    label: string,
    value: number | null | undefined,
    at: string | null | undefined,
    unit: string,
    tone: (v: number) => string,
    testId: string,
  ) => {
    const known = typeof value === 'number';
    const stale = known && isStale(at, latest?.staleAfterMinutes, now);
    return (
      <div className={`tile tile-${known ? (stale ? 'stale' : tone(value)) : 'none'}`} data-testid={testId} data-stale={stale || undefined}>
        <span className="tile-label">{label}</span>
        <span className="tile-value">{known ? `${fmt(value)}${unit}` : '--'}</span>
        {/* The line is kept when there is no value, so the tiles never change height as data arrives. */}
        <span className="tile-age">
          {stale && <strong className="tile-stale-label">{intl.formatMessage(m.stale)} · </strong>}
          {known && at ? <ReadingAge at={at} now={now} /> : '\u00a0'}
        </span>
      </div>
    );
  };
  return (
    <section className="tiles">
      {tile(intl.formatMessage(m.moisture), latest?.moisture, latest?.moistureAt ?? latest?.timestamp, '%', moistureTone, 'tile-moisture')}
      {tile(intl.formatMessage(m.temperature), latest?.temperature, latest?.temperatureAt ?? latest?.timestamp, '°C', temperatureTone, 'tile-temperature')}
    </section>
  );
}
