/**
 * Turning what happened into notifications: a bell row per recipient and a queued job per channel they chose,
 * written in the caller's transaction, so a notification exists exactly when the change that caused it
 * committed. Both are idempotent (unique subject per recipient, unique dedupe key per job): calling twice for
 * the same event adds nothing. Delivery (and the socket push) is the worker's, after the commit.
 *
 * INTEGRATOR: enqueueAlertNotifications is called today from the alert engine (raised) and the assign path;
 * at the merge with the alarm rework, recordAlertEvent (alerts/timeline.ts) calls it for every event instead.
 */
import { EventEmitter } from 'node:events';
import { and, eq, inArray, or } from 'drizzle-orm';
import { isAlertMessageKey } from '../../../../contracts/alertTypes';
import type { NotificationChannel, NotificationKind, NotificationParams } from '../../../../contracts/notifications';
import { users } from '../../db/schema';
import { chosenChannels, effectiveSettings, isAlertKind } from '../../domain/notifications/settings';
import { NOTIFICATION_TEXT_KEYS } from '../../domain/notifications/texts';
import * as repo from './repository';

/** Told (synchronously) whenever jobs were enqueued; the worker looks for them a moment later. */
export const queueSignal = new EventEmitter();
queueSignal.setMaxListeners(0);

export type AlertEvent = { alertId: string; kind: string; actorId: string | null; detail?: unknown };

/** A kind and its sentence's values (contracts/notifications.ts NOTIFICATION_PARAMS): they cannot be mixed up. */
type KindAndParams = { [K in NotificationKind]: { kind: K; params: NotificationParams<K> } }[NotificationKind];

export type Notice = KindAndParams & {
  subject: string;
  messageKey: string;
  alertId: string | null;
  messageId: string | null;
  link: (r: repo.Recipient) => string;
  /**
   * Who may get an SMS: the one farmer whose field it is (an alert), or every farmer it is for ('farmers': a
   * coordinator's message); nobody else is ever texted, and only farmers.
   */
  smsTo?: string | 'farmers' | null;
  /** SMS dedupe subject: one SMS per alert, whatever else is said about it later. */
  smsSubject?: string;
};

export const alertLink = (r: Pick<repo.Recipient, 'role'>, alertId: string) =>
  r.role === 'farmer' ? `/?alert=${alertId}` : `/alerts?alert=${alertId}`;

/** The alert's sentence as the bell's own sentences carry it: its key, its parameters and its English text. */
export const alertParams = (a: repo.AlertNotice): NotificationParams<'alertRaised'> => ({
  ...(a.messageParams ?? {}),
  field: a.fieldName,
  ...(isAlertMessageKey(a.messageKey) ? { alertKey: a.messageKey } : {}),
  alert: a.message,
});

/** Writes the rows and jobs of one notice to these recipients; how many jobs were new. */
export async function notify(tx: repo.Tx, recipients: repo.Recipient[], n: Notice): Promise<number> {
  const plans = recipients.flatMap((r) => {
    const settings = effectiveSettings(r.saved, r.prefs);
    const channels = chosenChannels(settings, n.kind).filter((ch) => usable(ch, r, n));
    return channels.length ? [{ r, channels }] : [];
  });
  const ids = await repo.insertNotifications(
    tx,
    plans.map(({ r, channels }) => ({
      recipientId: r.id,
      subject: n.subject,
      kind: n.kind,
      messageKey: n.messageKey,
      params: n.params,
      alertId: n.alertId,
      messageId: n.messageId,
      link: n.link(r),
      inBell: channels.includes('inApp'),
    })),
  );
  const jobs: repo.NewJob[] = [];
  for (const { r, channels } of plans) {
    const notificationId = ids.get(r.id);
    if (!notificationId) continue; // told already
    for (const channel of channels) {
      const subject = channel === 'sms' && n.smsSubject ? n.smsSubject : n.subject;
      jobs.push({ dedupeKey: `${subject}|${r.id}|${channel}`, kind: n.kind, channel, notificationId, recipientId: r.id, alertId: n.alertId });
    }
  }
  const added = await repo.insertJobs(tx, jobs);
  if (added) queueSignal.emit('queued');
  return added;
}

