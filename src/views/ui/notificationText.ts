/** A notification's sentence and kind label in the reader's language, from its messageKey + params (issue 16). */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { formatNum } from '@/i18n/format';
import type { NotificationItem } from '@/machines/notificationCentre.machine';
import type { NotificationKind } from '../../../contracts/notifications';
import { isAlertMessageKey } from '../../../contracts/alertTypes';
import { alertSentence } from '@/views/alerts/alertLabels';

export const kindLabel: Record<NotificationKind, MessageDescriptor> = defineMessages({
  alertRaised: { id: 'notifications.kind.alertRaised', defaultMessage: 'New alert' },
  alertAssigned: { id: 'notifications.kind.alertAssigned', defaultMessage: 'Assigned to you' },
  alertEscalated: { id: 'notifications.kind.alertEscalated', defaultMessage: 'Escalated' },
  message: { id: 'notifications.kind.message', defaultMessage: 'Message' },
});

/**
 * The bell's own sentences (their ids are the server's messageKey; server/src/domain/notifications/texts.ts says the
 * same words in a push or SMS). `{alert}` is the alert's own sentence in the reader's language.
 */
export const notificationSentences = defineMessages({
  alertRaised: { id: 'notifications.text.alertRaised', defaultMessage: 'New alert on {field}: {alert}' },
  alertAssigned: { id: 'notifications.text.alertAssigned', defaultMessage: 'An alert on {field} was assigned to you: {alert}' },
  alertEscalated: { id: 'notifications.text.alertEscalated', defaultMessage: 'Still not acknowledged after {minutes} minutes: {alert}' },
  message: { id: 'notifications.text.message', defaultMessage: 'Message from {sender}: {subject}' },
});

const SENTENCES: Record<string, MessageDescriptor> = Object.fromEntries(Object.values(notificationSentences).map((d) => [d.id, d]));

type Params = NotificationItem['params'];

/** The argument names of a catalog sentence ({field}, {count, plural, …}). */
const argumentsOf = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((m) => m[1]);

/** Numbers with Latin digits and at most one decimal, as the alert screens show them. */
const shown = (params: Params) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? formatNum(v, { maximumFractionDigits: 1 }) : v]));

/** `descriptor` filled from `params`, or null when the sentence needs a value the params lack. */
function filled(intl: IntlShape, descriptor: MessageDescriptor, params: Params): string | null {
  const source = intl.messages[String(descriptor.id)];
  const text = typeof source === 'string' ? source : String(descriptor.defaultMessage ?? '');
  if (argumentsOf(text).some((k) => params[k] === undefined || params[k] === null)) return null;
  return intl.formatMessage(descriptor, shown(params));
}

/**
 * The sentence of a notification: an alert's message key (contracts/alertTypes.ts) or one of `notifications.text.*`,
 * filled from its params; `{alert}` is the alert's sentence (by `alertKey`) in the reader's language, else the
 * alert's stored text. A key this build does not know, or params missing a value the sentence needs, gives the
 * kind's label rather than a half-filled sentence or a raw id.
 */
export function notificationText(intl: IntlShape, n: Pick<NotificationItem, 'kind' | 'messageKey' | 'params'>): string {
  const byKind = () => intl.formatMessage(kindLabel[n.kind]);
  // The alert sentences are the alert screens' own renderer (alertLabels.alertSentence).
  if (isAlertMessageKey(n.messageKey)) return alertSentence(intl, n.messageKey, n.params, null) ?? byKind();
  const descriptor = SENTENCES[n.messageKey];
  if (!descriptor) return byKind();
  const alert = alertSentence(intl, n.params.alertKey, n.params, n.params.alert === undefined ? null : String(n.params.alert)) ?? undefined;
  return filled(intl, descriptor, alert === undefined ? n.params : { ...n.params, alert }) ?? byKind();
}
