/**
 * The 24-hour chart: moisture (%) on the left axis, temperature (°C) on the right, hour:minute labels.
 * Drawn in real pixels at the width of its card (labels stay 12 px on a 360 px phone), with as many hour
 * labels as fit. A single reading is said in words with its values and time: one reading is not a trend.
 * A leaf view fed by props; loaded lazily so visx stays out of the entry chunk.
 */
import { AxisBottom, AxisLeft, AxisRight, type TickRendererProps } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { defineMessage, useIntl } from 'react-intl';
import type { SeriesPoint } from '@/machines/farmerHome.machine';
import { atMost, CHART_FONT, CHART_FONT_FAMILY, labelWidth, tickCount, useChartWidth } from './useChartWidth';
import { formatDate, formatNum } from '@/i18n/format';

const M = { top: 16, right: 52, bottom: 32, left: 52 };
export const MOISTURE_COLOUR = '#1f6b9a';
export const TEMPERATURE_COLOUR = '#c2410c';

const single = defineMessage<{ time: string; moisture: string; temperature: string }>({
  id: 'chart.singleReadingHome',
  defaultMessage: 'Only one reading so far ({time}): moisture {moisture}, temperature {temperature}. More readings are needed to show a trend.',
});

type Props = { data: SeriesPoint[]; labels: { moisture: string; temperature: string; title: string } };

const TICK = { fontSize: CHART_FONT, fontFamily: CHART_FONT_FAMILY } as const;

/**
 * A tick label as plain SVG text. visx's Text measures every label in the page to wrap it (a forced layout per
 * label: most of the chart's first draw on a cheap phone); a one-line hour or value label needs no wrapping, and
 * drawn this way it sits exactly where Text puts it (one line, the default bottom anchor).
 */
function PlainTick({ formattedValue, x, y, dx, dy, textAnchor, fill, fontSize, fontFamily }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fill={fill} fontSize={fontSize} fontFamily={fontFamily}>
      {formattedValue}
    </text>
  );
}
const plainTick = (props: TickRendererProps) => <PlainTick {...props} />;

export default function DualAxisChart({ data, labels }: Props) {
  const intl = useIntl();
  const [frame, width, measured] = useChartWidth(720);
  const height = Math.round(Math.min(300, Math.max(220, width * 0.6)));
  const num = (v: number) => formatNum(v, { maximumFractionDigits: 0 });
  // Measured before the first paint: the chart is drawn once, at its real width.
  if (!measured) return <figure className="chart" ref={frame} />;
  if (data.length === 1) {
    const [p] = data;
    const value = (v: number | null | undefined, unit: string) => (typeof v === 'number' ? `${formatNum(v, { maximumFractionDigits: 1 })}${unit}` : '--');
    return (
      <div className="chart" ref={frame}>
        <p className="chart-single">
          {intl.formatMessage(single, {
            time: formatDate(intl, p.timestamp, 'time'),
            moisture: value(p.moisture, '%'),
            temperature: value(p.temperature, '°C'),
          })}
        </p>
      </div>
    );
  }
  const times = data.map((p) => Date.parse(p.timestamp));
  const end = Math.max(Date.now(), ...times);
  const x = scaleTime({ domain: [new Date(end - 24 * 3600_000), new Date(end)], range: [M.left, width - M.right] });
  const moisture = scaleLinear({ domain: [0, 100], range: [height - M.bottom, M.top] });
  const temps = data.flatMap((p) => (typeof p.temperature === 'number' ? [p.temperature] : []));
  const tMin = Math.floor(Math.min(10, ...temps) - 2);
  const tMax = Math.ceil(Math.max(40, ...temps) + 2);
  const temperature = scaleLinear({ domain: [tMin, tMax], range: [height - M.bottom, M.top], nice: true });
  const moisturePoints = data.filter((p) => typeof p.moisture === 'number');
  const temperaturePoints = data.filter((p) => typeof p.temperature === 'number');
  const hourTicks = tickCount(width - M.left - M.right, labelWidth('00:00'), 8);
  const valueTicks = Math.max(3, Math.min(5, Math.floor((height - M.top - M.bottom) / 32)));
  return (
    <figure className="chart" ref={frame}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={labels.title}>
        <GridRows scale={moisture} left={M.left} width={width - M.left - M.right} stroke="#e3ebe3" numTicks={valueTicks} />
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
        <AxisLeft
          scale={moisture}
          left={M.left}
          numTicks={valueTicks}
          label={labels.moisture}
          labelOffset={28}
          stroke={MOISTURE_COLOUR}
          tickStroke={MOISTURE_COLOUR}
          tickFormat={(v) => num(Number(v))}
          tickComponent={plainTick}
          tickLabelProps={{ ...TICK, fill: MOISTURE_COLOUR, textAnchor: 'end', dx: -2, dy: 4 }}
          labelProps={{ ...TICK, fill: MOISTURE_COLOUR, textAnchor: 'middle' }}
        />
        <AxisRight
          scale={temperature}
          left={width - M.right}
          numTicks={valueTicks}
          label={labels.temperature}
          labelOffset={28}
          stroke={TEMPERATURE_COLOUR}
          tickStroke={TEMPERATURE_COLOUR}
          tickFormat={(v) => num(Number(v))}
          tickComponent={plainTick}
          tickLabelProps={{ ...TICK, fill: TEMPERATURE_COLOUR, textAnchor: 'start', dx: 2, dy: 4 }}
          labelProps={{ ...TICK, fill: TEMPERATURE_COLOUR, textAnchor: 'middle' }}
        />
        <AxisBottom scale={x} top={height - M.bottom} tickValues={atMost(x.ticks(hourTicks), hourTicks)} tickFormat={(v) => formatDate(intl, v as Date, 'time')} tickComponent={plainTick} tickLabelProps={{ ...TICK, textAnchor: 'middle' }} />
      </svg>
      <figcaption className="chart-legend">
        <span style={{ color: MOISTURE_COLOUR }}>━ {labels.moisture}</span>
        <span style={{ color: TEMPERATURE_COLOUR }}>━ {labels.temperature}</span>
      </figcaption>
    </figure>
  );
}
