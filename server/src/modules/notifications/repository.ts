/**
 * The notifications' SQL: the bell's rows, the queue (notification_jobs, which is also the delivery log),
 * push subscriptions and the settings columns of users. Every read is limited to its caller by the service
 * (a person's own rows), or is the worker's.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alerts, fields, messageRecipients, notificationJobs, notifications, pushSubscriptions, users } from '../../db/schema';
import { recordAlertEvent, type AlertEventDetail } from '../alerts/timeline';
import type {
  DeliveryItem,
  DeliveryStatus,
  NotificationChannel,
  NotificationItem,
  NotificationKind,
  NotificationParams,
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

const alertNoticeColumns = {
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
};
const alertNotices = (db: Tx) =>
  db.select(alertNoticeColumns).from(alerts).innerJoin(fields, eq(fields.id, alerts.fieldId)).leftJoin(farmer, eq(farmer.id, alerts.farmerId));

/** What a notification about an alert needs to know of it. */
export async function alertForNotice(db: Tx, alertId: string) {
  const [row] = await alertNotices(db).where(eq(alerts.id, alertId)).limit(1);
  return row;
}
export type AlertNotice = NonNullable<Awaited<ReturnType<typeof alertForNotice>>>;

/** The same for many alerts at once (a batch of deliveries). */
export async function alertsForNotice(db: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, AlertNotice>();
  const rows = await alertNotices(db).where(inArray(alerts.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------------------------------------------------------------- enqueue

export type NewNotification = {
  recipientId: string;
  subject: string;
  kind: NotificationKind;
  messageKey: string;
  params: NotificationParams;
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
    // (JSON leaves out an optional value that is undefined.)
    .values(rows.map((r) => ({ ...r, params: r.params as Record<string, string | number> })))
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
 * Claims up to `limit` due jobs in one statement: queued or retrying ones whose time has come, and running ones
 * whose worker let the lease run out (it died). Each claim counts as an attempt; `attempts` is then the claim's
 * fencing token (finishJob/finishJobs only end a job while it is still this claim's).
 */
export async function claimJobs(db: Tx, now: Date, leaseMs: number, limit: number): Promise<Job[]> {
  const at = now.toISOString();
  return db
    .update(notificationJobs)
    .set({ status: 'running', attempts: sql`${notificationJobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      sql`${notificationJobs.id} in (
        select id from notification_jobs
        where (status in ('queued', 'retrying') and run_at <= ${at}::timestamptz)
           or (status = 'running' and locked_until < ${at}::timestamptz)
        order by run_at, id
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
}

export type JobOutcome = {
  id: string;
  /** The claim's attempts (its fencing token). */
  attempts: number;
  status: 'sent' | 'skipped' | 'failed' | 'retrying' | 'queued';
  lastError?: string | null;
  runAt?: Date;
  /** Set the attempts to this (a wait that was no try). */
  setAttempts?: number;
  /** An SMS that was sent keeps its place in the day's count; any other outcome gives it back. */
  keepSmsCount?: boolean;
};

/** Ends many claimed jobs in one statement (each only while its claim is still this worker's); the ids ended. */
export async function finishJobs(db: Tx, outcomes: JobOutcome[], now: Date): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const rows = JSON.stringify(
    outcomes.map((o) => ({
      id: o.id,
      attempts: o.attempts,
      status: o.status,
      last_error: o.lastError ?? null,
      run_at: o.runAt?.toISOString() ?? null,
      set_attempts: o.setAttempts ?? null,
      keep_sms: !!o.keepSmsCount,
    })),
  );
  const res = await db.execute<{ id: string }>(sql`
    update notification_jobs j
    set status = v.status::notification_job_status, last_error = v.last_error, locked_until = null,
        updated_at = ${now.toISOString()}::timestamptz, run_at = coalesce(v.run_at, j.run_at),
        attempts = coalesce(v.set_attempts, j.attempts),
        sms_counted_at = case when v.keep_sms then j.sms_counted_at end
    from jsonb_to_recordset(${rows}::jsonb)
      as v(id uuid, attempts int, status text, last_error text, run_at timestamptz, set_attempts int, keep_sms boolean)
    where j.id = v.id and j.status = 'running' and j.attempts = v.attempts
    returning j.id`);
  return new Set(res.rows.map((r) => r.id));
}

/**
 * Takes a place in the day's SMS count for each of these claimed SMS jobs while there is one (`cap` a farmer a
 * day, India's day from `since`): under a lock per farmer, so two workers (or two app instances) counting at
 * once cannot both take the last place. A job that took its place before (its worker died after) keeps it.
 * Returns the ids that may be sent.
 */
export async function reserveSms(db: Db, jobs: Array<Pick<Job, 'id' | 'attempts' | 'recipientId'>>, cap: number, since: Date, now: Date) {
  if (jobs.length === 0) return new Set<string>();
  const ids = JSON.stringify(jobs.map((j) => ({ id: j.id, attempts: j.attempts })));
  const people = JSON.stringify([...new Set(jobs.map((j) => j.recipientId!))].sort());
  return db.transaction(async (tx) => {
    // One lock per farmer, always taken in the same order (no deadlock between two workers).
    await tx.execute(sql`
      select count(pg_advisory_xact_lock(k)) from (
        select distinct hashtext('sms-cap:' || p) as k from jsonb_array_elements_text(${people}::jsonb) p order by 1) s`);
    const res = await tx.execute<{ id: string }>(sql`
      with mine as (
        select j.id, j.recipient_id, j.sms_counted_at is not null as had,
               row_number() over (partition by j.recipient_id order by j.sms_counted_at nulls last, j.run_at, j.id) as place
        from notification_jobs j join jsonb_to_recordset(${ids}::jsonb) as c(id uuid, attempts int) on c.id = j.id
        where j.status = 'running' and j.attempts = c.attempts),
      used as (
        select o.recipient_id, count(*)::int as n from notification_jobs o
        where o.recipient_id in (select recipient_id from mine) and o.sms_counted_at >= ${since.toISOString()}::timestamptz
          and o.status in ('sent', 'running') and o.id not in (select id from mine)
        group by o.recipient_id)
      update notification_jobs j set sms_counted_at = coalesce(j.sms_counted_at, ${now.toISOString()}::timestamptz)
      from mine left join used on used.recipient_id = mine.recipient_id
      where j.id = mine.id and (mine.had or coalesce(used.n, 0) + mine.place <= ${cap})
      returning j.id`);
    return new Set(res.rows.map((r) => r.id));
  });
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

/** What a batch of deliveries needs, each read once for the whole batch. */
export async function notificationsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, NotificationRow>();
  const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function recipientsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, Recipient>();
  const rows = await db.select(recipientColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function unreadCounts(db: Tx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: notifications.recipientId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, userIds), eq(notifications.inBell, true), isNull(notifications.readAt)))
    .groupBy(notifications.recipientId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A coordinator's message: its recipients with an SMS job say 'queued' (the worker writes the outcome). */
export async function messageSmsQueued(db: Tx, messageId: string) {
  await db
    .update(messageRecipients)
    .set({ smsStatus: 'queued' })
    .where(
      and(
        eq(messageRecipients.messageId, messageId),
        sql`${messageRecipients.farmerId} in (select recipient_id from notification_jobs where dedupe_key like ${`message:${messageId}|%|sms`})`,
      ),
    );
}

/** The SMS outcomes of messages, on each message's recipient row (one statement). */
export async function messageSmsOutcomes(db: Tx, rows: Array<{ messageId: string; farmerId: string; status: string }>) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update message_recipients r set sms_status = v.status
    from jsonb_to_recordset(${JSON.stringify(rows.map((x) => ({ message_id: x.messageId, farmer_id: x.farmerId, status: x.status })))}::jsonb)
      as v(message_id uuid, farmer_id uuid, status text)
    where r.message_id = v.message_id and r.farmer_id = v.farmer_id`);
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

/** Each person's subscriptions, for a batch of push deliveries. */
export async function subscriptionsOfMany(db: Tx, userIds: string[]) {
  const out = new Map<string, Array<typeof pushSubscriptions.$inferSelect>>();
  if (userIds.length === 0) return out;
  for (const s of await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds))) {
    out.set(s.userId, [...(out.get(s.userId) ?? []), s]);
  }
  return out;
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

/** Subscriptions the push service said are gone (404/410). */
export async function dropSubscriptions(db: Tx, ids: string[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function subscriptionsWorked(db: Tx, ids: string[], now: Date) {
  if (ids.length) await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, ids));
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
