/**
 * /advanced-analytics: a field and a time range, Refresh Data, four cards (sensor trends, crop
 * performance, soil health, financial overview) each opening its report, and an insights block.
 * Unlike the spec's fixed sample data, every figure comes from the field's records on the server
 * (GET /advanced-analytics); a card with nothing recorded says so. Runs in advancedAnalyticsMachine.
 */
import { useMemo, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { advancedAnalyticsMachine, RANGES, type AdvancedAnalytics, type Card, type Range } from '@/machines/advancedAnalytics.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { useT } from '@/views/staff/useT';
import { cropLabel } from '@/views/ui/cropLabels';
import { m } from './advancedMessages';
import './advanced.css';
import { seasonLabel } from '../ui/farmWords';
import { formatDate, formatNum, formatMoney } from '@/i18n/format';
import { languageOfTag } from '../../../contracts/languages';

const UNIT: Record<string, string> = { moisture: '%', temperature: ' °C', humidity: '%', ph: '', nitrogen: '', weather: '' };
/** A change smaller than this (in the reading's unit) reads as steady. */
const STEADY = 0.5;

function useFmt() {
  const intl = useIntl();
  return {
    num: (n: number, digits = 1) => formatNum(n, { maximumFractionDigits: digits }),
    money: (n: number) => formatMoney(n),
    date: (d: string) => formatDate(intl, d, 'date'),
    crop: (name: string) => cropLabel(intl, name),
    season: (s: string | null) => seasonLabel(intl, s),
  };
}

export function AdvancedAnalyticsView({ logic }: { logic?: typeof advancedAnalyticsMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? advancedAnalyticsMachine, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page adv-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <p className="banner banner-info">{intl.formatMessage(m.honest)}</p>
        <AdvancedAnalyticsContext.Provider logic={machine}>
          <Toolbar />
          <Status />
          <Cards />
          <Detail />
          <Insights />
        </AdvancedAnalyticsContext.Provider>
      </main>
    </>
  );
}

function Toolbar() {
  const t = useT();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const fields = AdvancedAnalyticsContext.useSelector((s) => s.context.fields);
  const fieldId = AdvancedAnalyticsContext.useSelector((s) => s.context.fieldId);
  const range = AdvancedAnalyticsContext.useSelector((s) => s.context.range);
  const canSelect = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'range.select', range: '7d' }));
  const canRefresh = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'data.refresh' }));
  return (
    <div className="adv-toolbar">
      <label>
        {t(m.field)}{' '}
        <select value={fieldId} disabled={!canSelect || fields.length === 0} onChange={(e) => send({ type: 'field.select', fieldId: e.target.value })}>
          {fields.map((f) => (
            <option key={f._id} value={f._id}>
              {f.name} ({f.fieldId})
            </option>
          ))}
        </select>
      </label>
      <label>
        {t(m.range)}{' '}
        <select value={range} disabled={!canSelect} onChange={(e) => send({ type: 'range.select', range: e.target.value as Range })}>
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {t(m[`range.${r}`])}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button-secondary" disabled={!canRefresh} onClick={() => send({ type: 'data.refresh' })}>
        {t(m.refresh)}
      </button>
    </div>
  );
}

function Status() {
  const t = useT();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const loading = AdvancedAnalyticsContext.useSelector((s) => s.hasTag('loading'));
  const failure = AdvancedAnalyticsContext.useSelector((s) => (s.matches('failed') ? s.context.failure : null));
  const noFields = AdvancedAnalyticsContext.useSelector((s) => s.matches('noFields'));
  if (loading) return <p className="loading">{t(m.loading)}</p>;
  if (noFields) return <p className="card adv-empty">{t(m.noFields)}</p>;
  if (!failure) return null;
  return (
    <div role="alert" className="banner banner-error">
      {t(failure === 'fields' ? m.fieldsFailed : m.failed)}{' '}
      <button type="button" className="button button-secondary" onClick={() => send({ type: 'data.retry' })}>
        {t(m.retry)}
      </button>
    </div>
  );
}

