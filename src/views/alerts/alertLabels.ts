/** Labels shared by the alerts screens: types, severities, statuses, and an alert's message in the reader's language. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AlertItem, AlertType, Severity } from '@/machines/alertsList.machine';
import { formatNum } from '@/i18n/format';
import { ALERT_MESSAGES, ALERT_TYPES, alertTypeLabelId, isAlertMessageKey } from '../../../contracts/alertTypes';

/** One label per alert type of contracts/alertTypes.ts, from the catalogs (id `alerts.type.<type>`). */
export const typeLabel = Object.fromEntries(ALERT_TYPES.map((t) => [t, { id: alertTypeLabelId(t) }])) as Record<AlertType, MessageDescriptor>;

export const severityLabel = defineMessages({
  critical: { id: 'alerts.severity.critical', defaultMessage: 'Critical' },
  major: { id: 'alerts.severity.major', defaultMessage: 'Major' },
  minor: { id: 'alerts.severity.minor', defaultMessage: 'Minor' },
  warning: { id: 'alerts.severity.warning', defaultMessage: 'Warning' },
});

/** The four statuses (active/cleared × unacknowledged/acknowledged), as every list and the details show them. */
export const statusLabel = defineMessages({
  active_unack: { id: 'alerts.status.activeUnack', defaultMessage: 'Active, unacknowledged' },
  active_ack: { id: 'alerts.status.activeAck', defaultMessage: 'Active, acknowledged' },
  cleared_unack: { id: 'alerts.status.clearedUnack', defaultMessage: 'Cleared, unacknowledged' },
  cleared_ack: { id: 'alerts.status.clearedAck', defaultMessage: 'Cleared, acknowledged' },
});

/** Whether the condition still holds (active) or the alert was cleared: the badge on every alert. */
export const stateLabel = defineMessages({
  open: { id: 'alerts.state.open', defaultMessage: 'Active' },
  resolved: { id: 'alerts.state.cleared', defaultMessage: 'Cleared' },
});
export const alertState = (a: AlertItem) => (a.status === 'active_unack' || a.status === 'active_ack' ? 'open' : 'resolved');

/** A system entry of the timeline (a person's comment shows its own words). */
export const eventLabel = defineMessages({
  raised: { id: 'alerts.event.raised', defaultMessage: 'Alert raised' },
  repeated: { id: 'alerts.event.repeated', defaultMessage: 'Seen again' },
  severityChanged: { id: 'alerts.event.severityChanged', defaultMessage: 'Severity changed' },
  acknowledged: { id: 'alerts.event.acknowledged', defaultMessage: 'Acknowledged' },
  assigned: { id: 'alerts.event.assigned', defaultMessage: 'Assigned' },
  cleared: { id: 'alerts.event.cleared', defaultMessage: 'Cleared' },
  escalated: { id: 'alerts.event.escalated', defaultMessage: 'Escalated' },
  comment: { id: 'alerts.event.comment', defaultMessage: 'Comment' },
});

/** Symbols every system font draws (phones without colour emoji fonts show boxes for emoji); a type without one shows ⚠. */
const ICONS: Partial<Record<AlertType, string>> = { moisture: '☔', temperature: '☀', pest: '✲', irrigation: '☂', offline: '⚠' };
export const typeIcon = (type: AlertType) => ICONS[type] ?? '⚠';
/** A dot coloured by the severity's class. */
export const SEVERITY_ICON: Record<Severity, string> = { critical: '●', major: '●', minor: '●', warning: '●' };

/**
 * The one renderer of the engine's alert sentences (the alert screens and the bell's notifications): the sentence
 * of message key `key` (contracts/alertTypes.ts, which also names the placeholders each needs) in the reader's
 * language, filled from `given` (numbers with Latin digits, at most one decimal); `fallback` when the key is not an
 * alert sentence or a value it needs is missing (the stored English text says it better than a half-filled one).
 */
export function alertSentence<F extends string | null>(intl: IntlShape, key: unknown, given: Record<string, string | number | null | undefined>, fallback: F): string | F {
  if (typeof key !== 'string' || !isAlertMessageKey(key)) return fallback;
  if (ALERT_MESSAGES[key].params.some((k) => given[k] === null || given[k] === undefined)) return fallback;
  const params = Object.fromEntries(
    Object.entries(given).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, typeof v === 'number' ? formatNum(v, { maximumFractionDigits: 1 }) : String(v)]])),
  );
  const sentence: MessageDescriptor = { id: key, defaultMessage: ALERT_MESSAGES[key].english };
  return intl.formatMessage(sentence, params);
}

/** An alert's text in the reader's language (its stored English text when its sentence cannot be said). */
export function alertMessage(intl: IntlShape, a: AlertItem) {
  return alertSentence(intl, a.messageKey, { field: a.fieldName, value: a.value, threshold: a.threshold, ...a.messageParams }, a.message);
}
