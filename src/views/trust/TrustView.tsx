/**
 * The trust dashboard: every figure measured by the server (GET /trust) with how it is measured and the period
 * it covers, the trust score's formula, and the Security, Transparency, Community and Social Impact tabs.
 * The view only sends events to trustMachine.
 */
import { useMemo, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { AppHeader } from '@/views/ui/AppHeader';
import { Loading } from '@/views/ui/Loading';
import { formatDateIn, formatNum } from '@/i18n/format';
import { useT } from '@/i18n/useT';
import { TRUST_TABS, trustMachine, type TrustFigures } from '@/machines/trust.machine';
import { kept, m, services, stored } from './trustMessages';

const percent = (share: number) => formatNum(share, { style: 'percent', maximumFractionDigits: 1 });
const ms = (value: number) => formatNum(value, { maximumFractionDigits: 0 });

type Card = {
  key: string;
  label: MessageDescriptor;
  value: string | null;
  /** Shown instead of "Not measured yet" when the value is null. */
  missing?: MessageDescriptor;
  detail?: string;
  link?: { href: string; label: MessageDescriptor };
  how: MessageDescriptor;
  period: string;
};

function Cards({ cards }: { cards: Card[] }) {
  const t = useT();
  return (
    <ul className="cards trust-cards">
      {cards.map((c) => (
        <li key={c.key} className="card stat trust-card" data-figure={c.key}>
          <span className="stat-label">{t(c.label)}</span>
          <span className="stat-value">{c.value ?? t(c.missing ?? m.notMeasured)}</span>
          {c.detail ? <span className="trust-detail">{c.detail}</span> : null}
          {c.link ? (
            <a className="trust-link" href={c.link.href} target="_blank" rel="noopener noreferrer">
              {t(c.link.label)}
            </a>
          ) : null}
          <span className="trust-how">{t(c.how)}</span>
          <span className="trust-period">{c.period}</span>
        </li>
      ))}
    </ul>
  );
}

function Panel({ f, tab }: { f: TrustFigures; tab: (typeof TRUST_TABS)[number] }) {
  const t = useT();
  const intl = useIntl();
  const hours = (count: number) => t(m.lastHours, { count });
  const days = (count: number) => t(m.lastDays, { count });
  const count = (n: number) => formatNum(n, { maximumFractionDigits: 0 });
  const share = (v: number | null) => (v === null ? null : percent(v));

  if (tab === 'overview') {
    const w = f.score.weights;
    const pct = (x: number) => formatNum(x * 100, { maximumFractionDigits: 0 });
    return (
      <>
        <div className="trust-score">
          <span className="trust-score-label">{t(m.score)}</span>
          <span className="trust-score-value">{f.score.value === null ? t(m.notMeasured) : formatNum(f.score.value)}</span>
          <span className="trust-score-max">{t(m.outOf, { max: formatNum(100) })}</span>
        </div>
        <p className="trust-formula">
          {t(m.formula, { uptime: pct(w.uptime), speed: pct(w.speed), accuracy: pct(w.accuracy), satisfaction: pct(w.satisfaction), security: pct(w.security) })}
        </p>
        <Cards
          cards={[
            {
              key: 'uptime',
              label: m.uptime,
              value: share(f.uptime.day),
              detail: t(m.uptimeDetail, { week: share(f.uptime.week) ?? '—', month: share(f.uptime.month) ?? '—' }),
              how: m.uptimeHow,
              period: hours(24),
            },
            {
              key: 'response',
              label: m.response,
              value: f.latency.p50Ms === null ? null : t(m.responseValue, { p50: ms(f.latency.p50Ms) }),
              detail: f.latency.p95Ms === null ? undefined : t(m.responseDetail, { p95: ms(f.latency.p95Ms), count: f.latency.requests }),
              how: m.responseHow,
              period: hours(f.latency.periodHours),
            },
            {
              key: 'accuracy',
              label: m.accuracy,
              value: share(f.accuracy.readingsAccepted),
              detail:
                f.accuracy.sensorsOnTime === null
                  ? undefined
                  : t(m.accuracyDetail, { share: percent(f.accuracy.sensorsOnTime), onTime: count(f.accuracy.sensorsReporting), expected: count(f.accuracy.sensorsExpected) }),
              how: m.accuracyHow,
              period: hours(f.accuracy.periodHours),
            },
            {
              key: 'satisfaction',
              label: m.satisfaction,
              value: share(f.satisfaction.share),
              detail: f.satisfaction.total === 0 ? undefined : t(m.satisfactionDetail, { positive: count(f.satisfaction.positive), total: f.satisfaction.total }),
              how: m.satisfactionHow,
              period: days(f.satisfaction.periodDays),
            },
            {
              key: 'incidents',
              label: m.incidents,
              value: count(f.incidents.total),
              detail: t(m.incidentsDetail, {
                reuse: count(f.incidents.tokenReuse),
                throttled: count(f.incidents.throttledSignIns),
                ended: count(f.incidents.sessionsEndedByStaff),
              }),
              how: m.incidentsHow,
              period: days(f.incidents.periodDays),
            },
          ]}
        />
      </>
    );
  }
  if (tab === 'security') {
    const s = f.security;
    return (
      <Cards
        cards={[
          {
            key: 'twoFactor',
            label: m.twoFactor,
            value: s.activeUsers === 0 ? null : percent(s.twoFactorUsers / s.activeUsers),
            detail: t(m.twoFactorDetail, { users: count(s.twoFactorUsers), total: count(s.activeUsers) }),
            how: m.twoFactorHow,
            period: t(m.rightNow),
          },
          { key: 'revoked', label: m.revoked, value: count(s.sessionsRevoked), how: m.revokedHow, period: days(s.periodDays) },
          { key: 'throttled', label: m.throttled, value: count(s.throttledSignIns), how: m.throttledHow, period: days(s.periodDays) },
          {
            key: 'review',
            label: m.review,
            value: s.review.date === null ? null : formatDateIn(intl.locale, `${s.review.date}T00:00:00Z`, 'date', 'UTC'),
            missing: m.reviewMissing,
            detail: s.review.summary ?? undefined,
            link: s.review.url ? { href: s.review.url, label: m.reviewLink } : undefined,
            how: m.reviewHow,
            period: s.review.daysAgo === null ? t(m.reviewNever) : t(m.reviewAgo, { count: s.review.daysAgo }),
          },
        ]}
      />
    );
  }
  if (tab === 'transparency') {
    return (
      <>
        <h2>{t(m.storedTitle)}</h2>
        <ul className="trust-list">
          {f.transparency.stored.map((s) => (
            <li key={s.data}>
              <strong>{t(stored[s.data])}</strong>
              <span>{t(kept[s.kept])}</span>
            </li>
          ))}
        </ul>
        <h2>{t(m.servicesTitle)}</h2>
        <ul className="trust-list">
          {f.transparency.services.map((s) => (
            <li key={s.service} data-online={s.online}>
              <strong>{t(services[s.service])}</strong>
              <span>{t(s.online ? m.online : m.offline)}</span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (tab === 'community') {
    const c = f.community;
    return (
      <Cards
        cards={[
          { key: 'farmers', label: m.activeFarmers, value: count(c.activeFarmers), detail: t(m.ofTotal, { total: count(c.farmers) }), how: m.activeHow, period: days(c.periodDays) },
          {
            key: 'coordinators',
            label: m.activeCoordinators,
            value: count(c.activeCoordinators),
            detail: t(m.ofTotal, { total: count(c.coordinators) }),
            how: m.activeHow,
            period: days(c.periodDays),
          },
          { key: 'messages', label: m.messages, value: count(c.messages), detail: t(m.messagesDetail, { count: c.messageDeliveries }), how: m.messagesHow, period: days(c.periodDays) },
        ]}
      />
    );
  }
  const i = f.impact;
  return (
    <Cards
      cards={[
        { key: 'fields', label: m.fields, value: count(i.fieldsMonitored), how: m.fieldsHow, period: t(m.rightNow) },
        { key: 'hectares', label: m.hectares, value: t(m.hectaresValue, { value: formatNum(i.hectares) }), how: m.hectaresHow, period: t(m.rightNow) },
        {
          key: 'acted',
          label: m.acted,
          value: i.lowMoistureAlerts === 0 ? null : percent(i.actedWithinHour / i.lowMoistureAlerts),
          detail: t(m.actedDetail, { acted: count(i.actedWithinHour), total: count(i.lowMoistureAlerts) }),
          how: m.actedHow,
          period: days(i.periodDays),
        },
      ]}
    />
  );
}

export function TrustView({ logic }: { logic?: typeof trustMachine }) {
  const t = useT();
  const [snap, send] = useMachine(useMemo(() => logic ?? trustMachine, [logic]));
  const { tab, figures } = snap.context;
  let body: ReactNode;
  if (snap.matches('failed')) {
    body = (
      <div role="alert" className="banner banner-error">
        <p>{t(m.loadFailed)}</p>
        <button type="button" className="button" onClick={() => send({ type: 'trust.retry' })}>
          {t(m.retry)}
        </button>
      </div>
    );
  } else if (!figures || snap.hasTag('loading')) {
    body = <Loading />;
  } else {
    body = (
      <>
        {figures.demo ? <p className="notice trust-demo">{t(m.demo)}</p> : null}
        <Panel f={figures} tab={tab} />
        <button type="button" className="button button-secondary trust-refresh" onClick={() => send({ type: 'trust.refresh' })}>
          {t(m.refresh)}
        </button>
      </>
    );
  }
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page">
        <h1>{t(m.title)}</h1>
        <div className="tabs" role="tablist" aria-label={t(m.tabs)}>
          {TRUST_TABS.map((k) => (
            <button key={k} type="button" role="tab" id={`trust-tab-${k}`} aria-selected={tab === k} onClick={() => send({ type: 'tab.select', tab: k })}>
              {t(m[k])}
            </button>
          ))}
        </div>
        <section role="tabpanel" aria-labelledby={`trust-tab-${tab}`}>
          {body}
        </section>
      </main>
    </>
  );
}
