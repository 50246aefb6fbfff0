/**
 * One sensor type over time (Field Details, 7-day timeline): a line with a time axis of at most 8 ticks
 * and the unit label on the value axis. Leaf view: draws the readings it is given.
 */
import { useIntl } from 'react-intl';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { curveMonotoneX } from '@visx/curve';

export const MAX_TIME_TICKS = 8;
export const SERIES_COLOUR: Record<string, string> = { moisture: '#2e7d32', temperature: '#c62828' };

type Point = { timestamp: string; value: number };

/** d3's tick count is a hint; this keeps at most `max` ticks, evenly thinned. */
export function atMost<T>(ticks: T[], max: number): T[] {
  if (ticks.length <= max) return ticks;
  const step = Math.ceil(ticks.length / max);
  return ticks.filter((_, i) => i % step === 0);
}
const MARGIN = { top: 12, right: 16, bottom: 36, left: 52 };

export function SensorTimelineChart({ type, readings, unitLabel, width = 560, height = 200 }: { type: string; readings: Point[]; unitLabel: string; width?: number; height?: number }) {
  const intl = useIntl();
  const points = readings.map((r) => ({ t: new Date(r.timestamp), v: r.value })).sort((a, b) => +a.t - +b.t);
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const times = points.map((p) => +p.t);
  const values = points.map((p) => p.v);
  const x = scaleTime({ domain: [new Date(Math.min(...times)), new Date(Math.max(...times))], range: [0, innerW] });
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const y = scaleLinear({ domain: [lo === hi ? lo - 1 : lo, lo === hi ? hi + 1 : hi], range: [innerH, 0], nice: true });
  const colour = SERIES_COLOUR[type] ?? '#1565c0';
  return (
    <svg width={width} height={height} role="img" aria-label={unitLabel} data-series={type}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <LinePath data={points} x={(p) => x(p.t)} y={(p) => y(p.v)} stroke={colour} strokeWidth={2} curve={curveMonotoneX} />
        <AxisLeft scale={y} numTicks={5} label={unitLabel} tickFormat={(v) => intl.formatNumber(Number(v), { numberingSystem: 'latn' })} />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={atMost(x.ticks(MAX_TIME_TICKS), MAX_TIME_TICKS)}
          tickFormat={(d) => intl.formatDate(d as Date, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' })}
        />
      </Group>
    </svg>
  );
}
