/**
 * /analytics: period and report type selects, Apply Filters and Export Report, four stat cards and the
 * Performance Metrics, Field Health Distribution, Crop Distribution and Detailed Reports panels.
 */
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { analyticsMachine, type Analytics, type Period, type ReportType } from '@/machines/analytics.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { cropLabel } from '@/views/ui/cropLabels';
import { useT } from '@/i18n/useT';
import { m } from './analyticsMessages';
import './analytics.css';
import { formatNum } from '@/i18n/format';

const PERIODS: Period[] = ['week', 'month', 'quarter', 'year'];
const REPORTS: ReportType[] = ['overview', 'performance', 'fieldHealth', 'yield'];
const REPORT_LIST = [m.rFarmer, m.rField, m.rYield, m.rWater, m.rIssues, m.rSeasonal];

export function AnalyticsView({ logic }: { logic?: typeof analyticsMachine }) {
  const intl = useIntl();
  const [snap, send] = useMachine(useMemo(() => logic ?? analyticsMachine, [logic]));
  const { period, report, analytics, exportNotice } = snap.context;
  const loading = snap.hasTag('loading');
  const empty = analytics != null && analytics.totalFarmers === 0 && analytics.totalFields === 0;
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page analytics-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <div className="analytics-filters">
          <label>
            {intl.formatMessage(m.period)}{' '}
            <select value={period} onChange={(e) => send({ type: 'period.change', period: e.target.value as Period })}>
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {intl.formatMessage(m[p])}
                </option>
              ))}
            </select>
          </label>
          <label>
            {intl.formatMessage(m.report)}{' '}
            <select value={report} onChange={(e) => send({ type: 'report.change', report: e.target.value as ReportType })}>
              {REPORTS.map((r) => (
                <option key={r} value={r}>
                  {intl.formatMessage(m[r])}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button-primary" disabled={loading} onClick={() => send({ type: 'filters.apply' })}>
            {intl.formatMessage(m.apply)}
          </button>
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'export.click' })}>
            {intl.formatMessage(m.export)}
          </button>
        </div>
        {exportNotice ? (
          <p role="status" className="banner banner-info">
            {intl.formatMessage(m.exportSoon)}{' '}
            <button type="button" className="button button-quiet" onClick={() => send({ type: 'notice.dismiss' })}>
              {intl.formatMessage(m.dismiss)}
            </button>
          </p>
        ) : null}
        {snap.matches('failed') ? (
          <p role="alert" className="banner banner-error">
            {intl.formatMessage(m.failed)}
          </p>
        ) : null}
        {loading ? <p className="loading">{intl.formatMessage(m.loading)}</p> : null}
        {snap.matches('failed') || empty ? <p className="notice">{intl.formatMessage(m.empty)}</p> : null}
        {snap.matches('ready') && analytics && !empty ? <Figures a={analytics} /> : null}
      </main>
    </>
  );
}

function Change({ value }: { value: number }) {
  const t = useT();
  const up = value > 0;
  const down = value < 0;
  return (
    <span className={up ? 'trend trend-up' : down ? 'trend trend-down' : 'trend'}>
      {up ? '▲ ' : down ? '▼ ' : ''}
      {t(m.change, { value: `${up ? '+' : ''}${formatNum(value)}` })}
    </span>
  );
}

function Figures({ a }: { a: Analytics }) {
  const intl = useIntl();
  const t = useT();
  const num = (n: number) => formatNum(n);
  // Without a recorded harvest the average is over no field: '--', not a 0 % yield.
  const noYield = a.yieldFields === 0;
  const stats = [
    [m.totalFarmers, num(a.totalFarmers)],
    [m.totalFields, num(a.totalFields)],
    [m.avgYield, noYield ? '--' : `${num(a.averageYield)}%`, noYield ? intl.formatMessage(m.noHarvestYet) : undefined],
    // The spec's 'Active Fields' card displays the total fields.
    [m.activeFields, num(a.totalFields)],
  ] as const;
  return (
    <>
      <section className="cards">
        {stats.map(([label, value, hint]) => (
          <div className="card stat" key={label.id}>
            <span className="stat-label">{intl.formatMessage(label)}</span>
            <span className="stat-value">{value}</span>
            {hint && <span className="muted">{hint}</span>}
          </div>
        ))}
      </section>
      <div className="analytics-panels">
        <section className="card" aria-labelledby="an-perf">
          <h2 id="an-perf">{intl.formatMessage(m.performanceTitle)}</h2>
          <dl className="analytics-metrics">
            <dt>{intl.formatMessage(m.water)}</dt>
            <dd data-testid="water">
              {t(m.litres, { value: num(a.waterUsage.current) })} <Change value={a.waterUsage.change} />
            </dd>
            <dt>{intl.formatMessage(m.pests)}</dt>
            <dd data-testid="pests">
              {num(a.pestIssues.current)} <Change value={a.pestIssues.change} />
            </dd>
          </dl>
          <small className="stat-note">{intl.formatMessage(m.waterNote)}</small>
        </section>
        <section className="card" aria-labelledby="an-health">
          <h2 id="an-health">{intl.formatMessage(m.healthTitle)}</h2>
          <ul className="analytics-list">
            {(['excellent', 'good', 'fair', 'poor'] as const).map((k) => (
              <li key={k} className={`health-${k}`}>
                <span>{intl.formatMessage(m[k])}</span> <strong>{num(a.fieldHealth[k])}</strong>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="an-crops">
          <h2 id="an-crops">{intl.formatMessage(m.cropTitle)}</h2>
          <ul className="analytics-list">
            {Object.entries(a.cropDistribution).map(([crop, pct]) => (
              <li key={crop}>
                <span>{cropLabel(intl, crop)}</span> <strong>{num(pct)}%</strong>
                <span className="bar" style={{ width: `${pct}%` }} aria-hidden="true" />
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="an-reports">
          <h2 id="an-reports">{intl.formatMessage(m.reportsTitle)}</h2>
          <ul className="analytics-list">
            {REPORT_LIST.map((r) => (
              <li key={r.id}>{intl.formatMessage(r)}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
