/**
 * Alert rows as the API and the pushes show them: joined with the farmer, field, assignee and
 * acknowledger names, and whether the viewer has marked each read.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { alertScope, type AuthUser } from '../../lib/access';
import { alertReads, alerts, fields, users } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { recordAlertEvent } from './timeline';
import type { AlertItem } from '../../../../contracts/alerts';

const farmer = alias(users, 'farmer');
const assignee = alias(users, 'assignee');
const acker = alias(users, 'acker');
const clearer = alias(users, 'clearer');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `extra`: more columns of the same statement (the page's counts, lib's `alertPage`). */
function selectItems<E extends Record<string, SQL>>(db: Db, viewerId: string | null, extra?: E) {
  return db
    .select({
      ...(extra as E),
      a: alerts,
      fieldName: fields.name,
      farmerName: farmer.name,
      coordinatorId: farmer.managedBy,
      assigneeName: assignee.name,
      ackerName: acker.name,
      clearerName: clearer.name,
      read: viewerId
        ? sql<boolean>`exists (select 1 from ${alertReads} where ${alertReads.alertId} = ${alerts.id} and ${alertReads.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(alerts)
    .innerJoin(fields, eq(fields.id, alerts.fieldId))
    .leftJoin(farmer, eq(farmer.id, alerts.farmerId))
    .leftJoin(assignee, eq(assignee.id, alerts.assignedTo))
    .leftJoin(acker, eq(acker.id, alerts.acknowledgedBy))
    .leftJoin(clearer, eq(clearer.id, alerts.clearedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectItems<Record<never, SQL>>>['execute']>>[number];

export type AlertWithAudience = { item: AlertItem; farmerId: string | null; coordinatorId: string | null };

function toItem(r: Row): AlertWithAudience {
  const a = r.a;
  return {
    farmerId: a.farmerId,
    coordinatorId: r.coordinatorId,
    item: {
      _id: a.id,
      id: a.id,
      type: a.type,
      severity: a.severity,
      status: a.status,
      message: a.message,
      messageKey: a.messageKey,
      messageParams: a.messageParams ?? null,
      farmer: r.farmerName,
      farmerId: a.farmerId,
      fieldId: a.fieldId,
      fieldName: r.fieldName,
      value: a.value,
      threshold: a.threshold,
      assignedTo: a.assignedTo && r.assigneeName ? { _id: a.assignedTo, name: r.assigneeName } : null,
      acknowledgedBy: a.acknowledgedBy && r.ackerName ? { _id: a.acknowledgedBy, name: r.ackerName } : null,
      read: Boolean(r.read),
      count: a.count,
      lastSeenAt: a.lastSeenAt.toISOString(),
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      resolvedAt: iso(a.resolvedAt),
      clearedBy: a.clearedBy && r.clearerName ? { _id: a.clearedBy, name: r.clearerName } : null,
    },
  };
}

export async function alertsByIds(db: Db, ids: string[], viewerId: string | null = null) {
  if (ids.length === 0) return [];
  const rows = await selectItems(db, viewerId).where(inArray(alerts.id, ids));
  return rows.map(toItem);
}

/** The filters both lists take (contracts/alerts.ts AlertFilters) as one condition. */
export function alertFilters(q: { severity?: string; type?: string; status?: string; state?: 'open' | 'resolved'; fieldId?: string }): SQL | undefined {
  return and(
    q.severity ? eq(alerts.severity, q.severity as never) : undefined,
    q.type ? eq(alerts.type, q.type as never) : undefined,
    q.status ? eq(alerts.status, q.status as never) : undefined,
    q.state === 'open' ? sql`${alerts.resolvedAt} is null` : q.state === 'resolved' ? sql`${alerts.resolvedAt} is not null` : undefined,
    q.fieldId ? eq(alerts.fieldId, q.fieldId) : undefined,
  );
}

/**
 * What needs someone first: active alerts before cleared ones, then critical, major, minor, warning, then the
 * newest. (A critical, active 3.5 % moisture alert never sits below cleared or minor ones.)
 */
const URGENT_FIRST = [
  sql`(${alerts.resolvedAt} is null) desc`,
  sql`case ${alerts.severity} when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end`,
  desc(alerts.createdAt),
  desc(alerts.id),
];

/**
 * A page of alerts matching `where` (the caller's scope and filters), most urgent first, with their total and,
 * given `unreadWhere`, the count of those unread, in one statement. `where` may name only `alerts` (and
 * subqueries of its own): the page's ids are chosen from `alerts` alone and only those rows are joined with the
 * names, and the counts need no join (every alert has its field: `field_id` is not null and cascades). The old
 * form, joining every matching alert before sorting, cost a hash of all fields and users per request.
 */
export async function alertPage(db: Db, where: SQL | undefined, viewerId: string, page: number, limit: number, unreadWhere?: SQL) {
  const pageIds = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(where)
    .orderBy(...URGENT_FIRST)
    .limit(limit)
    .offset((page - 1) * limit);
  const rows = await selectItems(db, viewerId, {
    total: sql<number>`(select count(*)::int from ${alerts} where ${where ?? sql`true`})`,
    unread: unreadWhere ? sql<number>`(select count(*)::int from ${alerts} where ${unreadWhere})` : sql<null>`null::int`,
  })
    .where(inArray(alerts.id, pageIds))
    .orderBy(...URGENT_FIRST);
  // A page past the end has no row to carry the counts.
  const total = rows.length ? rows[0].total : await countAlerts(db, where);
  const unread = unreadWhere ? (rows.length ? rows[0].unread : await countAlerts(db, unreadWhere)) : null;
  return { items: rows.map((r) => toItem(r).item), total, totalPages: Math.max(1, Math.ceil(total / limit)), unread };
}

/** A page of alerts matching `where`, which may name the farmer and field (`searchCondition`): joined first. */
async function searchedAlertPage(db: Db, where: SQL | undefined, viewerId: string, page: number, limit: number) {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(alerts)
    .innerJoin(fields, eq(fields.id, alerts.fieldId))
    .leftJoin(farmer, eq(farmer.id, alerts.farmerId))
    .where(where);
  const rows = await selectItems(db, viewerId)
    .where(where)
    .orderBy(...URGENT_FIRST)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map((r) => toItem(r).item), total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** Case-insensitive search over message, farmer name and field name (the coordinator screen's box). */
export function searchCondition(term: string): SQL {
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${alerts.message} ilike ${like} or ${farmer.name} ilike ${like} or ${fields.name} ilike ${like})`;
}

export const unreadCondition = (viewerId: string) =>
  sql`not exists (select 1 from ${alertReads} where ${alertReads.alertId} = ${alerts.id} and ${alertReads.userId} = ${viewerId})`;

export async function countAlerts(db: Db, where: SQL | undefined) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(where);
  return n;
}

export const openAlertsOf = (fieldIds: string[], types?: string[]) =>
  and(
    inArray(alerts.fieldId, fieldIds),
    sql`${alerts.resolvedAt} is null`,
    types ? inArray(alerts.type, types as never[]) : undefined,
  );

/** Acknowledges the alert (and adds the person's comment), each change on the timeline, together. */
export async function acknowledgeAlert(db: Db, alertId: string, by: AuditActor, now: Date, comment?: string) {
  const actorId = by.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alerts)
      .set({
        status: sql`(case when ${alerts.status} = 'active_unack' then 'active_ack' else 'cleared_ack' end)::alert_status`,
        acknowledgedBy: actorId,
        acknowledgedAt: now,
        updatedAt: now,
      })
      .where(and(eq(alerts.id, alertId), inArray(alerts.status, ['active_unack', 'cleared_unack'])))
      .returning({ id: alerts.id, status: alerts.status });
    if (!row) return false;
    const before = { status: row.status === 'active_ack' ? 'active_unack' : 'cleared_unack' };
    await recordAlertEvent(tx, { alertId, kind: 'acknowledged', actorId, detail: {}, audit: { by, before, after: { status: row.status } } });
    if (comment) await recordAlertEvent(tx, { alertId, kind: 'comment', actorId, detail: { text: comment } });
    return true;
  });
}

