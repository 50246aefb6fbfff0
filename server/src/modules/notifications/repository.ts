/**
 * The notifications' SQL: the bell's rows, the queue (notification_jobs, which is also the delivery log),
 * push subscriptions and the settings columns of users. Every read is limited to its caller by the service
 * (a person's own rows), or is the worker's.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alerts, fields, notificationJobs, notifications, pushSubscriptions, users } from '../../db/schema';
import { recordAlertEvent, type AlertEventDetail } from '../alerts/timeline';
import type {
  DeliveryItem,
  DeliveryStatus,
  NotificationChannel,
  NotificationItem,
  NotificationKind,
  NotificationSettings,
} from '../../../../contracts/notifications';
import { ADMIN_ROLES } from '../../../../contracts/roles';

/** A transaction or the database: everything here runs in either. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

// ---------------------------------------------------------------- recipients and subjects

export const recipientColumns = {
  id: users.id,
  name: users.name,
  role: users.role,
  email: users.email,
  phoneNumber: users.phoneNumber,
  preferredLanguage: users.preferredLanguage,
  prefs: users.notificationPreferences,
  saved: users.notificationSettings,
  status: users.status,
  // Spelled out: drizzle writes a selected column's name unqualified, which inside the subquery would mean ps.id.
  hasPush: sql<boolean>`exists (select 1 from push_subscriptions ps where ps.user_id = "users"."id")`,
};

export async function activeRecipients(db: Tx, where: SQL | undefined) {
  return db.select(recipientColumns).from(users).where(and(eq(users.status, 'Active'), where));
}
export type Recipient = Awaited<ReturnType<typeof activeRecipients>>[number];

export const adminsCondition = () => inArray(users.role, [...ADMIN_ROLES]);

const farmer = alias(users, 'farmer');

/** What a notification about an alert needs to know of it. */
export async function alertForNotice(db: Tx, alertId: string) {
  const [row] = await db
    .select({
      id: alerts.id,
      fieldId: alerts.fieldId,
      fieldName: fields.name,
      farmerId: alerts.farmerId,
      coordinatorId: farmer.managedBy,
      severity: alerts.severity,
      status: alerts.status,
      message: alerts.message,
      messageKey: alerts.messageKey,
      messageParams: alerts.messageParams,
      assignedTo: alerts.assignedTo,
      assignedAt: alerts.assignedAt,
      acknowledgedAt: alerts.acknowledgedAt,
      resolvedAt: alerts.resolvedAt,
      createdAt: alerts.createdAt,
    })
    .from(alerts)
    .innerJoin(fields, eq(fields.id, alerts.fieldId))
    .leftJoin(farmer, eq(farmer.id, alerts.farmerId))
    .where(eq(alerts.id, alertId))
    .limit(1);
  return row;
}
export type AlertNotice = NonNullable<Awaited<ReturnType<typeof alertForNotice>>>;

// ---------------------------------------------------------------- enqueue

export type NewNotification = {
  recipientId: string;
  subject: string;
  kind: NotificationKind;
  messageKey: string;
  params: Record<string, string | number>;
  alertId: string | null;
  messageId: string | null;
  link: string;
  inBell: boolean;
};

/** Inserts the rows not there yet; returns (recipient → id) of those inserted. */
export async function insertNotifications(db: Tx, rows: NewNotification[]) {
  if (rows.length === 0) return new Map<string, string>();
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.recipientId, notifications.subject] })
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  return new Map(inserted.map((r) => [r.recipientId, r.id]));
}

export type NewJob = typeof notificationJobs.$inferInsert;

/** Enqueues jobs; one already there under the same dedupe key is left as it is. How many were new. */
export async function insertJobs(db: Tx, rows: NewJob[]) {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(notificationJobs).values(rows).onConflictDoNothing({ target: notificationJobs.dedupeKey }).returning({ id: notificationJobs.id });
  return inserted.length;
}

/** The alert's timeline entry for an escalation: the one lifecycle function, alerts/timeline.ts recordAlertEvent. */
export async function recordEscalation(db: Tx, alertId: string, detail: Record<string, unknown>) {
  await recordAlertEvent(db as Parameters<typeof recordAlertEvent>[0], { alertId, kind: 'escalated', actorId: null, detail: detail as AlertEventDetail });
}

// ---------------------------------------------------------------- the queue

export type Job = typeof notificationJobs.$inferSelect;

/**
 * Claims up to `limit` due jobs: queued or retrying ones whose time has come, and running ones whose worker let
 * the lease run out (it died). Each claim counts as an attempt; `attempts` is then the claim's fencing token.
 */
export async function claimJobs(db: Tx, now: Date, leaseMs: number, limit: number): Promise<Job[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const res = await db.execute(sql`
    update notification_jobs j set status = 'running', attempts = j.attempts + 1, locked_until = ${until}::timestamptz, updated_at = ${at}::timestamptz
    where j.id in (
      select id from notification_jobs
      where (status in ('queued', 'retrying') and run_at <= ${at}::timestamptz)
         or (status = 'running' and locked_until < ${at}::timestamptz)
      order by run_at, id
      limit ${limit}
      for update skip locked)
    returning j.id`);
  const ids = ((res as unknown as { rows: Array<{ id: string }> }).rows ?? []).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(notificationJobs).where(inArray(notificationJobs.id, ids));
}

