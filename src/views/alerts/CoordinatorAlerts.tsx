/**
 * Alerts screen for coordinators (spec 'Alerts screen'): title with the unread count, search, severity and
 * type filters, cards, the 'Alert Details' dialog, mark read (kept on the server), Mark All Read, pages of 10.
 */
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { AlertsLoadState, AlertsPager } from './AlertListParts';
import { AlertsListContext } from '@/machines/alertsList.context';
import type { AlertItem } from '@/machines/alertsList.machine';
import { useNow } from '@/views/ui/useNow';
import { AlertDetails } from './AlertDetails';
import { AlertFilters } from './AlertFilters';
import { AlertWhen } from './AlertWhen';
import { alertMessage, alertState, SEVERITY_ICON, severityLabel, stateLabel, statusLabel, typeIcon, typeLabel } from './alertLabels';
import { formatDate, formatNum } from '@/i18n/format';

const unreadCount = defineMessage<{ count: string }>({ id: 'alerts.unreadCount', defaultMessage: '{count} new' });
const seen = defineMessage<{ count: number; when: string }>({ id: 'alerts.seen', defaultMessage: '{count, plural, one {once} other {# times}}, last {when}' });

const m = defineMessages({
  title: { id: 'alerts.title', defaultMessage: 'Alerts' },
  search: { id: 'alerts.search', defaultMessage: 'Search alerts...' },
  severity: { id: 'alerts.filter.severity', defaultMessage: 'Severity' },
  type: { id: 'alerts.filter.type', defaultMessage: 'Type' },
  all: { id: 'alerts.filter.all', defaultMessage: 'All' },
  markAllRead: { id: 'alerts.markAllRead', defaultMessage: 'Mark All Read' },
  markRead: { id: 'alerts.markRead', defaultMessage: 'Mark as Read' },
  viewDetails: { id: 'alerts.viewDetails', defaultMessage: 'View Details' },
  newBadge: { id: 'alerts.new', defaultMessage: 'New' },
  farmer: { id: 'alerts.farmer', defaultMessage: 'Farmer' },
  field: { id: 'alerts.field', defaultMessage: 'Field' },
  created: { id: 'alerts.created', defaultMessage: 'Created' },
  seen: { id: 'alerts.col.seen', defaultMessage: 'Seen' },
  value: { id: 'alerts.value', defaultMessage: 'Value' },
  threshold: { id: 'alerts.threshold', defaultMessage: 'Threshold' },
  message: { id: 'alerts.message', defaultMessage: 'Message' },
  sensorData: { id: 'alerts.sensorData', defaultMessage: 'Sensor data' },
  emptyTitle: { id: 'alerts.empty.title', defaultMessage: 'No alerts found' },
  emptyText: { id: 'alerts.empty.text', defaultMessage: 'There are no alerts matching your current filters.' },
  details: { id: 'alerts.details.title', defaultMessage: 'Alert Details' },
  viewField: { id: 'alerts.viewField', defaultMessage: 'View Field' },
  fieldSoon: { id: 'alerts.viewField.soon', defaultMessage: 'Field details feature coming soon!' },
  close: { id: 'alerts.close', defaultMessage: 'Close' },
});


const num = (intl: IntlShape, v: number) => formatNum(v, { maximumFractionDigits: 1 });

function AlertCard({ alert, now }: { alert: AlertItem; now: number }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  return (
    <article className={`card alert-card severity-${alert.severity}${alert.read ? '' : ' unread'}`} data-alert-id={alert.id}>
      <header className="alert-card-head">
        <span aria-hidden="true">{typeIcon(alert.type)}</span>
        <span className="alert-type">{intl.formatMessage(typeLabel[alert.type])}</span>
        <span className={`severity severity-${alert.severity}`}>
          <span aria-hidden="true">{SEVERITY_ICON[alert.severity]}</span> {intl.formatMessage(severityLabel[alert.severity])}
        </span>
        <span className={`badge alert-state-${alertState(alert)}`} title={intl.formatMessage(statusLabel[alert.status])}>
          {intl.formatMessage(stateLabel[alertState(alert)])}
        </span>
        {!alert.read && <span className="badge badge-new">{intl.formatMessage(m.newBadge)}</span>}
      </header>
      <p className="alert-status">{intl.formatMessage(statusLabel[alert.status])}</p>
      <p className="alert-message">{alertMessage(intl, alert)}</p>
      <dl className="alert-meta">
        <dt>{intl.formatMessage(m.farmer)}</dt>
        <dd>{alert.farmer ?? '—'}</dd>
        <dt>{intl.formatMessage(m.field)}</dt>
        <dd>{alert.fieldName}</dd>
        <dt>{intl.formatMessage(m.created)}</dt>
        <dd>
          <AlertWhen at={alert.createdAt} now={now} />
        </dd>
        <dt>{intl.formatMessage(m.seen)}</dt>
        <dd>{intl.formatMessage(seen, { count: alert.count, when: formatDate(intl, alert.lastSeenAt, 'shortDateTime') })}</dd>
        {alert.value !== null && alert.threshold !== null && (
          <>
            <dt>{intl.formatMessage(m.value)}</dt>
            <dd>{num(intl, alert.value)}</dd>
            <dt>{intl.formatMessage(m.threshold)}</dt>
            <dd>{num(intl, alert.threshold)}</dd>
          </>
        )}
      </dl>
      <div className="alert-card-actions">
        <button type="button" className="button button-secondary" onClick={() => list.send({ type: 'alert.view', id: alert.id })}>
          {intl.formatMessage(m.viewDetails)}
        </button>
        {alert && !alert.read && (
          <button type="button" className="button button-quiet" onClick={() => list.send({ type: 'alert.markRead', id: alert.id })}>
            {intl.formatMessage(m.markRead)}
          </button>
        )}
      </div>
    </article>
  );
}