/** The id and name of an Active coordinator, or undefined. */
export async function activeCoordinator(db: Db, id: string) {
  const [coordinator] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'coordinator'), eq(users.status, 'Active')))
    .limit(1);
  return coordinator;
}

/** Assigns the alert to a coordinator (assignment is orthogonal to the status) and records who did it, together. */
export async function assignAlert(db: Db, alertId: string, coordinator: { id: string; name: string }, by: AuditActor, now: Date) {
  const actorId = by.id;
  await db.transaction(async (tx) => {
    const [was] = await tx.select({ assignedTo: alerts.assignedTo }).from(alerts).where(eq(alerts.id, alertId)).for('update');
    await tx.update(alerts).set({ assignedTo: coordinator.id, assignedBy: actorId, assignedAt: now, updatedAt: now }).where(eq(alerts.id, alertId));
    await recordAlertEvent(tx, {
      alertId,
      kind: 'assigned',
      actorId,
      detail: { coordinatorId: coordinator.id, name: coordinator.name },
      audit: { by, before: { assignedTo: was?.assignedTo ?? null }, after: { assignedTo: coordinator.id } },
    });
  });
}

/** Clears an active alert by hand and records who did it, together; false when it was already cleared. */
export async function clearAlert(db: Db, alertId: string, by: AuditActor, now: Date) {
  const actorId = by.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alerts)
      .set({
        status: sql`(case when ${alerts.status} = 'active_ack' then 'cleared_ack' else 'cleared_unack' end)::alert_status`,
        resolvedAt: now,
        clearedBy: actorId,
        updatedAt: now,
      })
      .where(and(eq(alerts.id, alertId), isNull(alerts.resolvedAt)))
      .returning({ id: alerts.id, fieldId: alerts.fieldId, status: alerts.status });
    if (!row) return null;
    const before = { status: row.status === 'cleared_ack' ? 'active_ack' : 'active_unack' };
    await recordAlertEvent(tx, { alertId, kind: 'cleared', actorId, detail: { auto: false }, audit: { by, before, after: { status: row.status } } });
    return row;
  });
}

