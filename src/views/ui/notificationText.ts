/** A notification's sentence and kind label in the reader's language, from its messageKey + params (issue 16). */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { formatNum } from '@/i18n/format';
import type { NotificationItem } from '@/machines/notificationCentre.machine';
import type { NotificationKind } from '../../../contracts/notifications';
import { ALERT_MESSAGES, isAlertMessageKey } from '../../../contracts/alertTypes';

export const kindLabel: Record<NotificationKind, MessageDescriptor> = defineMessages({
  alertRaised: { id: 'notifications.kind.alertRaised', defaultMessage: 'New alert' },
  alertAssigned: { id: 'notifications.kind.alertAssigned', defaultMessage: 'Assigned to you' },
  alertEscalated: { id: 'notifications.kind.alertEscalated', defaultMessage: 'Escalated' },
  message: { id: 'notifications.kind.message', defaultMessage: 'Message' },
});

/** The sentences of the notifications that are not an alert's own text (their ids are the server's messageKey). */
export const notificationSentences = defineMessages({
  alertAssigned: { id: 'notifications.text.alertAssigned', defaultMessage: '{by} assigned you the alert on {field}' },
  alertEscalated: { id: 'notifications.text.alertEscalated', defaultMessage: 'The alert on {field} is not acknowledged after {minutes} minutes' },
  message: { id: 'notifications.text.message', defaultMessage: 'New message from {from}' },
});

const SENTENCES: Record<string, MessageDescriptor> = Object.fromEntries(Object.values(notificationSentences).map((d) => [d.id, d]));

/** The argument names of a catalog sentence ({field}, {count, plural, …}). */
const argumentsOf = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((m) => m[1]);

/**
 * The sentence of a notification: an alert's message key (contracts/alertTypes.ts) or one of `notifications.text.*`,
 * filled from its params (numbers with Latin digits). A key this build does not know, or params missing a value the
 * sentence needs, gives the kind's label rather than a half-filled sentence or a raw id.
 */
export function notificationText(intl: IntlShape, n: Pick<NotificationItem, 'kind' | 'messageKey' | 'params'>): string {
  const descriptor: MessageDescriptor | undefined = isAlertMessageKey(n.messageKey)
    ? { id: n.messageKey, defaultMessage: ALERT_MESSAGES[n.messageKey].english }
    : SENTENCES[n.messageKey];
  if (!descriptor) return intl.formatMessage(kindLabel[n.kind]);
  const source = intl.messages[String(descriptor.id)];
  const text = typeof source === 'string' ? source : String(descriptor.defaultMessage ?? '');
  if (argumentsOf(text).some((k) => n.params[k] === undefined || n.params[k] === null)) return intl.formatMessage(kindLabel[n.kind]);
  const values = Object.fromEntries(
    Object.entries(n.params).map(([k, v]) => [k, typeof v === 'number' ? formatNum(v, { maximumFractionDigits: 1 }) : v]),
  );
  return intl.formatMessage(descriptor, values);
}
