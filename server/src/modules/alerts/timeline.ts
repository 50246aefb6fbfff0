/**
 * An alert's timeline (table alert_actions). Every lifecycle change of an alert — raised, repeated, severity
 * changed, acknowledged, assigned, cleared (by the engine or by a person), escalated — and every person's comment
 * is written here, by `recordAlertEvent`, inside the same transaction as the change itself: a change that rolls
 * back leaves no entry, and an entry never exists without its change.
 *
 * This is the one place other modules hook into the lifecycle: the notification centre enqueues its jobs for
 * 'raised', 'assigned' and 'escalated' from here (same transaction, so a notification exists exactly when its
 * change committed), and escalation jobs call it with kind 'escalated'.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alertActions, users } from '../../db/schema';
import { ALERT_EVENT_KINDS, type AlertEventKind } from '../../../../contracts/alertTypes';
import type { TimelineEntry } from '../../../../contracts/alerts';
import { enqueueAlertNotifications } from '../notifications/enqueue';
import { recordAudit, type AuditActor, type AuditValues } from '../../lib/audit';

export { ALERT_EVENT_KINDS, type AlertEventKind };

/** A database or an open transaction (what `db.transaction` hands its callback). */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type AlertEventDetail = Record<string, string | number | boolean | null>;

export type AlertEvent = {
  alertId: string;
  kind: AlertEventKind;
  /** The person who did it; null for the system (the engine, an escalation job). */
  actorId: string | null;
  detail?: AlertEventDetail;
  /** A person's acknowledge, assign or clear: the audit entry written alongside (lib/audit.ts), with what changed. */
  audit?: { by: AuditActor; before: AuditValues; after: AuditValues };
};

const AUDITED = { acknowledged: 'alert.acknowledge', assigned: 'alert.assign', cleared: 'alert.clear' } as const;

/**
 * Records one lifecycle change (or comment) of an alert. Call it with the transaction that makes the change.
 * Returns the entry's id and time.
 */
export async function recordAlertEvent(tx: Tx, event: AlertEvent): Promise<{ id: string; createdAt: Date }> {
  if (!ALERT_EVENT_KINDS.includes(event.kind)) throw new Error(`unknown alert event kind: ${String(event.kind)}`);
  const [row] = await tx
    .insert(alertActions)
    // clock_timestamp(): entries written in one transaction keep the order they were written in.
    .values({ alertId: event.alertId, actorId: event.actorId, action: event.kind, detail: event.detail ?? {}, createdAt: sql`clock_timestamp()` })
    .returning({ id: alertActions.id, createdAt: alertActions.createdAt });
  // The notification centre's jobs for this change, in the same transaction (it picks the kinds it notifies of).
  await enqueueAlertNotifications(tx, { alertId: event.alertId, kind: event.kind, actorId: event.actorId });
  if (event.audit && event.kind in AUDITED) {
    const action = AUDITED[event.kind as keyof typeof AUDITED];
    await recordAudit(tx, event.audit.by, { action, target: { type: 'alert', id: event.alertId }, before: event.audit.before, after: event.audit.after });
  }
  return row;
}

const actor = alias(users, 'actor');

/** The alert's timeline, oldest first (the caller has checked the reader may see the alert). */
export async function timelineOf(db: Tx, alertId: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ a: alertActions, actorName: actor.name })
    .from(alertActions)
    .leftJoin(actor, eq(actor.id, alertActions.actorId))
    .where(eq(alertActions.alertId, alertId))
    .orderBy(asc(alertActions.createdAt), asc(alertActions.id));
  return rows.map(({ a, actorName }) => ({
    _id: a.id,
    kind: (ALERT_EVENT_KINDS as readonly string[]).includes(a.action) ? (a.action as AlertEventKind) : 'repeated',
    actor: a.actorId && actorName ? { _id: a.actorId, name: actorName } : null,
    detail: flat(a.detail),
    createdAt: a.createdAt.toISOString(),
  }));
}

/** Only flat values travel (the contract's detail shape). */
function flat(detail: unknown): AlertEventDetail {
  if (!detail || typeof detail !== 'object') return {};
  return Object.fromEntries(
    Object.entries(detail as Record<string, unknown>).filter(
      ([, v]) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
    ),
  ) as AlertEventDetail;
}
