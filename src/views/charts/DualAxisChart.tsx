/**
 * The 24-hour chart: moisture (%) on the left axis, temperature (°C) on the right, hour:minute labels.
 * A leaf view fed by props; loaded lazily so visx stays out of the entry chunk.
 */
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useIntl } from 'react-intl';
import type { SeriesPoint } from '@/machines/farmerHome.machine';

const WIDTH = 720;
const HEIGHT = 300;
const M = { top: 16, right: 52, bottom: 36, left: 52 };
export const MOISTURE_COLOUR = '#1f6b9a';
export const TEMPERATURE_COLOUR = '#c2410c';

type Props = { data: SeriesPoint[]; labels: { moisture: string; temperature: string; title: string } };

const hhmm = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

export default function DualAxisChart({ data, labels }: Props) {
  const intl = useIntl();
  const times = data.map((p) => Date.parse(p.timestamp));
  const end = Math.max(Date.now(), ...times);
  const x = scaleTime({ domain: [new Date(end - 24 * 3600_000), new Date(end)], range: [M.left, WIDTH - M.right] });
  const moisture = scaleLinear({ domain: [0, 100], range: [HEIGHT - M.bottom, M.top] });
  const temps = data.flatMap((p) => (typeof p.temperature === 'number' ? [p.temperature] : []));
  const tMin = Math.floor(Math.min(10, ...temps) - 2);
  const tMax = Math.ceil(Math.max(40, ...temps) + 2);
  const temperature = scaleLinear({ domain: [tMin, tMax], range: [HEIGHT - M.bottom, M.top], nice: true });
  const moisturePoints = data.filter((p) => typeof p.moisture === 'number');
  const temperaturePoints = data.filter((p) => typeof p.temperature === 'number');
  const num = (v: number) => intl.formatNumber(v, { numberingSystem: 'latn', maximumFractionDigits: 0 });
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={labels.title}>
        <GridRows scale={moisture} left={M.left} width={WIDTH - M.left - M.right} stroke="#e3ebe3" numTicks={5} />
        <Group>
          <LinePath
            data={moisturePoints}
            x={(p) => x(new Date(p.timestamp))}
            y={(p) => moisture(p.moisture as number)}
            stroke={MOISTURE_COLOUR}
            strokeWidth={2.5}
            curve={curveMonotoneX}
            data-testid="moisture-line"
            data-points={moisturePoints.length}
          />
          <LinePath
            data={temperaturePoints}
            x={(p) => x(new Date(p.timestamp))}
            y={(p) => temperature(p.temperature as number)}
            stroke={TEMPERATURE_COLOUR}
            strokeWidth={2.5}
            curve={curveMonotoneX}
            data-testid="temperature-line"
            data-points={temperaturePoints.length}
          />
        </Group>
        <AxisLeft scale={moisture} left={M.left} numTicks={5} label={labels.moisture} stroke={MOISTURE_COLOUR} tickStroke={MOISTURE_COLOUR} tickFormat={(v) => num(Number(v))} tickLabelProps={{ fill: MOISTURE_COLOUR, fontSize: 11 }} labelProps={{ fill: MOISTURE_COLOUR, fontSize: 12 }} />
        <AxisRight scale={temperature} left={WIDTH - M.right} numTicks={5} label={labels.temperature} stroke={TEMPERATURE_COLOUR} tickStroke={TEMPERATURE_COLOUR} tickFormat={(v) => num(Number(v))} tickLabelProps={{ fill: TEMPERATURE_COLOUR, fontSize: 11 }} labelProps={{ fill: TEMPERATURE_COLOUR, fontSize: 12 }} />
        <AxisBottom scale={x} top={HEIGHT - M.bottom} numTicks={6} tickFormat={(v) => hhmm.format(v as Date)} tickLabelProps={{ fontSize: 11 }} />
      </svg>
      <figcaption className="chart-legend">
        <span style={{ color: MOISTURE_COLOUR }}>━ {labels.moisture}</span>
        <span style={{ color: TEMPERATURE_COLOUR }}>━ {labels.temperature}</span>
      </figcaption>
    </figure>
  );
}