type A = AdvancedAnalytics;
type T = ReturnType<typeof useT>;
type Fmt = ReturnType<typeof useFmt>;

const sensorName = (t: T, type: string) => (`sensor.${type}` in m ? t(m[`sensor.${type}` as 'sensor.moisture']) : type);
const cropStatus = (t: T, s: string) => (`crop.${s}` in m ? t(m[`crop.${s}` as 'crop.growing']) : s);

function trendText(t: T, f: Fmt, type: string, change: number | null) {
  if (change == null) return t(m.noTrend);
  if (Math.abs(change) < STEADY) return t(m.steady);
  const values = { change: f.num(Math.abs(change)), unit: UNIT[type] ?? '' };
  return t(change > 0 ? m.rising : m.falling, values);
}

/** Each card's one-line summary, or the honest 'nothing recorded' line. */
function summaries(a: A, t: T, f: Fmt): Record<Card, { title: MessageDescriptor; body: ReactNode; empty: boolean }> {
  const crop = a.crop;
  const soil = a.soil;
  const soilTested = [soil.ph, soil.nitrogen, soil.phosphorus, soil.potassium, soil.organicMatter].some((v) => v != null) || soil.sensorPh != null;
  const dash = (v: number | null) => (v == null ? '--' : f.num(v));
  const money = a.financial;
  return {
    sensors: {
      title: m.sensorsTitle,
      empty: a.sensorTrends.length === 0,
      body:
        a.sensorTrends.length === 0 ? (
          t(m.sensorsNone)
        ) : (
          <ul className="adv-lines">
            {a.sensorTrends.map((s) => (
              <li key={s.type}>
                <strong>{sensorName(t, s.type)}</strong>: {t(m.sensorLine, { average: f.num(s.average), latest: f.num(s.latest), unit: UNIT[s.type] ?? '' })} ·{' '}
                {trendText(t, f, s.type, s.change)}
              </li>
            ))}
          </ul>
        ),
    },
    crop: {
      title: m.cropTitle,
      empty: !crop.cropName && crop.history.length === 0,
      body: crop.cropName ? (
        <>
          <p>{t(m.cropLine, { crop: f.crop(crop.cropName), status: cropStatus(t, crop.status) })}</p>
          <p>{crop.achievedPercent != null ? t(m.achieved, { percent: f.num(crop.achievedPercent) }) : t(m.yieldPending)}</p>
        </>
      ) : (
        t(m.cropNone)
      ),
    },
    soil: {
      title: m.soilTitle,
      empty: !soilTested,
      body: soilTested ? (
        <>
          <p>{t(m.soilLine, { ph: dash(soil.ph ?? soil.sensorPh), n: dash(soil.nitrogen), p: dash(soil.phosphorus), k: dash(soil.potassium) })}</p>
          {soil.lastTested ? <p className="muted">{t(m.soilTested, { date: f.date(soil.lastTested) })}</p> : null}
        </>
      ) : (
        t(m.soilNone)
      ),
    },
    financial: {
      title: m.moneyTitle,
      empty: money == null,
      body: money ? (
        <>
          <p>
            {t(m.moneyLine, {
              cost: f.money(money.totalCost),
              revenue: money.revenueActual ?? money.revenueExpected ? f.money((money.revenueActual ?? money.revenueExpected)!) : '--',
            })}
          </p>
          <p>
            {money.profit == null
              ? t(m.noRevenue)
              : t(money.profitBasis === 'actual' ? m.profitActual : m.profitExpected, { profit: f.money(money.profit) })}
          </p>
        </>
      ) : (
        t(m.moneyNone)
      ),
    },
  };
}

const CARDS: Card[] = ['sensors', 'crop', 'soil', 'financial'];

