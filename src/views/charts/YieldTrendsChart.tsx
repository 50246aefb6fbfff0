/**
 * Average yield per crop and month (admin dashboard's yield trends): lines (optionally smoothed, with
 * points) or grouped bars, months along the bottom, quintals up the side, a legend of the crops.
 * A leaf view: draws the table it is given; `svgRef` lets the panel export the drawing as an image.
 */
import type { Ref } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveLinear, curveMonotoneX } from '@visx/curve';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useIntl } from 'react-intl';
import type { ChartKind } from '@/machines/yieldTrends.machine';
import type { YieldTable } from '@/machines/yieldTrendsRules';
import { atMost, CHART_FONT, CHART_FONT_FAMILY, labelWidth, tickCount, useChartWidth } from './useChartWidth';
import { formatDate, formatNum } from '@/i18n/format';

export const CHART_WIDTH = 760;
export const CHART_HEIGHT = 320;
const M = { top: 16, right: 16, bottom: 32, left: 60 };
/** The spec's palette of 10 colours, one per crop in order. */
export const PALETTE = ['#1f6b3a', '#c2410c', '#1f6b9a', '#a16207', '#7c3aed', '#be185d', '#0f766e', '#4d7c0f', '#b91c1c', '#475569'];
const LEGEND_ROW = 22;
const LEGEND_ITEM = 135;
const FONT = CHART_FONT_FAMILY;

type Props = {
  table: YieldTable;
  /** The crops' names in the reader's language, in the table's order. */
  cropNames: string[];
  /** Each crop's colour, in the table's order (kept per crop, so choosing crops does not repaint them). */
  colours: string[];
  kind: ChartKind;
  showPoints: boolean;
  smooth: boolean;
  labels: { title: string; axis: string };
  svgRef?: Ref<SVGSVGElement>;
};

type Point = { key: string; value: number };

export function YieldTrendsChart({ table, cropNames, colours, kind, showPoints, smooth, labels, svgRef }: Props) {
  const intl = useIntl();
  // Real pixels at the width the panel gives (the export keeps the drawing's own size, from its viewBox).
  const [frame, width] = useChartWidth<HTMLElement>(CHART_WIDTH);
  const keyOf = (r: { year: number; month: number }) => `${r.year}-${r.month}`;
  const monthLabel = new Map(
    table.rows.map((r) => [keyOf(r), formatDate(intl, new Date(r.year, r.month - 1, 1), 'monthYear')]),
  );
  const x = scaleBand({ domain: table.rows.map(keyOf), range: [M.left, width - M.right], padding: 0.2 });
  const max = Math.max(0, ...table.rows.flatMap((r) => r.values.map((v) => v ?? 0)));
  const y = scaleLinear({ domain: [0, max > 0 ? max * 1.1 : 10], range: [CHART_HEIGHT - M.bottom, M.top], nice: true });
  const inner = scaleBand({ domain: table.crops, range: [0, x.bandwidth()], padding: 0.1 });
  const num = (v: number) => formatNum(v, { maximumFractionDigits: 1 });
  const series = table.crops.map((crop, i) => ({
    crop,
    colour: colours[i] ?? PALETTE[i % PALETTE.length],
    points: table.rows.flatMap((r): Point[] => (r.values[i] === null ? [] : [{ key: keyOf(r), value: r.values[i] as number }])),
  }));
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  const legendLeft = width < 480 ? 8 : M.left;
  const perRow = Math.max(1, Math.floor((width - legendLeft) / LEGEND_ITEM));
  const legendRows = Math.ceil(series.length / perRow);
  const keys = table.rows.map(keyOf);
  const fits = tickCount(width - M.left - M.right, labelWidth(monthLabel.get(keys[0] ?? '') ?? 'Jan 26'), 12);
  const monthTicks = atMost(keys, fits);
  const height = CHART_HEIGHT + legendRows * LEGEND_ROW;
  return (
    <figure className="chart yield-chart" ref={frame}>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={labels.title}
        fontFamily={FONT}
        data-kind={kind}
      >
        <rect width={width} height={height} fill="#ffffff" />
        <GridRows scale={y} left={M.left} width={width - M.left - M.right} stroke="#e3ebe3" numTicks={5} />
        {series.map((s) => (
          <Group key={s.crop} data-crop={s.crop} data-points={s.points.length}>
            {kind === 'bar'
              ? s.points.map((p) => (
                  <Bar
                    key={p.key}
                    x={(x(p.key) ?? 0) + (inner(s.crop) ?? 0)}
                    y={y(p.value)}
                    width={inner.bandwidth()}
                    height={CHART_HEIGHT - M.bottom - y(p.value)}
                    fill={s.colour}
                    data-testid="yield-bar"
                  />
                ))
              : (
                  <>
                    <LinePath
                      data={s.points}
                      x={(p) => centre(p.key)}
                      y={(p) => y(p.value)}
                      stroke={s.colour}
                      strokeWidth={2.5}
                      curve={smooth ? curveMonotoneX : curveLinear}
                      data-testid="yield-line"
                      data-smooth={smooth}
                    />
                    {showPoints && s.points.map((p) => <circle key={p.key} cx={centre(p.key)} cy={y(p.value)} r={4} fill={s.colour} data-testid="yield-point" />)}
                  </>
                )}
          </Group>
        ))}
        <AxisLeft scale={y} left={M.left} numTicks={5} label={labels.axis} tickFormat={(v) => num(Number(v))} tickLabelProps={{ fontSize: CHART_FONT, fontFamily: FONT }} labelProps={{ fontSize: CHART_FONT, fontFamily: FONT }} />
        <AxisBottom scale={x} top={CHART_HEIGHT - M.bottom} tickValues={monthTicks} tickFormat={(k) => monthLabel.get(String(k)) ?? ''} tickLabelProps={{ fontSize: CHART_FONT, fontFamily: FONT, textAnchor: 'middle' }} />
        <Group top={CHART_HEIGHT + 4} left={legendLeft}>
          {series.map((s, i) => (
            <g key={s.crop} transform={`translate(${(i % perRow) * LEGEND_ITEM}, ${Math.floor(i / perRow) * LEGEND_ROW + 10})`}>
              <rect width={12} height={12} y={-10} fill={s.colour} />
              <text x={16} fontSize={CHART_FONT} fill="#1d2a20">
                {cropNames[i]}
              </text>
            </g>
          ))}
        </Group>
      </svg>
    </figure>
  );
}
