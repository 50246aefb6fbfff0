/**
 * Farmer home (spec 'Farmer home'; issue 3, screen 1): header, role buttons, three feature cards, the
 * field picker, moisture and temperature tiles, the 24-hour chart that extends live, the low-moisture
 * banner, the farmer's alerts (active and cleared) and the chatbot slot. Everything comes from the farmerHome machine; the view only sends events.
 */
import { Suspense, useMemo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { PATHS } from '@/app/paths';
import { FarmerHomeContext } from '@/machines/farmerHome.context';
import { farmerHomeMachine, isMoistureLow } from '@/machines/farmerHome.machine';
import type { FeedStatus } from '@/machines/sensorFeed.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { RoleLinks } from '@/views/ui/RoleLinks';
import { useNow } from '@/views/ui/useNow';
import { WhenNeeded } from '@/views/ui/WhenNeeded';
import { ChatbotSlot } from './ChatbotSlot';
import { ReadingTiles } from './ReadingTiles';
import './farmerHome.css';
import { FieldOptions } from '@/views/ui/FieldOptions';
import { lazyRetry } from '@/shared/lazyRetry';

const DualAxisChart = lazyRetry(() => import('@/views/charts/DualAxisChart'));
// Shown only when something failed; loaded then (the service worker keeps them), not in the initial JavaScript.
const OfflineBanner = lazyRetry(() => import('@/views/ui/OfflineBanner').then((mod) => ({ default: mod.OfflineBanner })));
const FieldsFailed = lazyRetry(() => import('./FieldsFailed'));
// Only when a sensor has stopped reporting (it comes with the reading, after the first paint); the service worker keeps it.
const SilentSensors = lazyRetry(() => import('./SilentSensors').then((mod) => ({ default: mod.SilentSensors })));

const m = defineMessages({
  title: { id: 'route.farmerHome', defaultMessage: 'Farmer Home' },
  diseaseTitle: { id: 'home.card.disease', defaultMessage: 'Disease detection' },
  diseaseText: { id: 'home.card.disease.text', defaultMessage: 'Photograph a leaf and find the disease' },
  fdssTitle: { id: 'home.card.fdss', defaultMessage: 'Farm decision support' },
  fdssText: { id: 'home.card.fdss.text', defaultMessage: 'Weather and advice for your field' },
  landTitle: { id: 'home.card.land', defaultMessage: 'Land health report' },
  landText: { id: 'home.card.land.text', defaultMessage: 'Soil score, satellite index and crops' },
  field: { id: 'home.field', defaultMessage: 'Field' },
  lowMoisture: { id: 'home.moisture.low', defaultMessage: 'Soil moisture is low, please give water!' },
  chartTitle: { id: 'home.chart.title', defaultMessage: 'Last 24 hours' },
  moistureAxis: { id: 'home.chart.moisture', defaultMessage: 'Moisture (%)' },
  temperatureAxis: { id: 'home.chart.temperature', defaultMessage: 'Temperature (°C)' },
  loading: { id: 'home.loading', defaultMessage: 'Loading sensor data…' },
  chartLoading: { id: 'home.chart.loading', defaultMessage: 'Loading chart…' },
  noFields: { id: 'home.noFields', defaultMessage: 'No fields yet. Your coordinator can add one.' },
  retry: { id: 'home.retry', defaultMessage: 'Retry' },
  live: { id: 'home.feed.live', defaultMessage: 'Live' },
  connecting: { id: 'home.feed.connecting', defaultMessage: 'Connecting…' },
  catchingUp: { id: 'home.feed.catchingUp', defaultMessage: 'Catching up…' },
  reconnecting: { id: 'home.feed.reconnecting', defaultMessage: 'Reconnecting…' },
  offline: { id: 'home.feed.offline', defaultMessage: 'Offline' },
  failed: { id: 'home.feed.failed', defaultMessage: 'Live updates unavailable' },
});

const FEED_LABEL: Record<FeedStatus, keyof typeof m> = {
  live: 'live',
  joining: 'connecting',
  catchingUp: 'catchingUp',
  reconnecting: 'reconnecting',
  offline: 'offline',
  failed: 'failed',
};

/** Spec: farmer-home load failures are only logged. */
const logged = farmerHomeMachine.provide({
  actions: { logError: (_, p: { what: string; error: unknown }) => console.error(`farmer home: ${p.what} failed`, p.error) },
});

/** `alerts`: the farmer's own alerts list (HomeView passes views/alerts FarmerAlerts), shown under the chart. */
export function FarmerHomeView({ logic, chatbot, alerts = null }: { logic?: typeof farmerHomeMachine; chatbot?: ReactNode; alerts?: ReactNode }) {
  const machine = useMemo(() => logic ?? logged, [logic]);
  return (
    <FarmerHomeContext.Provider logic={machine}>
      <FarmerHome chatbot={chatbot === undefined ? <ChatbotSlot /> : chatbot} alerts={alerts} />
    </FarmerHomeContext.Provider>
  );
}

function FeatureCards() {
  const intl = useIntl();
  const cards = [
    { href: PATHS.diseaseDetector, title: m.diseaseTitle, text: m.diseaseText, icon: '☘' },
    { href: PATHS.fdss, title: m.fdssTitle, text: m.fdssText, icon: '☁' },
    { href: PATHS.landReport, title: m.landTitle, text: m.landText, icon: '▤' },
  ];
  return (
    <section className="feature-cards">
      {cards.map((c) => (
        <Link key={c.href} href={c.href} className="card feature-card">
          <span className="feature-icon" aria-hidden="true">
            {c.icon}
          </span>
          <strong>{intl.formatMessage(c.title)}</strong>
          <span className="feature-text">{intl.formatMessage(c.text)}</span>
        </Link>
      ))}
    </section>
  );
}

function FarmerHome({ chatbot, alerts }: { chatbot: ReactNode; alerts: ReactNode }) {
  const intl = useIntl();
  const home = FarmerHomeContext.useActorRef();
  const fields = FarmerHomeContext.useSelector((s) => s.context.fields);
  const selected = FarmerHomeContext.useSelector((s) => s.context.selectedFieldId);
  const latest = FarmerHomeContext.useSelector((s) => s.context.latest);
  const series = FarmerHomeContext.useSelector((s) => s.context.series);
  const emptyMessage = FarmerHomeContext.useSelector((s) => s.context.emptyMessage);
  const connection = FarmerHomeContext.useSelector((s) => s.context.connection);
  const loading = FarmerHomeContext.useSelector((s) => s.hasTag('loading'));
  const noFields = FarmerHomeContext.useSelector((s) => s.matches('noFields'));
  const fieldsFailed = FarmerHomeContext.useSelector((s) => s.matches('fieldsFailed'));
  const fieldsError = FarmerHomeContext.useSelector((s) => s.context.fieldsError);
  const live = FarmerHomeContext.useSelector((s) => s.matches({ field: 'live' }));
  // Offline: the last seen home, and when it was seen ('offline — last updated 10:42').
  const offline = FarmerHomeContext.useSelector((s) => s.matches({ offline: 'shown' }) || s.matches({ offline: 'nothingSaved' }));
  const offlineAt = FarmerHomeContext.useSelector((s) => s.context.offlineAt);
  const now = useNow();

  return (
    <>
      <AppHeader />
      <main className="page farmer-home">
        <h1 className="visually-hidden">{intl.formatMessage(m.title)}</h1>
        {/* A timed-out slow network never fires the browser's 'online': the farmer retries from the banner. */}
        {offline && (
          <Suspense fallback={null}>
            <OfflineBanner savedAt={offlineAt} retry={{ label: intl.formatMessage(m.retry), onRetry: () => home.send({ type: 'fields.retry' }) }} />
          </Suspense>
        )}
        <RoleLinks />
        <FeatureCards />
        {/* Its place is kept while the fields load (an empty, disabled picker), so the tiles below never move. */}
        {(fields.length > 0 || (loading && !noFields)) && (
          <div className="form-row field-picker">
            <label htmlFor="farmer-home-field">{intl.formatMessage(m.field)}</label>
            <select
              id="farmer-home-field"
              value={selected ?? ''}
              disabled={fields.length === 0}
              onChange={(e) => home.send({ type: 'field.select', fieldId: e.target.value })}
            >
              <FieldOptions fields={fields} />
            </select>
          </div>
        )}
        <ReadingTiles latest={latest} now={now} />
        {/* Under the tiles (it comes with the first reading): above them it would push them down as it appears. */}
        {isMoistureLow(latest) && (
          <div className="banner banner-warn low-moisture" role="alert">
            {intl.formatMessage(m.lowMoisture)}
          </div>
        )}
        {!!latest?.silentSensors?.length && (
          <Suspense fallback={null}>
            <SilentSensors latest={latest} now={now} />
          </Suspense>
        )}
        <section className="card chart-card" aria-busy={loading}>
          <header className="chart-head">
            <h2>{intl.formatMessage(m.chartTitle)}</h2>
            {live && (
              <span className={`feed-status feed-${connection}`} role="status">
                {intl.formatMessage(m[FEED_LABEL[connection]])}
              </span>
            )}
          </header>
          {loading && <p className="loading">{intl.formatMessage(m.loading)}</p>}
          {noFields && <p className="notice">{intl.formatMessage(m.noFields)}</p>}
          {fieldsFailed && (
            <Suspense fallback={null}>
              <FieldsFailed error={fieldsError} retryLabel={intl.formatMessage(m.retry)} onRetry={() => home.send({ type: 'fields.retry' })} />
            </Suspense>
          )}
          {!loading && !noFields && !fieldsFailed && series.length > 0 && (
            <Suspense fallback={<p className="loading">{intl.formatMessage(m.chartLoading)}</p>}>
              <DualAxisChart
                data={series}
                labels={{ title: intl.formatMessage(m.chartTitle), moisture: intl.formatMessage(m.moistureAxis), temperature: intl.formatMessage(m.temperatureAxis) }}
              />
            </Suspense>
          )}
          {!loading && !noFields && !fieldsFailed && series.length === 0 && emptyMessage && (
            <p className="notice empty-series" lang="en">
              {emptyMessage.english}
            </p>
          )}
        </section>
        {/* Below the fold: loaded and drawn when the farmer comes near them (or a few seconds after the page is idle). */}
        <WhenNeeded>
          {alerts}
          {chatbot}
        </WhenNeeded>
      </main>
    </>
  );
}
