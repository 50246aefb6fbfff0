/**
 * The few sentences a notification says outside the app (Web Push, SMS, e-mail), in each language, and the
 * alert engine's messages in each language (declared once in contracts/alertTypes.ts ALERT_MESSAGES; the same
 * sentences are the browser's catalog entries, tests/server/notifications/texts.test.ts keeps them equal).
 * Pure: no database.
 */
import { ALERT_MESSAGES, isAlertMessageKey, type AlertMessageKey } from '../../../../contracts/alertTypes';
import type { NotificationKind } from '../../../../contracts/notifications';
import type { Lang } from '../language';

type Three = Record<Lang, string>;

/** Catalog ids of the bell's own sentences (the browser's catalogs hold the same ids). */
export const NOTIFICATION_TEXT_KEYS = {
  alertRaised: 'notifications.text.alertRaised',
  alertAssigned: 'notifications.text.alertAssigned',
  alertEscalated: 'notifications.text.alertEscalated',
  message: 'notifications.text.message',
} as const;

/** The engine's alert sentences in each language, as contracts/alertTypes.ts declares them. */
const ALERT_SENTENCES = Object.fromEntries(
  Object.entries(ALERT_MESSAGES).map(([key, m]) => [key, { english: m.english, marathi: m.marathi, hindi: m.hindi }]),
) as Record<AlertMessageKey, Three>;

export const NOTIFICATION_SENTENCES: Record<(typeof NOTIFICATION_TEXT_KEYS)[keyof typeof NOTIFICATION_TEXT_KEYS], Three> = {
  'notifications.text.alertRaised': {
    english: 'New alert on {field}: {alert}',
    marathi: 'शेत {field} वर नवीन सूचना: {alert}',
    hindi: '{field} पर नया अलर्ट: {alert}',
  },
  'notifications.text.alertAssigned': {
    english: 'An alert on {field} was assigned to you: {alert}',
    marathi: 'शेत {field} वरील सूचना तुमच्याकडे सोपवली: {alert}',
    hindi: '{field} का अलर्ट आपको सौंपा गया: {alert}',
  },
  'notifications.text.alertEscalated': {
    english: 'Still not acknowledged after {minutes} minutes: {alert}',
    marathi: '{minutes} मिनिटांनंतरही स्वीकारली नाही: {alert}',
    hindi: '{minutes} मिनट बाद भी स्वीकार नहीं किया गया: {alert}',
  },
  'notifications.text.message': {
    english: 'Message from {sender}: {subject}',
    marathi: '{sender} यांचा संदेश: {subject}',
    hindi: '{sender} का संदेश: {subject}',
  },
};

/** A push notification's title per kind. */
const TITLES: Record<NotificationKind, Three> = {
  alertRaised: { english: 'ShetMitra: new alert', marathi: 'शेतमित्र: नवीन सूचना', hindi: 'शेतमित्र: नया अलर्ट' },
  alertAssigned: { english: 'ShetMitra: alert assigned to you', marathi: 'शेतमित्र: सूचना तुमच्याकडे', hindi: 'शेतमित्र: अलर्ट आपको सौंपा गया' },
  alertEscalated: { english: 'ShetMitra: alert needs attention', marathi: 'शेतमित्र: सूचनेकडे लक्ष द्या', hindi: 'शेतमित्र: अलर्ट पर ध्यान दें' },
  message: { english: 'ShetMitra: new message', marathi: 'शेतमित्र: नवीन संदेश', hindi: 'शेतमित्र: नया संदेश' },
};

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));

/** An alert's sentence in `lang` (its stored English text when the key is unknown). */
export function alertSentence(lang: Lang, key: string | null, params: Record<string, string | number> | null, english: string): string {
  if (!isAlertMessageKey(key) || !params) return english;
  return fill(ALERT_SENTENCES[key][lang], params);
}

/**
 * A notification's sentence: its messageKey is an alert message key (alertRaised) or one of the bell's own.
 * The bell's alert sentences carry the alert's own key and parameters (`alertKey`, `field`, `value`, …) and its
 * English text as `alert`; `{alert}` is the alert's sentence in the same language.
 */
export function notificationSentence(lang: Lang, messageKey: string, params: Record<string, string | number>): string {
  if (isAlertMessageKey(messageKey)) return fill(ALERT_SENTENCES[messageKey][lang], params);
  const own = NOTIFICATION_SENTENCES[messageKey as keyof typeof NOTIFICATION_SENTENCES];
  if (!own) return messageKey;
  const alert = alertSentence(lang, typeof params.alertKey === 'string' ? params.alertKey : null, params, String(params.alert ?? ''));
  return fill(own[lang], { ...params, alert });
}

export const notificationTitle = (lang: Lang, kind: NotificationKind) => TITLES[kind][lang];

/** SMS: short, one line, in the farmer's language. Cut to 300 characters (two to five SMS parts in Devanagari). */
export function smsText(lang: Lang, sentence: string, kind: NotificationKind = 'alertRaised'): string {
  const text = `${TITLES[kind][lang]}: ${sentence}`.replace(/\s+/g, ' ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

export { ALERT_SENTENCES };