function Cards() {
  const t = useT();
  const f = useFmt();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const a = AdvancedAnalyticsContext.useSelector((s) => s.context.analytics);
  const canOpen = AdvancedAnalyticsContext.useSelector((s) => s.can({ type: 'detail.open', card: 'sensors' }));
  const shown = AdvancedAnalyticsContext.useSelector((s) => s.matches('ready'));
  if (!a || !shown) return null;
  const all = summaries(a, t, f);
  return (
    <section className="adv-cards">
      {CARDS.map((card) => (
        <article key={card} className={`card adv-card${all[card].empty ? ' adv-card-empty' : ''}`} aria-labelledby={`adv-${card}`}>
          <h2 id={`adv-${card}`}>{t(all[card].title)}</h2>
          <div className="adv-card-body">{all[card].body}</div>
          <button
            type="button"
            className="button button-quiet"
            aria-label={`${t(m.viewReport)}: ${t(all[card].title)}`}
            disabled={!canOpen}
            onClick={() => send({ type: 'detail.open', card })}
          >
            {t(m.viewReport)}
          </button>
        </article>
      ))}
    </section>
  );
}

function Detail() {
  const t = useT();
  const f = useFmt();
  const { send } = AdvancedAnalyticsContext.useActorRef();
  const card = AdvancedAnalyticsContext.useSelector((s) => (s.matches({ ready: 'detail' }) ? s.context.detail : null));
  const a = AdvancedAnalyticsContext.useSelector((s) => s.context.analytics);
  if (!card || !a) return null;
  const title = summaries(a, t, f)[card].title;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="adv-detail-title" className="card adv-dialog">
      <h2 id="adv-detail-title">
        {t(title)} · {a.field.name} · {t(m[`range.${a.range as Range}`])}
      </h2>
      {card === 'sensors' ? <SensorReport a={a} /> : null}
      {card === 'crop' ? <CropReport a={a} /> : null}
      {card === 'soil' ? <SoilReport a={a} /> : null}
      {card === 'financial' ? <MoneyReport a={a} /> : null}
      <button type="button" className="button button-quiet" onClick={() => send({ type: 'detail.close' })}>
        {t(m.close)}
      </button>
    </div>
  );
}

