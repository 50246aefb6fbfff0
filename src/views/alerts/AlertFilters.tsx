/** The alert filters both lists share: severity, type and state (open / resolved); each change shows page 1. */
import { defineMessages, useIntl } from 'react-intl';
import { AlertsListContext } from '@/machines/alertsList.context';
import type { AlertState, AlertType, Severity } from '@/machines/alertsList.machine';
import { severityLabel, stateLabel, typeLabel } from './alertLabels';
import { ALERT_TYPES, SEVERITIES } from '../../../contracts/alertTypes';

const m = defineMessages({
  severity: { id: 'alerts.filter.severity', defaultMessage: 'Severity' },
  allSeverities: { id: 'alerts.filter.allSeverities', defaultMessage: 'All Severities' },
  type: { id: 'alerts.col.type', defaultMessage: 'Type' },
  allTypes: { id: 'alerts.filter.allTypes', defaultMessage: 'All types' },
  state: { id: 'alerts.filter.state', defaultMessage: 'Status' },
  allStates: { id: 'alerts.filter.allStates', defaultMessage: 'Active and resolved' },
});

const STATES: AlertState[] = ['open', 'resolved'];

export function AlertFilters({ idPrefix, allLabel }: { idPrefix: string; allLabel?: string }) {
  const intl = useIntl();
  const list = AlertsListContext.useActorRef();
  const severity = AlertsListContext.useSelector((s) => s.context.severity);
  const type = AlertsListContext.useSelector((s) => s.context.type);
  const state = AlertsListContext.useSelector((s) => s.context.state);
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
      <label htmlFor={`${idPrefix}-state`}>{intl.formatMessage(m.state)}</label>
      <select id={`${idPrefix}-state`} value={state ?? ''} onChange={(e) => list.send({ type: 'alerts.filterState', state: (e.target.value || null) as AlertState | null })}>
        <option value="">{allLabel ?? intl.formatMessage(m.allStates)}</option>
        {STATES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage(stateLabel[s])}
          </option>
        ))}
      </select>
    </>
  );
}