/** The coordinator's own buttons in the details: Mark as Read and View Field. */
function DetailsExtra({ alert }: { alert: AlertItem | null }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const [fieldNotice, setFieldNotice] = useState(false);
  return (
    <>
      {fieldNotice && <p className="notice" role="status">{intl.formatMessage(m.fieldSoon)}</p>}
      {alert && !alert.read && (
        <button type="button" className="button button-secondary" onClick={() => list.send({ type: 'alert.markRead', id: alert.id })}>
          {intl.formatMessage(m.markRead)}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => setFieldNotice(true)}>
        {intl.formatMessage(m.viewField)}
      </button>
    </>
  );
}

export function CoordinatorAlerts() {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const alerts = AlertsListContext.useSelector((s) => s.context.alerts);
  const unread = AlertsListContext.useSelector((s) => s.context.unread);
  const search = AlertsListContext.useSelector((s) => s.context.search);
  const details = AlertsListContext.useSelector((s) => s.context.alerts.find((a) => a.id === s.context.detailsId) ?? null);
  const detailsActor = AlertsListContext.useSelector((s) => s.context.details);
  const detailsId = AlertsListContext.useSelector((s) => s.context.detailsId);
  const loading = AlertsListContext.useSelector((s) => s.hasTag('loading'));
  const failed = AlertsListContext.useSelector((s) => s.matches('failed'));
  const canMarkAll = AlertsListContext.useSelector((s) => s.can({ type: 'alerts.markAllRead' }));
  const busy = AlertsListContext.useSelector((s) => s.hasTag('submitting'));
  const now = useNow();
  return (
    <section className="coordinator-alerts">
      <header className="section-head">
        <div className="title-with-count">
          <h1>{intl.formatMessage(m.title)}</h1>
          <span className="badge badge-count" data-testid="unread-count" role="status">
            {intl.formatMessage(unreadCount, { count: formatNum(unread, { maximumFractionDigits: 3 }) })}
          </span>
        </div>
        <button type="button" className="button button-secondary" disabled={!canMarkAll} aria-busy={busy} onClick={() => list.send({ type: 'alerts.markAllRead' })}>
          {intl.formatMessage(m.markAllRead)}
        </button>
      </header>
      <div className="filters">
        <input
          type="search"
          className="search"
          placeholder={intl.formatMessage(m.search)}
          aria-label={intl.formatMessage(m.search)}
          value={search}
          onChange={(e) => list.send({ type: 'alerts.search', search: e.target.value })}
        />
        <AlertFilters idPrefix="alerts-filter" allLabel={intl.formatMessage(m.all)} />
      </div>
      <AlertsLoadState />
      {!loading && !failed && alerts.length === 0 && (
        <div className="empty">
          <h2>{intl.formatMessage(m.emptyTitle)}</h2>
          <p>{intl.formatMessage(m.emptyText)}</p>
        </div>
      )}
      {!loading && (
        <div className="alert-cards">
          {alerts.map((a) => (
            <AlertCard key={a.id} alert={a} now={now} />
          ))}
        </div>
      )}
      <AlertsPager />
      {/* A linked alert not on this page opens too (its row, with Mark as Read, is then elsewhere). */}
      {detailsActor && (
        <AlertDetails key={detailsId ?? ''} actor={detailsActor} coordinators={[]} onClose={() => list.send({ type: 'alert.closeDetails' })} extra={<DetailsExtra alert={details} />} />
      )}
    </section>
  );
}
