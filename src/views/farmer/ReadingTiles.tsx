/** The two tiles: soil moisture (%) and temperature (°C), '--' without data, coloured per spec section 9. */
import { defineMessages, useIntl } from 'react-intl';
import type { LatestReading } from '@/machines/farmerHome.machine';

const m = defineMessages({
  moisture: { id: 'home.tile.moisture', defaultMessage: 'Soil moisture' },
  temperature: { id: 'home.tile.temperature', defaultMessage: 'Temperature' },
});

/** Moisture: below 30 red, below 50 yellow, else green. */
export const moistureTone = (v: number) => (v < 30 ? 'bad' : v < 50 ? 'warn' : 'good');
/** Temperature: above 35 red, above 30 yellow, else green. */
export const temperatureTone = (v: number) => (v > 35 ? 'bad' : v > 30 ? 'warn' : 'good');

export function ReadingTiles({ latest }: { latest: LatestReading | null }) {
  const intl = useIntl();
  const fmt = (v: number) => intl.formatNumber(v, { maximumFractionDigits: 1, numberingSystem: 'latn' });
  const tile = (label: string, value: number | null | undefined, unit: string, tone: (v: number) => string, testId: string) => (
    <div className={`tile tile-${typeof value === 'number' ? tone(value) : 'none'}`} data-testid={testId}>
      <span className="tile-label">{label}</span>
      <span className="tile-value">{typeof value === 'number' ? `${fmt(value)}${unit}` : '--'}</span>
    </div>
  );
  return (
    <section className="tiles">
      {tile(intl.formatMessage(m.moisture), latest?.moisture, '%', moistureTone, 'tile-moisture')}
      {tile(intl.formatMessage(m.temperature), latest?.temperature, '°C', temperatureTone, 'tile-temperature')}
    </section>
  );
}
