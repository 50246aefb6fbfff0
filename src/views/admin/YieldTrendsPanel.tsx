/**
 * The admin dashboard's yield trends and field health panel (spec section 2): period, crops, Line/Bar,
 * Show Points and Smooth Lines, Export Image and Export CSV over the chart, then the Field Health
 * Summary tiles. Sends events to the yieldTrends machine and reads it; draws nothing it computes.
 */
import { useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { shallowEqual } from '@xstate/react';
import { YieldTrendsContext } from '@/machines/yieldTrends.context';
import { shownTable, type ChartKind } from '@/machines/yieldTrends.machine';
import { hasYields, YIELD_PERIODS, type YieldPeriod } from '@/machines/yieldTrendsRules';
import { PALETTE, YieldTrendsChart } from '../charts/YieldTrendsChart';
import { cropLabel } from '../ui/cropLabels';
import { useT } from '@/i18n/useT';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'yieldTrends.title', defaultMessage: 'Yield Trends' },
  period: { id: 'yieldTrends.period', defaultMessage: 'Period' },
  last6months: { id: 'yieldTrends.period.last6months', defaultMessage: 'Last 6 Months' },
  last12months: { id: 'yieldTrends.period.last12months', defaultMessage: 'Last 12 Months' },
  thisYear: { id: 'yieldTrends.period.thisYear', defaultMessage: 'This Year' },
  crops: { id: 'yieldTrends.crops', defaultMessage: 'Crops' },
  csvMonth: { id: 'yieldTrends.csv.month', defaultMessage: 'Month' },
  csvYear: { id: 'yieldTrends.csv.year', defaultMessage: 'Year' },
  allCrops: { id: 'yieldTrends.allCrops', defaultMessage: 'All Crops' },
  chartType: { id: 'yieldTrends.chartType', defaultMessage: 'Chart type' },
  line: { id: 'yieldTrends.line', defaultMessage: 'Line' },
  bar: { id: 'yieldTrends.bar', defaultMessage: 'Bar' },
  showPoints: { id: 'yieldTrends.showPoints', defaultMessage: 'Show Points' },
  smooth: { id: 'yieldTrends.smooth', defaultMessage: 'Smooth Lines' },
  exportImage: { id: 'yieldTrends.exportImage', defaultMessage: 'Export Image' },
  exportCsv: { id: 'yieldTrends.exportCsv', defaultMessage: 'Export CSV' },
  loading: { id: 'yieldTrends.loading', defaultMessage: 'Loading yield trends…' },
  failed: { id: 'yieldTrends.failed', defaultMessage: 'Failed to load yield trends' },
  retry: { id: 'yieldTrends.retry', defaultMessage: 'Retry' },
  empty: { id: 'yieldTrends.empty', defaultMessage: 'No harvests recorded in this period.' },
  axis: { id: 'yieldTrends.axis', defaultMessage: 'Average yield (quintal)' },
  chartTitle: { id: 'yieldTrends.chartTitle', defaultMessage: 'Average yield per crop and month, in quintals' },
  imageFailed: { id: 'yieldTrends.imageFailed', defaultMessage: 'Could not export the chart image.' },
  dismiss: { id: 'yieldTrends.dismiss', defaultMessage: 'Dismiss' },
  health: { id: 'fieldHealth.title', defaultMessage: 'Field Health Summary' },
  healthy: { id: 'fieldHealth.healthy', defaultMessage: 'Healthy' },
  needsAttention: { id: 'fieldHealth.needsAttention', defaultMessage: 'Needs Attention' },
  critical: { id: 'fieldHealth.critical', defaultMessage: 'Critical' },
  healthyHint: { id: 'fieldHealth.healthy.hint', defaultMessage: 'Active fields' },
  needsAttentionHint: { id: 'fieldHealth.needsAttention.hint', defaultMessage: 'Under maintenance or inactive' },
  criticalHint: { id: 'fieldHealth.critical.hint', defaultMessage: 'Harvested' },
  healthLoading: { id: 'fieldHealth.loading', defaultMessage: 'Loading field health summary…' },
  healthFailed: { id: 'fieldHealth.failed', defaultMessage: 'Failed to load field health summary' },
});

const KINDS: ChartKind[] = ['line', 'bar'];

export function YieldTrendsPanel() {
  const t = useT();
  return (
    <section className="staff-panel yield-panel" aria-label={t(m.title)}>
      <h2>{t(m.title)}</h2>
      <YieldTrends />
      <FieldHealthSummary />
    </section>
  );
}

