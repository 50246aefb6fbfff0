/** Labels shared by the alerts screens: types, severities, statuses, and an alert's message in the reader's language. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AlertItem, AlertType, Severity } from '@/machines/alertsList.machine';
import { formatNum } from '@/i18n/format';
import { ALERT_MESSAGES, ALERT_TYPES, alertTypeLabelId, isAlertMessageKey } from '../../../contracts/alertTypes';

/** One label per alert type of contracts/alertTypes.ts, from the catalogs (id `alerts.type.<type>`). */
export const typeLabel = Object.fromEntries(ALERT_TYPES.map((t) => [t, { id: alertTypeLabelId(t) }])) as Record<AlertType, MessageDescriptor>;

export const severityLabel = defineMessages({
  high: { id: 'alerts.severity.high', defaultMessage: 'High' },
  medium: { id: 'alerts.severity.medium', defaultMessage: 'Medium' },
  low: { id: 'alerts.severity.low', defaultMessage: 'Low' },
});

export const statusLabel = defineMessages({
  unacknowledged: { id: 'alerts.status.unacknowledged', defaultMessage: 'Unacknowledged' },
  acknowledged: { id: 'alerts.status.acknowledged', defaultMessage: 'Acknowledged' },
  assigned: { id: 'alerts.status.assigned', defaultMessage: 'Assigned' },
});

/** Whether the condition still holds (open) or has ended (resolved): shown on every alert. */
export const stateLabel = defineMessages({
  open: { id: 'alerts.state.open', defaultMessage: 'Active' },
  resolved: { id: 'alerts.state.resolved', defaultMessage: 'Resolved' },
});
export const alertState = (a: AlertItem) => (a.resolvedAt === null ? 'open' : 'resolved');

/** Symbols every system font draws (phones without colour emoji fonts show boxes for emoji); a type without one shows ⚠. */
const ICONS: Partial<Record<AlertType, string>> = { moisture: '☔', temperature: '☀', pest: '✲', irrigation: '☂', offline: '⚠' };
export const typeIcon = (type: AlertType) => ICONS[type] ?? '⚠';
/** A dot coloured by the severity's class. */
export const SEVERITY_ICON: Record<Severity, string> = { high: '●', medium: '●', low: '●' };

/**
 * Alert texts the engine raises, in the reader's language: the catalog id is the message key of
 * contracts/alertTypes.ts, which also names the placeholders each sentence needs.
 */
export function alertMessage(intl: IntlShape, a: AlertItem) {
  const key = a.messageKey;
  if (!isAlertMessageKey(key)) return a.message;
  const given: Record<string, string | number | null> = { field: a.fieldName, value: a.value, threshold: a.threshold, ...a.messageParams };
  // Without every value the sentence needs, the stored English text says it better than a half-filled one.
  if (ALERT_MESSAGES[key].params.some((k) => given[k] === null || given[k] === undefined)) return a.message;
  const params = Object.fromEntries(
    Object.entries(given).map(([k, v]) => [k, typeof v === 'number' ? formatNum(v, { maximumFractionDigits: 1 }) : String(v)]),
  );
  const sentence: MessageDescriptor = { id: key, defaultMessage: ALERT_MESSAGES[key].english };
  return intl.formatMessage(sentence, params);
}
