/**
 * Alerts table (spec 'Alerts table'): severity, type and state filters; Type, Message, Farmer, Severity, Status
 * (active or resolved, and acknowledged/assigned), Time (relative and exact), Actions (hidden for coordinators);
 * most urgent first, 20 to a page from the server. Each row is an alertLifecycle actor: acknowledge, or assign to
 * a coordinator, with the row changing at once and the assignee's name shown.
 */
import { useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { AlertsListContext } from '@/machines/alertsList.context';
import type { AlertRow, CoordinatorOption } from '@/machines/alertsList.machine';
import { Pager } from '@/views/ui/Pager';
import { useNow } from '@/views/ui/useNow';
import { AlertFilters } from './AlertFilters';
import { AlertWhen } from './AlertWhen';
import { alertMessage, alertState, severityLabel, stateLabel, statusLabel, typeLabel } from './alertLabels';

const assignedTo = defineMessage<{ name: string }>({ id: 'alerts.assignedTo', defaultMessage: 'Assigned to {name}' });

const m = defineMessages({
  type: { id: 'alerts.col.type', defaultMessage: 'Type' },
  message: { id: 'alerts.col.message', defaultMessage: 'Message' },
  farmer: { id: 'alerts.col.farmer', defaultMessage: 'Farmer' },
  severity: { id: 'alerts.col.severity', defaultMessage: 'Severity' },
  status: { id: 'alerts.col.status', defaultMessage: 'Status' },
  time: { id: 'alerts.col.time', defaultMessage: 'Time' },
  actions: { id: 'alerts.col.actions', defaultMessage: 'Actions' },
  acknowledge: { id: 'alerts.acknowledge', defaultMessage: 'Acknowledge' },
  assign: { id: 'alerts.assign', defaultMessage: 'Assign' },
  assignTo: { id: 'alerts.assignTo', defaultMessage: 'Assign to coordinator' },
  chooseCoordinator: { id: 'alerts.chooseCoordinator', defaultMessage: 'Choose coordinator' },
  ackFailed: { id: 'alerts.acknowledgeFailed', defaultMessage: 'Failed to acknowledge alert' },
  assignFailed: { id: 'alerts.assignFailed', defaultMessage: 'Failed to assign alert' },
  empty: { id: 'alerts.table.empty', defaultMessage: 'No alerts found.' },
  loadFailed: { id: 'alerts.loadFailed', defaultMessage: 'Failed to load alerts' },
  retry: { id: 'alerts.retry', defaultMessage: 'Retry' },
  loading: { id: 'alerts.loading', defaultMessage: 'Loading alerts…' },
});

function AlertRowView({ row, coordinators, showActions, now }: { row: AlertRow; coordinators: CoordinatorOption[]; showActions: boolean; now: number }) {
  const intl = useIntl();
  const alert = useSelector(row, (s) => s.context.alert);
  const failure = useSelector(row, (s) => (s.hasTag('failed') ? s.context.failure : null));
  const busy = useSelector(row, (s) => s.hasTag('submitting'));
  const canAck = useSelector(row, (s) => s.can({ type: 'alert.acknowledge' }));
  const canAssign = useSelector(row, (s) => s.can({ type: 'alert.assign', coordinator: { _id: '', name: '' } }));
  const [choice, setChoice] = useState('');
  const chosen = coordinators.find((c) => c._id === choice);
  return (
    <tr data-alert-id={alert.id} aria-busy={busy}>
      <td data-label={intl.formatMessage(m.type)}>{intl.formatMessage(typeLabel[alert.type])}</td>
      <td data-label={intl.formatMessage(m.message)}>{alertMessage(intl, alert)}</td>
      <td data-label={intl.formatMessage(m.farmer)}>{alert.farmer ?? '—'}</td>
      <td data-label={intl.formatMessage(m.severity)} className={`severity severity-${alert.severity}`}>
        {intl.formatMessage(severityLabel[alert.severity])}
      </td>
      <td data-label={intl.formatMessage(m.status)}>
        <span className={`badge alert-state-${alertState(alert)}`}>{intl.formatMessage(stateLabel[alertState(alert)])}</span>{' '}
        {intl.formatMessage(statusLabel[alert.status])}
        {alert.status === 'assigned' && alert.assignedTo && (
          <div className="assignee">{intl.formatMessage(assignedTo, { name: alert.assignedTo.name })}</div>
        )}
      </td>
      <td data-label={intl.formatMessage(m.time)}>
        <AlertWhen at={alert.createdAt} now={now} />
      </td>
      {showActions && (
        <td data-label={intl.formatMessage(m.actions)}>
          {/* A flex box inside the cell: a flex td would stop being a table cell and shift the row. */}
          <div className="row-actions">
            {canAck && (
              <button type="button" className="button button-secondary" onClick={() => row.send({ type: 'alert.acknowledge' })}>
                {intl.formatMessage(m.acknowledge)}
              </button>
            )}
            {canAssign && coordinators.length > 0 && (
              <span className="assign">
                <select aria-label={intl.formatMessage(m.assignTo)} value={choice} onChange={(e) => setChoice(e.target.value)}>
                  <option value="">{intl.formatMessage(m.chooseCoordinator)}</option>
                  {coordinators.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <button type="button" className="button button-secondary" disabled={!chosen} onClick={() => chosen && row.send({ type: 'alert.assign', coordinator: chosen })}>
                  {intl.formatMessage(m.assign)}
                </button>
              </span>
            )}
            {failure && (
              <p className="field-error" role="alert">
                {intl.formatMessage(failure === 'acknowledge' ? m.ackFailed : m.assignFailed)}
              </p>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}

export function AdminAlertsTable({ showActions }: { showActions: boolean }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const rows = AlertsListContext.useSelector((s) => s.context.rows);
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
      {failed && (
        <div className="banner banner-error" role="alert">
          {intl.formatMessage(m.loadFailed)}{' '}
          <button type="button" className="button button-quiet" onClick={() => list.send({ type: 'alerts.retry' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      )}
      {loading && <p className="loading">{intl.formatMessage(m.loading)}</p>}
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
                <th>{intl.formatMessage(m.time)}</th>
                {showActions && <th>{intl.formatMessage(m.actions)}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <AlertRowView key={r.id} row={r} coordinators={coordinators} showActions={showActions} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && <Pager page={page} totalPages={totalPages} onGo={(p) => list.send({ type: 'alerts.page', page: p })} />}
    </section>
  );
}
