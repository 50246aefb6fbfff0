/**
 * Alerts table (spec 'Alerts table'): severity, type and status filters; Type, Message, Farmer, Severity, Status
 * (active/cleared × unacknowledged/acknowledged, and the assignee), Seen (count and last seen), Time (relative and
 * exact), Actions (Details); most urgent first, 20 to a page from the server. Details opens the alert's lifecycle
 * (AlertDetails): its timeline, a comment box, Acknowledge, Clear and Assign to a coordinator.
 */
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { AlertsLoadState } from './AlertListParts';
import { AlertsListContext } from '@/machines/alertsList.context';
import type { AlertItem } from '@/machines/alertsList.machine';
import { Pager } from '@/views/ui/Pager';
import { useNow } from '@/views/ui/useNow';
import { formatDate } from '@/i18n/format';
import { AlertDetails } from './AlertDetails';
import { AlertFilters } from './AlertFilters';
import { AlertWhen } from './AlertWhen';
import { alertMessage, alertState, severityLabel, stateLabel, statusLabel, typeLabel } from './alertLabels';

const assignedTo = defineMessage<{ name: string }>({ id: 'alerts.assignedTo', defaultMessage: 'Assigned to {name}' });
const seen = defineMessage<{ count: number; when: string }>({ id: 'alerts.seen', defaultMessage: '{count, plural, one {once} other {# times}}, last {when}' });

const m = defineMessages({
  type: { id: 'alerts.col.type', defaultMessage: 'Type' },
  message: { id: 'alerts.col.message', defaultMessage: 'Message' },
  farmer: { id: 'alerts.col.farmer', defaultMessage: 'Farmer' },
  severity: { id: 'alerts.col.severity', defaultMessage: 'Severity' },
  status: { id: 'alerts.col.status', defaultMessage: 'Status' },
  seen: { id: 'alerts.col.seen', defaultMessage: 'Seen' },
  time: { id: 'alerts.col.time', defaultMessage: 'Time' },
  actions: { id: 'alerts.col.actions', defaultMessage: 'Actions' },
  details: { id: 'alerts.viewDetails', defaultMessage: 'View Details' },
  empty: { id: 'alerts.table.empty', defaultMessage: 'No alerts found.' },
});

function AlertRowView({ alert, showActions, now }: { alert: AlertItem; showActions: boolean; now: number }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  return (
    <tr data-alert-id={alert.id}>
      <td data-label={intl.formatMessage(m.type)}>{intl.formatMessage(typeLabel[alert.type])}</td>
      <td data-label={intl.formatMessage(m.message)}>{alertMessage(intl, alert)}</td>
      <td data-label={intl.formatMessage(m.farmer)}>{alert.farmer ?? '—'}</td>
      <td data-label={intl.formatMessage(m.severity)} className={`severity severity-${alert.severity}`}>
        {intl.formatMessage(severityLabel[alert.severity])}
      </td>
      <td data-label={intl.formatMessage(m.status)}>
        <span className={`badge alert-state-${alertState(alert)}`}>{intl.formatMessage(stateLabel[alertState(alert)])}</span>{' '}
        <span className="alert-status">{intl.formatMessage(statusLabel[alert.status])}</span>
        {alert.assignedTo && <div className="assignee">{intl.formatMessage(assignedTo, { name: alert.assignedTo.name })}</div>}
      </td>
      <td data-label={intl.formatMessage(m.seen)}>{intl.formatMessage(seen, { count: alert.count, when: formatDate(intl, alert.lastSeenAt, 'shortDateTime') })}</td>
      <td data-label={intl.formatMessage(m.time)}>
        <AlertWhen at={alert.createdAt} now={now} />
      </td>
      {showActions && (
        <td data-label={intl.formatMessage(m.actions)}>
          {/* A flex box inside the cell: a flex td would stop being a table cell and shift the row. */}
          <div className="row-actions">
            <button type="button" className="button button-secondary" onClick={() => list.send({ type: 'alert.view', id: alert.id })}>
              {intl.formatMessage(m.details)}
            </button>
          </div>
        </td>
      )}
    </tr>
  );
}

export function AdminAlertsTable({ showActions }: { showActions: boolean }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const rows = AlertsListContext.useSelector((s) => s.context.alerts);
  const details = AlertsListContext.useSelector((s) => s.context.details);
  const detailsId = AlertsListContext.useSelector((s) => s.context.detailsId);
  const coordinators = AlertsListContext.useSelector((s) => s.context.coordinators);
  const page = AlertsListContext.useSelector((s) => s.context.page);
  const totalPages = AlertsListContext.useSelector((s) => s.context.totalPages);
  const loading = AlertsListContext.useSelector((s) => s.hasTag('loading'));
  const failed = AlertsListContext.useSelector((s) => s.matches('failed'));
  const now = useNow();
  return (
    <section className="alerts-table">
      <div className="filters">
        <AlertFilters idPrefix="alerts" />
      </div>
      <AlertsLoadState />
      {!loading && !failed && rows.length === 0 && <p className="notice">{intl.formatMessage(m.empty)}</p>}
      {!loading && rows.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>{intl.formatMessage(m.type)}</th>
                <th>{intl.formatMessage(m.message)}</th>
                <th>{intl.formatMessage(m.farmer)}</th>
                <th>{intl.formatMessage(m.severity)}</th>
                <th>{intl.formatMessage(m.status)}</th>
                <th>{intl.formatMessage(m.seen)}</th>
                <th>{intl.formatMessage(m.time)}</th>
                {showActions && <th>{intl.formatMessage(m.actions)}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <AlertRowView key={a.id} alert={a} showActions={showActions} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && <Pager page={page} totalPages={totalPages} onGo={(p) => list.send({ type: 'alerts.page', page: p })} />}
      {details && <AlertDetails key={detailsId} actor={details} coordinators={coordinators} onClose={() => list.send({ type: 'alert.closeDetails' })} />}
    </section>
  );
}