function Pairs({ rows }: { rows: [MessageDescriptor, string][] }) {
  const t = useT();
  return (
    <dl className="adv-pairs">
      {rows.map(([label, value]) => (
        <div key={label.id}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SensorReport({ a }: { a: A }) {
  const t = useT();
  const f = useFmt();
  if (a.sensorTrends.length === 0) return <p>{t(m.sensorsNone)}</p>;
  return (
    <>
      {a.sensorTrends.map((s) => (
        <section key={s.type} className="adv-report">
          <h3>
            {sensorName(t, s.type)} · {t(m.readings, { count: s.readings })} · {trendText(t, f, s.type, s.change)}
          </h3>
          <table className="adv-table">
            <thead>
              <tr>
                <th>{t(m.period)}</th>
                <th>{t(m.average)}</th>
                <th>{t(m.count)}</th>
              </tr>
            </thead>
            <tbody>
              {s.series.map((b) => (
                <tr key={b.bucket}>
                  <td>{f.date(b.bucket)}</td>
                  <td>
                    {f.num(b.average)}
                    {UNIT[s.type] ?? ''}
                  </td>
                  <td>{f.num(b.readings, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {t(m.min)} {f.num(s.min)}
            {UNIT[s.type] ?? ''} · {t(m.max)} {f.num(s.max)}
            {UNIT[s.type] ?? ''}
          </p>
        </section>
      ))}
    </>
  );
}

function CropReport({ a }: { a: A }) {
  const t = useT();
  const f = useFmt();
  const c = a.crop;
  const none = t(m.notRecorded);
  const amount = (v: number | null) => (v == null ? none : t(m.amount, { value: f.num(v), unit: c.yieldUnit }));
  return (
    <>
      {c.cropName ? (
        <Pairs
          rows={[
            [m.cropTitle, t(m.cropLine, { crop: f.crop(c.cropName), status: cropStatus(t, c.status) })],
            [m.variety, c.variety ?? none],
            [m.planted, c.plantedDate ? f.date(c.plantedDate) : none],
            [m.harvestDue, c.expectedHarvest ? f.date(c.expectedHarvest) : none],
            [m.expected, amount(c.yieldExpected)],
            [m.actual, amount(c.yieldActual)],
          ]}
        />
      ) : (
        <p>{t(m.cropNone)}</p>
      )}
      <h3>{t(m.history)}</h3>
      {c.history.length === 0 ? (
        <p>{t(m.historyNone)}</p>
      ) : (
        <table className="adv-table">
          <thead>
            <tr>
              <th>{t(m.cropTitle)}</th>
              <th>{t(m.season)}</th>
              <th>{t(m.harvested)}</th>
              <th>{t(m.yield)}</th>
            </tr>
          </thead>
          <tbody>
            {c.history.map((h, i) => (
              <tr key={`${h.crop}-${h.harvestedDate ?? i}`}>
                <td>{f.crop(h.crop)}</td>
                <td>{f.season(h.season) ?? '--'}</td>
                <td>{h.harvestedDate ? f.date(h.harvestedDate) : '--'}</td>
                <td>{h.yield == null ? '--' : t(m.amount, { value: f.num(h.yield), unit: h.yieldUnit })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function SoilReport({ a }: { a: A }) {
  const t = useT();
  const f = useFmt();
  const s = a.soil;
  const none = t(m.notRecorded);
  const v = (n: number | null) => (n == null ? none : f.num(n));
  return (
    <Pairs
      rows={[
        [m.soilType, s.soilType ?? none],
        [m.ph, v(s.ph)],
        [m.sensorPh, v(s.sensorPh)],
        [m.organicMatter, v(s.organicMatter)],
        [m.nitrogen, v(s.nitrogen)],
        [m.phosphorus, v(s.phosphorus)],
        [m.potassium, v(s.potassium)],
        [m.lastTested, s.lastTested ? f.date(s.lastTested) : none],
      ]}
    />
  );
}

function MoneyReport({ a }: { a: A }) {
  const t = useT();
  const f = useFmt();
  const money = a.financial;
  if (!money) return <p>{t(m.moneyNone)}</p>;
  const none = t(m.notRecorded);
  return (
    <Pairs
      rows={[
        [m.seeds, f.money(money.costs.seeds)],
        [m.fertilizers, f.money(money.costs.fertilizers)],
        [m.pesticides, f.money(money.costs.pesticides)],
        [m.labor, f.money(money.costs.labor)],
        [m.irrigation, f.money(money.costs.irrigation)],
        [m.other, f.money(money.costs.other)],
        [m.totalCost, f.money(money.totalCost)],
        [m.revenueExpected, money.revenueExpected == null ? none : f.money(money.revenueExpected)],
        [m.revenueActual, money.revenueActual == null ? none : f.money(money.revenueActual)],
      ]}
    />
  );
}

function Insights() {
  const intl = useIntl();
  const t = useT();
  const f = useFmt();
  const a = AdvancedAnalyticsContext.useSelector((s) => (s.matches('ready') ? s.context.analytics : null));
  if (!a) return null;
  const lang = languageOfTag(intl.locale);
  return (
    <section className="card adv-insights" aria-labelledby="adv-insights-title">
      <h2 id="adv-insights-title">{t(m.insightsTitle)}</h2>
      {a.insights.length === 0 ? (
        <p>{t(m.insightsNone)}</p>
      ) : (
        <ul className="adv-lines">
          {a.insights.map((i) => (
            <li key={i.id} data-priority={i.priority}>
              {i.message[lang]}
            </li>
          ))}
        </ul>
      )}
      {a.weatherEstimated && a.insights.length > 0 ? <p className="muted">{t(m.weatherEstimated)}</p> : null}
      {a.recommendations.length > 0 ? (
        <>
          <h3>{t(m.recsTitle)}</h3>
          <ul className="adv-lines">
            {a.recommendations.map((r) => (
              <li key={r._id}>
                {t(m.recLine, {
                  crop: cropLabel(intl, r.cropName),
                  confidence: f.num(r.confidence, 0),
                  status: `rec.${r.status}` in m ? t(m[`rec.${r.status}` as 'rec.pending']) : r.status,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