/** Adds a person's comment to the alert's timeline. */
export async function addComment(db: Db, alertId: string, actorId: string, text: string) {
  await db.transaction(async (tx) => {
    await recordAlertEvent(tx, { alertId, kind: 'comment', actorId, detail: { text } });
    await tx.update(alerts).set({ updatedAt: new Date() }).where(eq(alerts.id, alertId));
  });
}

export async function markRead(db: Db, alertId: string, userId: string) {
  await db.insert(alertReads).values({ alertId, userId }).onConflictDoNothing();
}

/** Marks every unread alert matching `scope` read for `userId`; how many were marked. */
export async function markAllRead(db: Db, scope: SQL, userId: string) {
  const res = await db.execute(sql`
    insert into alert_reads (alert_id, user_id)
    select ${alerts.id}, ${userId}::uuid from ${alerts}
    where ${and(scope, unreadCondition(userId))}
    on conflict do nothing`);
  return Number(res.rowCount ?? (res as unknown as { affectedRows?: number }).affectedRows ?? 0);
}

/**
 * One page of the alerts `user` may see, filtered (and searched), most urgent first; `withUnread`: also how many
 * of all the alerts they may see they have not read (the coordinator screen's title), in the same statement.
 */
export async function visibleAlertPage(
  db: Db,
  user: AuthUser,
  q: { filters: Parameters<typeof alertFilters>[0]; search?: string },
  page: number,
  limit: number,
  withUnread = false,
) {
  const filtered = and(alertScope(user), alertFilters(q.filters));
  const unreadWhere = withUnread ? and(alertScope(user), unreadCondition(user.id)) : undefined;
  if (!q.search) return alertPage(db, filtered, user.id, page, limit, unreadWhere);
  const [p, unread] = await Promise.all([
    searchedAlertPage(db, and(filtered, searchCondition(q.search)), user.id, page, limit),
    unreadWhere ? countAlerts(db, unreadWhere) : null,
  ]);
  return { ...p, unread };
}

/** How many of the alerts `user` may see they have not read. */
export const unreadCountOf = (db: Db, user: AuthUser) => countAlerts(db, and(alertScope(user), unreadCondition(user.id)));

/** Marks every alert `user` may see read; how many were newly marked. */
export const markAllReadFor = (db: Db, user: AuthUser) => markAllRead(db, alertScope(user), user.id);
