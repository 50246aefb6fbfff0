/** One recommendation: crop, field, figures, risks and actions, and the lifecycle buttons its status allows. */
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useT } from '@/i18n/useT';
import { cropLabel } from '@/views/ui/cropLabels';
import type { RecommendationCard as CardActor } from '@/machines/recommendations.machine';
import { LEVEL, m, SEASON, STATUS } from './recommendationMessages';
import { formatDate, formatNum } from '@/i18n/format';


export function RecommendationCard({ actor }: { actor: CardActor }) {
  const intl = useIntl();
  const t = useT();
  const rec = useSelector(actor, (s) => s.context.rec);
  const busy = useSelector(actor, (s) => s.hasTag('submitting'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const can = {
    approve: useSelector(actor, (s) => s.can({ type: 'recommendation.approve' })),
    reject: useSelector(actor, (s) => s.can({ type: 'recommendation.reject' })),
    implement: useSelector(actor, (s) => s.can({ type: 'recommendation.implement' })),
  };
  const season = SEASON[rec.season as keyof typeof SEASON];
  const num = (n: number) => formatNum(n, { maximumFractionDigits: 3 });
  return (
    <article className="card rec-card" data-rec-id={rec._id} aria-busy={busy} aria-labelledby={`rec-${rec._id}`}>
      <header className="rec-head">
        <h3 id={`rec-${rec._id}`}>{cropLabel(intl, rec.cropName)}</h3>
        <span className={`rec-status rec-status-${rec.status}`} data-testid="rec-status">
          {intl.formatMessage(STATUS[rec.status])}
        </span>
      </header>
      <p className="rec-field">
        {rec.fieldName} · {rec.fieldCode} · {season ? intl.formatMessage(season) : rec.season}
      </p>
      <dl className="rec-figures">
        <div>
          <dt>{intl.formatMessage(m.confidence)}</dt>
          <dd>{num(rec.confidence)}%</dd>
        </div>
        {rec.expectedYield != null ? (
          <div>
            <dt>{intl.formatMessage(m.expectedYield)}</dt>
            <dd>{t(m.yieldValue, { value: num(rec.expectedYield) })}</dd>
          </div>
        ) : null}
        {rec.plantingDate ? (
          <div>
            <dt>{intl.formatMessage(m.plantingDate)}</dt>
            <dd>{formatDate(intl, rec.plantingDate, 'date')}</dd>
          </div>
        ) : null}
        {rec.marketConditions.currentPrice != null ? (
          <div>
            <dt>{intl.formatMessage(m.price)}</dt>
            <dd>{t(m.priceValue, { price: num(rec.marketConditions.currentPrice) })}</dd>
          </div>
        ) : null}
      </dl>
      {rec.riskFactors.length ? (
        <section>
          <h4>{intl.formatMessage(m.risks)}</h4>
          <ul className="rec-list">
            {rec.riskFactors.map((r) => (
              <li key={r.factor}>
                <span className={`rec-level rec-level-${r.severity}`}>{intl.formatMessage(LEVEL[r.severity])}</span> {r.factor}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h4>{intl.formatMessage(m.actions)}</h4>
        <ul className="rec-list">
          {rec.recommendations.map((a) => (
            <li key={a.description}>
              <span className={`rec-level rec-level-${a.priority}`}>{intl.formatMessage(LEVEL[a.priority])}</span> {a.description} · {a.timeline}
              {a.cost > 0 ? ` · ${t(m.cost, { cost: num(a.cost) })}` : ''}
            </li>
          ))}
        </ul>
      </section>
      {failed ? (
        <p role="alert" className="banner banner-error">
          {intl.formatMessage(m.statusFailed)}
        </p>
      ) : null}
      <div className="rec-actions">
        {can.approve || (busy && rec.status === 'pending') ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => actor.send({ type: 'recommendation.approve' })}>
            {intl.formatMessage(m.approve)}
          </button>
        ) : null}
        {can.reject || (busy && rec.status === 'pending') ? (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => actor.send({ type: 'recommendation.reject' })}>
            {intl.formatMessage(m.reject)}
          </button>
        ) : null}
        {can.implement || (busy && rec.status !== 'rejected') ? (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => actor.send({ type: 'recommendation.implement' })}>
            {intl.formatMessage(m.implement)}
          </button>
        ) : null}
      </div>
    </article>
  );
}