function YieldTrends() {
  const intl = useIntl();
  const t = useT();
  const actor = YieldTrendsContext.useActorRef();
  const svgRef = useRef<SVGSVGElement>(null);
  const c = YieldTrendsContext.useSelector(
    (s) => ({ period: s.context.period, selected: s.context.selected, crops: s.context.crops, kind: s.context.kind, showPoints: s.context.showPoints, smooth: s.context.smooth, notice: s.context.notice }),
    shallowEqual,
  );
  const table = YieldTrendsContext.useSelector((s) => shownTable(s.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const loading = YieldTrendsContext.useSelector((s) => s.hasTag('trendsLoading'));
  const exporting = YieldTrendsContext.useSelector((s) => s.hasTag('exporting'));
  const failed = YieldTrendsContext.useSelector((s) => s.matches({ trends: 'failed' }));
  const ready = YieldTrendsContext.useSelector((s) => s.matches({ trends: 'ready' }));
  const canExport = YieldTrendsContext.useSelector((s) => s.can({ type: 'export.csv' }));
  const canPoints = YieldTrendsContext.useSelector((s) => s.can({ type: 'chart.points' }));
  const exportImage = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('width', String(width));
    copy.setAttribute('height', String(height));
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    actor.send({ type: 'export.image', image: { svg: new XMLSerializer().serializeToString(copy), width, height } });
  };
  return (
    <div className="yield-trends" data-testid="yield-trends" aria-busy={loading}>
      <div className="toolbar yield-toolbar">
        <label>
          {t(m.period)}{' '}
          <select value={c.period} onChange={(e) => actor.send({ type: 'period.change', period: e.target.value as YieldPeriod })}>
            {YIELD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(m[p])}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t(m.chartType)} className="segmented">
          {KINDS.map((k) => (
            <button key={k} type="button" aria-pressed={c.kind === k} onClick={() => actor.send({ type: 'chart.kind', kind: k })}>
              {t(m[k])}
            </button>
          ))}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={c.showPoints} disabled={!canPoints} onChange={() => actor.send({ type: 'chart.points' })} /> {t(m.showPoints)}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={c.smooth} disabled={!canPoints} onChange={() => actor.send({ type: 'chart.smooth' })} /> {t(m.smooth)}
        </label>
        <button type="button" disabled={!canExport || exporting} onClick={exportImage}>
          {t(m.exportImage)}
        </button>
        <button
          type="button"
          disabled={!canExport}
          onClick={() =>
            actor.send({
              type: 'export.csv',
              headings: { month: t(m.csvMonth), year: t(m.csvYear), crops: Object.fromEntries(c.crops.map((crop) => [crop, cropLabel(intl, crop)])) },
            })
          }
        >
          {t(m.exportCsv)}
        </button>
      </div>
      <fieldset className="crop-choices">
        <legend>{t(m.crops)}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={c.selected.length === 0} onChange={() => actor.send({ type: 'crops.all' })} /> {t(m.allCrops)}
        </label>
        {c.crops.map((crop) => (
          <label key={crop} className="checkbox">
            <input type="checkbox" checked={c.selected.includes(crop)} onChange={() => actor.send({ type: 'crops.toggle', crop })} /> {cropLabel(intl, crop)}
          </label>
        ))}
      </fieldset>
      {c.notice === 'imageFailed' && (
        <p role="alert" className="banner-error">
          {t(m.imageFailed)}{' '}
          <button type="button" onClick={() => actor.send({ type: 'notice.dismiss' })}>
            {t(m.dismiss)}
          </button>
        </p>
      )}
      {loading && <p className="muted">{t(m.loading)}</p>}
      {failed && (
        <p role="alert" className="banner-error">
          {t(m.failed)}{' '}
          <button type="button" onClick={() => actor.send({ type: 'trends.retry' })}>
            {t(m.retry)}
          </button>
        </p>
      )}
      {ready && !hasYields(table) && <p className="muted">{t(m.empty)}</p>}
      {ready && hasYields(table) && (
        <YieldTrendsChart
          table={table}
          cropNames={table.crops.map((crop) => cropLabel(intl, crop))}
          colours={table.crops.map((crop) => PALETTE[Math.max(0, c.crops.indexOf(crop)) % PALETTE.length])}
          kind={c.kind}
          showPoints={c.showPoints}
          smooth={c.smooth}
          labels={{ title: t(m.chartTitle), axis: t(m.axis) }}
          svgRef={svgRef}
        />
      )}
    </div>
  );
}

function FieldHealthSummary() {
  const t = useT();
  const actor = YieldTrendsContext.useActorRef();
  const summary = YieldTrendsContext.useSelector((s) => s.context.summary);
  const loading = YieldTrendsContext.useSelector((s) => s.hasTag('summaryLoading'));
  const failed = YieldTrendsContext.useSelector((s) => s.matches({ summary: 'failed' }));
  const n = (v: number) => formatNum(v, { maximumFractionDigits: 3 });
  return (
    <section className="field-health" aria-label={t(m.health)} aria-busy={loading}>
      <h3>{t(m.health)}</h3>
      {loading && <p className="muted">{t(m.healthLoading)}</p>}
      {failed && (
        <p role="alert" className="banner-error">
          {t(m.healthFailed)}{' '}
          <button type="button" onClick={() => actor.send({ type: 'summary.retry' })}>
            {t(m.retry)}
          </button>
        </p>
      )}
      {summary && (
        <div className="health-tiles">
          <div className="card stat health-healthy">
            <span className="stat-label">{t(m.healthy)}</span>
            <span className="stat-value">{n(summary.healthy)}</span>
            <span className="muted">{t(m.healthyHint)}</span>
          </div>
          <div className="card stat health-attention">
            <span className="stat-label">{t(m.needsAttention)}</span>
            <span className="stat-value">{n(summary.needsAttention)}</span>
            <span className="muted">{t(m.needsAttentionHint)}</span>
          </div>
          <div className="card stat health-critical">
            <span className="stat-label">{t(m.critical)}</span>
            <span className="stat-value">{n(summary.critical)}</span>
            <span className="muted">{t(m.criticalHint)}</span>
          </div>
        </div>
      )}
    </section>
  );
}
