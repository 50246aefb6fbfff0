/** The alert filters every list shares: severity, type and status (active/cleared × unack/ack); each change shows page 1. */
import { defineMessages, useIntl } from 'react-intl';
import { AlertsListContext } from '@/machines/alertsList.context';
import type { AlertStatus, AlertType, Severity } from '@/machines/alertsList.machine';
import { severityLabel, statusLabel, typeLabel } from './alertLabels';
import { ALERT_STATUSES, ALERT_TYPES, SEVERITIES } from '../../../contracts/alertTypes';

const m = defineMessages({
  severity: { id: 'alerts.filter.severity', defaultMessage: 'Severity' },
  allSeverities: { id: 'alerts.filter.allSeverities', defaultMessage: 'All Severities' },
  type: { id: 'alerts.col.type', defaultMessage: 'Type' },
  allTypes: { id: 'alerts.filter.allTypes', defaultMessage: 'All types' },
  status: { id: 'alerts.filter.state', defaultMessage: 'Status' },
  allStatuses: { id: 'alerts.filter.allStatuses', defaultMessage: 'All statuses' },
});

export function AlertFilters({ idPrefix, allLabel }: { idPrefix: string; allLabel?: string }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const severity = AlertsListContext.useSelector((s) => s.context.severity);
  const type = AlertsListContext.useSelector((s) => s.context.type);
  const status = AlertsListContext.useSelector((s) => s.context.status);
  return (
    <>
      <label htmlFor={`${idPrefix}-severity`}>{intl.formatMessage(m.severity)}</label>
      <select id={`${idPrefix}-severity`} value={severity ?? ''} onChange={(e) => list.send({ type: 'alerts.filterSeverity', severity: (e.target.value || null) as Severity | null })}>
        <option value="">{allLabel ?? intl.formatMessage(m.allSeverities)}</option>
        {SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage(severityLabel[s])}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-type`}>{intl.formatMessage(m.type)}</label>
      <select id={`${idPrefix}-type`} value={type ?? ''} onChange={(e) => list.send({ type: 'alerts.filterType', alertType: (e.target.value || null) as AlertType | null })}>
        <option value="">{allLabel ?? intl.formatMessage(m.allTypes)}</option>
        {ALERT_TYPES.map((t) => (
          <option key={t} value={t}>
            {intl.formatMessage(typeLabel[t])}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-status`}>{intl.formatMessage(m.status)}</label>
      <select id={`${idPrefix}-status`} value={status ?? ''} onChange={(e) => list.send({ type: 'alerts.filterStatus', status: (e.target.value || null) as AlertStatus | null })}>
        <option value="">{allLabel ?? intl.formatMessage(m.allStatuses)}</option>
        {ALERT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage(statusLabel[s])}
          </option>
        ))}
      </select>
    </>
  );
}
