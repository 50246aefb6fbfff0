/**
 * /ai-recommendations: four stat cards, the field selector with Refresh and 'Generate New
 * Recommendation', the generate dialog, and the recommendation cards. Everything runs in
 * recommendationsMachine; each card in its own recommendation actor.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '@/i18n/useT';
import { RecommendationsContext } from '@/machines/recommendations.context';
import { recommendationsMachine } from '@/machines/recommendations.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { httpErrorMessage } from '@/i18n/httpErrors';
import { RecommendationCard } from './RecommendationCard';
import { m } from './recommendationMessages';
import './recommendations.css';
import { formatNum } from '@/i18n/format';
import { ErrorBanner } from '@/views/ui/FormField';
import { StatCards as Cards } from '@/views/ui/StatCards';
import { FieldOptions } from '@/views/ui/FieldOptions';

/** The spec fixes 'AI Accuracy' at 85%; it is shown as that fixed figure, not as a measurement. */
const SPEC_AI_ACCURACY = 85;

export function AiRecommendationsView({ logic }: { logic?: typeof recommendationsMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? recommendationsMachine, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page recs-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <p className="banner banner-info">{intl.formatMessage(m.ruleBased)}</p>
        <RecommendationsContext.Provider logic={machine}>
          <StatCards />
          <Toolbar />
          <GenerateDialog />
          <Notices />
          <CardList />
        </RecommendationsContext.Provider>
      </main>
    </>
  );
}

function StatCards() {
  const intl = useIntl();
  const stats = RecommendationsContext.useSelector((s) => s.context.stats);
  const num = (n: number) => formatNum(n, { maximumFractionDigits: 3 });
  const cards = [
    { label: m.statTotal, value: num(stats.total) },
    { label: m.statImplemented, value: num(stats.implemented) },
    { label: m.statRate, value: `${num(stats.implementationRate)}%` },
  ];
  return (
    <Cards label={intl.formatMessage(m.title)} cards={cards}>
      <div className="card stat">
        <span className="stat-label">{intl.formatMessage(m.statAccuracy)}</span>
        <span className="stat-value">{num(SPEC_AI_ACCURACY)}%</span>
        <small className="stat-note">{intl.formatMessage(m.accuracyNote)}</small>
      </div>
    </Cards>
  );
}

function Toolbar() {
  const intl = useIntl();
  const { send } = RecommendationsContext.useActorRef();
  const fields = RecommendationsContext.useSelector((s) => s.context.fields);
  const fieldId = RecommendationsContext.useSelector((s) => s.context.fieldId);
  const canSelect = RecommendationsContext.useSelector((s) => s.can({ type: 'field.select', fieldId: '' }));
  const canOpen = RecommendationsContext.useSelector((s) => s.can({ type: 'generate.open' }));
  const canRefresh = RecommendationsContext.useSelector((s) => s.can({ type: 'list.refresh' }));
  return (
    <div className="recs-toolbar">
      <label>
        {intl.formatMessage(m.fieldLabel)}{' '}
        <select value={fieldId} disabled={!canSelect} onChange={(e) => send({ type: 'field.select', fieldId: e.target.value })}>
          <option value="">{intl.formatMessage(m.allFields)}</option>
          <FieldOptions fields={fields} />
        </select>
      </label>
      <button type="button" className="button button-primary" disabled={!canOpen} onClick={() => send({ type: 'generate.open' })}>
        {intl.formatMessage(m.generateOpen)}
      </button>
      <button type="button" className="button button-secondary" disabled={!canRefresh} onClick={() => send({ type: 'list.refresh' })}>
        {intl.formatMessage(m.refresh)}
      </button>
    </div>
  );
}

function GenerateDialog() {
  const intl = useIntl();
  const t = useT();
  const { send } = RecommendationsContext.useActorRef();
  const open = RecommendationsContext.useSelector((s) => s.matches({ ready: 'dialog' }) || s.matches({ ready: 'generating' }));
  const busy = RecommendationsContext.useSelector((s) => s.hasTag('submitting'));
  const failure = RecommendationsContext.useSelector((s) => s.context.failure);
  const error = RecommendationsContext.useSelector((s) => s.context.error);
  const field = RecommendationsContext.useSelector((s) => s.context.fields.find((f) => f._id === s.context.fieldId));
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="recs-dialog-title" className="card recs-dialog">
      <h2 id="recs-dialog-title">{intl.formatMessage(m.generateOpen)}</h2>
      <p>{field ? t(m.dialogFor, { name: `${field.name} (${field.fieldId})` }) : intl.formatMessage(m.dialogNoField)}</p>
      <ErrorBanner text={failure === 'noField' && intl.formatMessage(m.noField)} />
      <ErrorBanner text={failure === 'generate' && httpErrorMessage(intl, error, m.generateFailed)} />
      <div className="rec-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => send({ type: 'generate.submit' })}>
          {intl.formatMessage(busy ? m.generating : m.generate)}
        </button>
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => send({ type: 'generate.cancel' })}>
          {intl.formatMessage(m.cancel)}
        </button>
      </div>
    </div>
  );
}

function Notices() {
  const intl = useIntl();
  const t = useT();
  const { send } = RecommendationsContext.useActorRef();
  const generated = RecommendationsContext.useSelector((s) => s.context.generated);
  const fetchFailed = RecommendationsContext.useSelector((s) => s.matches('failed'));
  return (
    <>
      <ErrorBanner text={fetchFailed && intl.formatMessage(m.fetchFailed)} />
      {generated != null ? (
        <p role="status" className="banner banner-info recs-notice">
          {t(m.generated, { count: generated })}{' '}
          <button type="button" className="button button-quiet" onClick={() => send({ type: 'notice.dismiss' })}>
            {intl.formatMessage(m.dismiss)}
          </button>
        </p>
      ) : null}
    </>
  );
}

function CardList() {
  const intl = useIntl();
  const cards = RecommendationsContext.useSelector((s) => s.context.cards);
  const loading = RecommendationsContext.useSelector((s) => s.hasTag('loading'));
  const loaded = RecommendationsContext.useSelector((s) => s.matches('ready'));
  if (loading && cards.length === 0) return <p className="loading">{intl.formatMessage(m.loading)}</p>;
  if (loaded && cards.length === 0) {
    return (
      <section className="card recs-empty">
        <h2>{intl.formatMessage(m.emptyTitle)}</h2>
        <p>{intl.formatMessage(m.emptyHint)}</p>
      </section>
    );
  }
  return (
    <section className="recs-list" aria-busy={loading}>
      {cards.map((c) => (
        <RecommendationCard key={c.id} actor={c} />
      ))}
    </section>
  );
}
