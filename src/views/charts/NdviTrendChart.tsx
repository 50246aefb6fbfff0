/**
 * NDVI trend line (visx), y axis fixed 0–1 as the spec asks, dates along x. Drawn in real pixels at the
 * width of its container, with as many date labels as fit.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useIntl } from 'react-intl';
import { formatDate } from '@/i18n/format';
import { atMost, CHART_FONT_FAMILY, labelWidth, tickCount, useChartWidth } from './useChartWidth';

export type NdviPoint = { date: string; ndvi: number };

const MAX_W = 640;
const H = 240;
const M = { top: 12, right: 20, bottom: 40, left: 52 };
const TICK = { fontSize: 13, fontFamily: CHART_FONT_FAMILY, fill: '#516155' } as const;
const dateOf = (p: NdviPoint) => new Date(`${p.date}T00:00:00Z`);

export function NdviTrendChart({ points, label }: { points: NdviPoint[]; label: string }) {
  const intl = useIntl();
  const [frame, measured] = useChartWidth(480);
  const W = Math.min(MAX_W, measured);
  if (points.length === 0) return null;
  const x = scaleTime({ domain: [dateOf(points[0]), dateOf(points[points.length - 1])], range: [0, W - M.left - M.right] });
  const y = scaleLinear({ domain: [0, 1], range: [H - M.top - M.bottom, 0] });
  const fits = tickCount(W - M.left - M.right, labelWidth('30 सप्टें.', 13), 6);
  return (
    <div className="ndvi-chart" ref={frame}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <Group left={M.left} top={M.top}>
          <GridRows scale={y} width={W - M.left - M.right} tickValues={[0, 0.25, 0.5, 0.75, 1]} stroke="#d1d5db" />
          <LinePath data={points} x={(p) => x(dateOf(p))} y={(p) => y(p.ndvi)} stroke="#15803d" strokeWidth={2.5} curve={curveMonotoneX} />
          <AxisLeft scale={y} tickValues={[0, 0.25, 0.5, 0.75, 1]} tickFormat={(v) => Number(v).toFixed(2)} tickLabelProps={{ ...TICK, textAnchor: 'end', dx: -4, dy: 4 }} />
          <AxisBottom
            top={H - M.top - M.bottom}
            scale={x}
            tickValues={atMost(x.ticks(fits), fits)}
            tickFormat={(d) => formatDate(intl, d as Date, 'dayMonth', 'UTC')}
            tickLabelProps={{ ...TICK, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </div>
  );
}
