/**
 * The farmer's own alerts on the farmer home: read-only cards, active ones first, each saying whether it is
 * still active or cleared (an alert clears itself when the moisture recovers, and the card changes live through
 * the socket feed). The alertsList machine with viewer 'farmer'; the view only sends events. A link to one
 * alert (/?alert=<id>, a notification's) opens its details (read-only) and marks and scrolls to its card.
 * Offline, the alerts last seen show with a quiet line saying when they were seen (the machine's `offline` state);
 * the home above says 'offline' once, in its own banner (one banner per screen).
 */
import { useEffect, useMemo } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { AlertsLoadState, AlertsPager } from './AlertListParts';
import { AlertsListContext } from '@/machines/alertsList.context';
import { alertsListMachine } from '@/machines/alertsList.machine';
import { formatDate } from '@/i18n/format';
import { useNow } from '@/views/ui/useNow';
import { SpeakButton, SpeechProvider } from '@/views/ui/Speech';
import { AlertDetails } from './AlertDetails';
import { AlertLink } from './AlertLink';
import { AlertWhen } from './AlertWhen';
import { alertMessage, alertState, severityLabel, stateLabel, typeIcon, typeLabel } from './alertLabels';
import './alerts.css';

const clearedAt = defineMessage<{ when: string }>({ id: 'farmerAlerts.clearedAt', defaultMessage: 'Cleared {when}' });
const keptAt = defineMessage<{ when: string }>({ id: 'farmerAlerts.keptAt', defaultMessage: 'Alerts as last seen at {when}.' });

const m = defineMessages({
  title: { id: 'farmerAlerts.title', defaultMessage: 'My alerts' },
  empty: { id: 'farmerAlerts.empty', defaultMessage: 'No alerts on your fields.' },
  nothingKept: { id: 'farmerAlerts.nothingKept', defaultMessage: 'No alerts saved on this phone yet.' },
  retry: { id: 'offline.retry', defaultMessage: 'Retry' },
});

function FarmerAlertList() {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const alerts = AlertsListContext.useSelector((s) => s.context.alerts);
  const loading = AlertsListContext.useSelector((s) => s.hasTag('loading'));
  const failed = AlertsListContext.useSelector((s) => s.matches('failed'));
  const details = AlertsListContext.useSelector((s) => s.context.details);
  const detailsId = AlertsListContext.useSelector((s) => s.context.detailsId);
  // Offline: the alerts last seen, and when ('offline — last updated 10:42'); Retry for a network that timed out.
  const offline = AlertsListContext.useSelector((s) => s.matches({ offline: 'shown' }) || s.matches({ offline: 'nothingSaved' }));
  const offlineAt = AlertsListContext.useSelector((s) => s.context.offlineAt);
  const now = useNow();
  // The linked alert's card comes into view (when it is on this page).
  useEffect(() => {
    if (!detailsId || loading) return;
    document.querySelector(`.farmer-alerts [data-alert-id="${CSS.escape(detailsId)}"]`)?.scrollIntoView?.({ block: 'center' });
  }, [detailsId, loading]);
  return (
    <section className="card farmer-alerts" aria-labelledby="farmer-alerts-title" aria-busy={loading}>
      <h2 id="farmer-alerts-title">{intl.formatMessage(m.title)}</h2>
      <AlertsLoadState quiet />
      {offline && (
        <p className="muted farmer-alerts-kept" data-testid="alerts-kept">
          <span>
            {offlineAt
              ? intl.formatMessage(keptAt, { when: formatDate(intl, offlineAt, new Date(offlineAt).toDateString() === new Date(now).toDateString() ? 'time' : 'dayMonthTime') })
              : intl.formatMessage(m.nothingKept)}
          </span>{' '}
          <button type="button" className="button button-quiet" onClick={() => list.send({ type: 'alerts.retry' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </p>
      )}
      {!loading && !failed && !offline && alerts.length === 0 && <p className="notice">{intl.formatMessage(m.empty)}</p>}
      {!loading &&
        alerts.map((a) => (
          <article key={a.id} className={`card alert-card severity-${a.severity}${a.id === detailsId ? ' alert-card--linked' : ''}`} data-alert-id={a.id} data-status={a.status}>
            <header className="alert-card-head">
              <span aria-hidden="true">{typeIcon(a.type)}</span>
              <span className="alert-type">{intl.formatMessage(typeLabel[a.type])}</span>
              <span className={`severity severity-${a.severity}`}>{intl.formatMessage(severityLabel[a.severity])}</span>
              <span className={`badge alert-state-${alertState(a)}`}>{intl.formatMessage(stateLabel[alertState(a)])}</span>
            </header>
            <p className="alert-message">
              {alertMessage(intl, a)}
              <SpeakButton
                id={`alert-${a.id}`}
                text={`${intl.formatMessage(typeLabel[a.type])}, ${intl.formatMessage(severityLabel[a.severity])}. ${alertMessage(intl, a)}`}
              />
            </p>
            <p className="muted">
              <AlertWhen at={a.createdAt} now={now} />
              {a.resolvedAt && <> · {intl.formatMessage(clearedAt, { when: formatDate(intl, a.resolvedAt, 'shortDateTime') })}</>}
            </p>
          </article>
        ))}
      {details && <AlertDetails key={detailsId ?? ''} actor={details} coordinators={[]} onClose={() => list.send({ type: 'alert.closeDetails' })} />}
      <AlertsPager />
    </section>
  );
}

export function FarmerAlerts({ logic }: { logic?: typeof alertsListMachine }) {
  const machine = useMemo(() => logic ?? alertsListMachine, [logic]);
  return (
    <AlertsListContext.Provider logic={machine} options={{ input: { viewer: 'farmer' } }}>
      <AlertLink />
      {/* Alerts read aloud where the browser can speak. */}
      <SpeechProvider>
        <FarmerAlertList />
      </SpeechProvider>
    </AlertsListContext.Provider>
  );
}
