/**
 * One sensor type over time (Field Details, 7-day timeline): a line with a time axis and the unit label on
 * the value axis. Drawn in real pixels at the width it is given, with as many time labels as fit without
 * overlapping. One reading is not a trend: it is said in words (value and time) instead of a lone dot.
 * Leaf view: draws the readings it is given.
 */
import { defineMessage, useIntl } from 'react-intl';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { curveMonotoneX } from '@visx/curve';
import { atMost, CHART_FONT, CHART_FONT_FAMILY, labelWidth, tickCount, useChartWidth } from './useChartWidth';
import { formatDate, formatNum } from '@/i18n/format';

export const MAX_TIME_TICKS = 8;
export const SERIES_COLOUR: Record<string, string> = { moisture: '#2e7d32', temperature: '#c62828' };
export { atMost };

const single = defineMessage<{ label: string; value: string; time: string }>({
  id: 'chart.singleReading',
  defaultMessage: '{label}: only one reading so far, {value} at {time}. More readings are needed to show a trend.',
});

type Point = { timestamp: string; value: number };

const MARGIN = { top: 12, right: 20, bottom: 40, left: 56 };
const TICK = { fontSize: CHART_FONT, fontFamily: CHART_FONT_FAMILY, fill: '#3d4a40' } as const;

/** Every local midnight within [start, end]. */
function midnights(start: Date, end: Date): Date[] {
  const out: Date[] = [];
  const d = new Date(start);
  d.setHours(0, 0, 0, 0);
  if (d < start) d.setDate(d.getDate() + 1);
  for (; d <= end; d.setDate(d.getDate() + 1)) out.push(new Date(d));
  return out;
}

export function SensorTimelineChart({ type, readings, unitLabel, height = 220 }: { type: string; readings: Point[]; unitLabel: string; height?: number }) {
  const intl = useIntl();
  const [frame, width] = useChartWidth(560);
  const points = readings.map((r) => ({ t: new Date(r.timestamp), v: r.value })).sort((a, b) => +a.t - +b.t);
  const num = (v: number) => formatNum(v, { maximumFractionDigits: 1 });
  const when = (d: Date) => formatDate(intl, d, 'dayMonthTime');
  if (points.length === 1) {
    return (
      <div className="chart-frame" ref={frame}>
        <p className="chart-single" data-series={type}>
          {intl.formatMessage(single, { label: unitLabel, value: num(points[0].v), time: when(points[0].t) })}
        </p>
      </div>
    );
  }
  const innerW = Math.max(40, width - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const times = points.map((p) => +p.t);
  const values = points.map((p) => p.v);
  const x = scaleTime({ domain: [new Date(Math.min(...times)), new Date(Math.max(...times))], range: [0, innerW] });
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const y = scaleLinear({ domain: [lo === hi ? lo - 1 : lo, lo === hi ? hi + 1 : hi], range: [innerH, 0], nice: true });
  const colour = SERIES_COLOUR[type] ?? '#1565c0';
  // Over more than a day and a half the labels are days (one tick a day, thinned to what fits); over a
  // shorter span they are times of day.
  const [start, end] = x.domain();
  const byDay = +end - +start > 36 * 3600_000;
  const label = (d: Date) =>
    byDay
      ? formatDate(intl, d, 'dayMonth')
      : formatDate(intl, d, 'time');
  const fits = tickCount(innerW, labelWidth(label(end)), MAX_TIME_TICKS);
  const ticks = atMost(byDay ? midnights(start, end) : x.ticks(fits), fits);
  return (
    <div className="chart-frame" ref={frame}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={unitLabel} data-series={type}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <LinePath data={points} x={(p) => x(p.t)} y={(p) => y(p.v)} stroke={colour} strokeWidth={2} curve={curveMonotoneX} />
          <AxisLeft
            scale={y}
            numTicks={Math.max(2, Math.min(5, Math.floor(innerH / 28)))}
            label={unitLabel}
            labelProps={{ ...TICK, textAnchor: 'middle' }}
            labelOffset={32}
            tickFormat={(v) => num(Number(v))}
            tickLabelProps={{ ...TICK, textAnchor: 'end', dx: -2, dy: 4 }}
          />
          <AxisBottom top={innerH} scale={x} tickValues={ticks} tickFormat={(d) => label(d as Date)} tickLabelProps={{ ...TICK, textAnchor: 'middle' }} />
        </Group>
      </svg>
    </div>
  );
}