/** Ends a claimed job (only while the claim is still this worker's). */
export async function finishJob(
  db: Tx,
  job: Pick<Job, 'id' | 'attempts'>,
  set: { status: 'sent' | 'skipped' | 'failed' | 'retrying' | 'queued'; lastError?: string | null; runAt?: Date; attempts?: number },
  now: Date,
) {
  const rows = await db
    .update(notificationJobs)
    .set({ status: set.status, lastError: set.lastError ?? null, lockedUntil: null, updatedAt: now, ...(set.runAt ? { runAt: set.runAt } : {}), ...(set.attempts !== undefined ? { attempts: set.attempts } : {}) })
    .where(and(eq(notificationJobs.id, job.id), eq(notificationJobs.status, 'running'), eq(notificationJobs.attempts, job.attempts)))
    .returning({ id: notificationJobs.id });
  return rows.length > 0;
}

/** Alert SMS a farmer was sent since `since`. */
export async function smsSentSince(db: Tx, recipientId: string, since: Date) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notificationJobs)
    .where(
      and(
        eq(notificationJobs.recipientId, recipientId),
        eq(notificationJobs.channel, 'sms'),
        eq(notificationJobs.status, 'sent'),
        gte(notificationJobs.updatedAt, since),
      ),
    );
  return n;
}

export async function notificationById(db: Tx, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

export async function recipientById(db: Tx, id: string) {
  const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// ---------------------------------------------------------------- the bell

export type NotificationRow = typeof notifications.$inferSelect;

export const toItem = (r: NotificationRow): NotificationItem => ({
  _id: r.id,
  kind: r.kind,
  messageKey: r.messageKey,
  params: r.params,
  alertId: r.alertId,
  messageId: r.messageId,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

const mine = (userId: string) => and(eq(notifications.recipientId, userId), eq(notifications.inBell, true));

export async function unreadCount(db: Tx, userId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), isNull(notifications.readAt)));
  return n;
}

export async function notificationPage(db: Tx, userId: string, q: { page: number; limit: number; unread?: boolean }) {
  const where = and(mine(userId), q.unread ? isNull(notifications.readAt) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total };
}

/** Marks one of the user's notifications read (kept at its first read); false when it is not theirs. */
export async function markRead(db: Tx, userId: string, id: string, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Tx, userId: string, now: Date) {
  await db.update(notifications).set({ readAt: now }).where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
}

// ---------------------------------------------------------------- settings

export async function settingsRow(db: Tx, userId: string) {
  const [row] = await db.select({ prefs: users.notificationPreferences, saved: users.notificationSettings }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function saveSettings(db: Tx, userId: string, settings: NotificationSettings, prefs: typeof users.$inferSelect.notificationPreferences) {
  await db.update(users).set({ notificationSettings: settings, notificationPreferences: prefs, updatedAt: new Date() }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- push subscriptions

export async function subscriptionsOf(db: Tx, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Stores a subscription; an endpoint already known moves to this user (the browser signed in as someone else). */
export async function upsertSubscription(db: Tx, userId: string, s: { endpoint: string; p256dh: string; auth: string }) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...s })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: s.p256dh, auth: s.auth } });
}

export async function deleteSubscription(db: Tx, userId: string, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function dropSubscription(db: Tx, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionWorked(db: Tx, id: string, now: Date) {
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));
}

// ---------------------------------------------------------------- the delivery log

export type DeliveryFilters = {
  status?: DeliveryStatus;
  channel?: NotificationChannel;
  kind?: NotificationKind;
  recipientId?: string;
  from?: string;
  to?: string;
};

/** A job's state as the log says it: 'running' is a delivery still under way (first try or a retry). */
const logStatus = sql<DeliveryStatus>`case when ${notificationJobs.status} = 'running' then (case when ${notificationJobs.attempts} > 1 then 'retrying' else 'queued' end)::text else ${notificationJobs.status}::text end`;

function logWhere(f: DeliveryFilters) {
  const status =
    f.status === 'queued'
      ? or(eq(notificationJobs.status, 'queued'), and(eq(notificationJobs.status, 'running'), sql`${notificationJobs.attempts} <= 1`))
      : f.status === 'retrying'
        ? or(eq(notificationJobs.status, 'retrying'), and(eq(notificationJobs.status, 'running'), sql`${notificationJobs.attempts} > 1`))
        : f.status
          ? eq(notificationJobs.status, f.status)
          : undefined;
  return and(
    eq(notificationJobs.task, 'deliver'),
    status,
    f.channel ? eq(notificationJobs.channel, f.channel) : undefined,
    f.kind ? eq(notificationJobs.kind, f.kind) : undefined,
    f.recipientId ? eq(notificationJobs.recipientId, f.recipientId) : undefined,
    f.from ? gte(notificationJobs.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(notificationJobs.createdAt, new Date(f.to)) : undefined,
  );
}

export async function deliveryPage(db: Tx, f: DeliveryFilters, page: number, limit: number | null) {
  const where = logWhere(f);
  const query = db
    .select({
      id: notificationJobs.id,
      notificationId: notificationJobs.notificationId,
      recipientId: notificationJobs.recipientId,
      recipientName: users.name,
      channel: notificationJobs.channel,
      kind: notificationJobs.kind,
      status: logStatus,
      attempts: notificationJobs.attempts,
      lastError: notificationJobs.lastError,
      createdAt: notificationJobs.createdAt,
      updatedAt: notificationJobs.updatedAt,
    })
    .from(notificationJobs)
    .innerJoin(users, eq(users.id, notificationJobs.recipientId))
    .where(where)
    .orderBy(desc(notificationJobs.createdAt), desc(notificationJobs.id));
  const [rows, [{ total }]] = await Promise.all([
    limit === null ? query : query.limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(notificationJobs).where(where),
  ]);
  const items: DeliveryItem[] = rows.map((r) => ({
    _id: r.id,
    notificationId: r.notificationId,
    recipient: { _id: r.recipientId!, name: r.recipientName },
    channel: r.channel!,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { items, total };
}
