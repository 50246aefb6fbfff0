/**
 * The trust dashboard (spec 'Trust dashboard'): five tabs, only Overview has content, and every
 * figure is fixed in the client (spec section 9).
 */
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { AppHeader } from '@/views/ui/AppHeader';
import { formatNum } from '@/i18n/format';

const m = defineMessages({
  title: { id: 'route.trust', defaultMessage: 'Trust Dashboard' },
  tabs: { id: 'trust.tabs', defaultMessage: 'Trust dashboard sections' },
  overview: { id: 'trust.tab.overview', defaultMessage: 'Overview' },
  security: { id: 'trust.tab.security', defaultMessage: 'Security' },
  transparency: { id: 'trust.tab.transparency', defaultMessage: 'Transparency' },
  community: { id: 'trust.tab.community', defaultMessage: 'Community' },
  socialImpact: { id: 'trust.tab.socialImpact', defaultMessage: 'Social Impact' },
  score: { id: 'trust.score', defaultMessage: 'Trust Score' },
  uptime: { id: 'trust.uptime', defaultMessage: 'System Uptime' },
  response: { id: 'trust.responseTime', defaultMessage: 'Avg. Response Time' },
  accuracy: { id: 'trust.dataAccuracy', defaultMessage: 'Data Accuracy' },
  satisfaction: { id: 'trust.satisfaction', defaultMessage: 'User Satisfaction' },
  incidents: { id: 'trust.incidents', defaultMessage: 'Security Incidents' },
  empty: { id: 'trust.noContent', defaultMessage: 'Nothing to show here yet.' },
});

// Messages with arguments are declared one by one: react-intl 12 types their values from the generic.
const outOf = defineMessage<{ max: string }>({ id: 'trust.outOf', defaultMessage: 'out of {max}' });
const milliseconds = defineMessage<{ value: string }>({ id: 'trust.milliseconds', defaultMessage: '{value} ms' });
const stars = defineMessage<{ value: string }>({ id: 'trust.stars', defaultMessage: '{value} / 5' });

/** Spec section 9: the trust dashboard's fixed figures. */
const FIGURES = { uptime: 99.9, responseMs: 200, accuracy: 98, satisfaction: 4.5, incidents: 0, score: 98.5 } as const;

const TABS = ['overview', 'security', 'transparency', 'community', 'socialImpact'] as const;
type Tab = (typeof TABS)[number];

export function TrustView() {
  const intl = useIntl();
  const [tab, setTab] = useState<Tab>('overview');
  const num = (value: number, options: Parameters<typeof formatNum>[1] = {}) =>
    formatNum(value, { maximumFractionDigits: 1, ...options });
  const cards = [
    { label: m.uptime, value: num(FIGURES.uptime / 100, { style: 'percent', maximumFractionDigits: 1 }) },
    { label: m.response, value: intl.formatMessage(milliseconds, { value: num(FIGURES.responseMs) }) },
    { label: m.accuracy, value: num(FIGURES.accuracy / 100, { style: 'percent' }) },
    { label: m.satisfaction, value: intl.formatMessage(stars, { value: num(FIGURES.satisfaction) }) },
    { label: m.incidents, value: num(FIGURES.incidents) },
  ];
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <div className="tabs" role="tablist" aria-label={intl.formatMessage(m.tabs)}>
          {TABS.map((t) => (
            <button key={t} type="button" role="tab" id={`trust-tab-${t}`} aria-selected={tab === t} onClick={() => setTab(t)}>
              {intl.formatMessage(m[t])}
            </button>
          ))}
        </div>
        <section role="tabpanel" aria-labelledby={`trust-tab-${tab}`}>
          {tab === 'overview' ? (
            <>
              <div className="trust-score">
                <span className="trust-score-label">{intl.formatMessage(m.score)}</span>
                <span className="trust-score-value">{num(FIGURES.score)}</span>
                <span className="trust-score-max">{intl.formatMessage(outOf, { max: num(100) })}</span>
              </div>
              <ul className="cards">
                {cards.map((c) => (
                  <li key={c.label.id} className="card stat">
                    <span className="stat-label">{intl.formatMessage(c.label)}</span>
                    <span className="stat-value">{c.value}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="notice">{intl.formatMessage(m.empty)}</p>
          )}
        </section>
      </main>
    </>
  );
}