function usable(ch: NotificationChannel, r: repo.Recipient, n: Notice) {
  if (ch === 'push') return r.hasPush;
  if (ch === 'sms') return r.role === 'farmer' && !!r.phoneNumber && (n.smsTo === 'farmers' ? n.kind === 'message' : isAlertKind(n.kind) && r.id === n.smsTo);
  return true;
}

/**
 * An alert event → notifications. 'raised': the field's farmer, their coordinator and the admins, and the
 * escalation check is scheduled; 'assigned': the assignee. Other kinds tell nobody (yet). The actor is never
 * told of their own act. Runs in the caller's transaction (`tx`, or the database).
 */
export async function enqueueAlertNotifications(tx: repo.Tx, event: AlertEvent): Promise<number> {
  if (event.kind !== 'raised' && event.kind !== 'assigned') return 0;
  const a = await repo.alertForNotice(tx, event.alertId);
  if (!a) return 0;
  const notActor = (list: repo.Recipient[]) => list.filter((r) => r.id !== event.actorId);
  if (event.kind === 'raised') {
    const people = [a.farmerId, a.coordinatorId].filter((x): x is string => !!x);
    const recipients = notActor(await repo.activeRecipients(tx, or(people.length ? inArray(users.id, people) : undefined, repo.adminsCondition())));
    let added = await notify(tx, recipients, {
      subject: `alert:${a.id}:raised`,
      kind: 'alertRaised',
      // The engine's own sentences by their key; another module's wording inside the bell's "new alert on …".
      messageKey: isAlertMessageKey(a.messageKey) ? a.messageKey : NOTIFICATION_TEXT_KEYS.alertRaised,
      params: alertParams(a),
      alertId: a.id,
      messageId: null,
      link: (r) => alertLink(r, a.id),
      smsTo: a.farmerId,
      smsSubject: `alert:${a.id}`,
    });
    // The escalation check: the worker reschedules it to when it falls due for the alert's severity.
    added += await repo.insertJobs(tx, [
      { dedupeKey: `alert:${a.id}|escalate|1`, task: 'escalate', kind: 'alertEscalated', alertId: a.id, stage: 1 },
    ]);
    queueSignal.emit('queued');
    return added;
  }
  if (!a.assignedTo || !a.assignedAt) return 0;
  const recipients = notActor(await repo.activeRecipients(tx, eq(users.id, a.assignedTo)));
  return notify(tx, recipients, {
    subject: `alert:${a.id}:assigned:${a.assignedAt.getTime()}`,
    kind: 'alertAssigned',
    messageKey: NOTIFICATION_TEXT_KEYS.alertAssigned,
    params: alertParams(a),
    alertId: a.id,
    messageId: null,
    link: (r) => alertLink(r, a.id),
  });
}

/**
 * A coordinator's message → each recipient farmer: the bell, push, and an SMS with the message itself on the
 * channels the farmer chose (the worker applies quiet hours and the daily SMS cap, and records the SMS outcome on
 * the message's recipient row, 'queued' until then). Returns how many jobs were new.
 */
export async function enqueueMessageNotifications(
  tx: repo.Tx,
  m: { messageId: string; senderId: string; senderName: string; subject: string; body: string; farmerIds: string[] },
): Promise<number> {
  if (m.farmerIds.length === 0) return 0;
  const recipients = await repo.activeRecipients(tx, and(inArray(users.id, m.farmerIds), eq(users.role, 'farmer')));
  const added = await notify(tx, recipients, {
    subject: `message:${m.messageId}`,
    kind: 'message',
    messageKey: NOTIFICATION_TEXT_KEYS.message,
    params: { sender: m.senderName, subject: m.subject, body: m.body },
    alertId: null,
    messageId: m.messageId,
    link: () => '/messages',
    smsTo: 'farmers',
  });
  await repo.messageSmsQueued(tx, m.messageId);
  return added;
}
