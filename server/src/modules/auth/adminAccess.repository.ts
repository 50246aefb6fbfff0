/**
 * SQL for an administrator's view of another user's sign-in (the user, their throttled sources, history and live
 * sessions) and the changes to their access: role and two-factor reset.
 */
import { and, count, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupCodes, loginHistory, sessions, twoFactor, users } from '../../db/schema';
import { accessChanged } from '../../lib/accessCache';

export async function findUser(db: Db, id: string) {
  const [target] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return target;
}

/** When an administrator last cleared this account's sign-in throttle. */
export async function lastThrottleClear(db: Db, email: string) {
  const [clear] = await db
    .select({ at: max(loginHistory.createdAt) })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), eq(loginHistory.status, 'unthrottled')));
  return clear?.at ?? null;
}

/** Sources still waiting: the newest refusal per address whose wait has not ended (refused after `from`). */
export function waitingSources(db: Db, email: string, from: Date, now: Date) {
  return db
    .select({ ip: loginHistory.ipAddress, retryAt: max(loginHistory.retryAt) })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), eq(loginHistory.status, 'throttled'), gt(loginHistory.createdAt, from), gt(loginHistory.retryAt, now)))
    .groupBy(loginHistory.ipAddress);
}

export function recentSignIns(db: Db, email: string, limit: number) {
  return db.select().from(loginHistory).where(eq(loginHistory.email, email)).orderBy(desc(loginHistory.createdAt)).limit(limit);
}

export function liveSessionIds(db: Db, userId: string, now: Date) {
  return db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
}

/** An administrator's action, written to the user's login history with the administrator's id. */
export async function recordAdminAction(db: Db, entry: typeof loginHistory.$inferInsert) {
  await db.insert(loginHistory).values(entry);
}

/** Whether the user has a two-factor row (on, or a setup begun). */
export async function hasTwoFactor(db: Db, userId: string) {
  const [row] = await db.select({ enabled: twoFactor.enabled }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row ? { enabled: row.enabled } : null;
}

/**
 * The active superadmins other than `exceptId`. Every active superadmin row is locked until the transaction ends
 * (not only the others'): two superadmins demoting each other at once wait for one another, and the second then
 * sees the first's change, so they cannot both leave the other as the last one and then remove them.
 */
export async function otherActiveSuperadmins(tx: Db, exceptId: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superadmin'), eq(users.status, 'Active')))
    .for('update');
  return rows.filter((r) => r.id !== exceptId);
}

export async function managedFarmerCount(db: Db, coordinatorId: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.managedBy, coordinatorId));
  return row.n;
}

/** The new role; a coordinator's farmers become unassigned (only coordinators manage farmers). */
export async function setRole(tx: Db, id: string, role: 'admin' | 'coordinator') {
  await tx.update(users).set({ managedBy: null, updatedAt: new Date() }).where(eq(users.managedBy, id));
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
  await accessChanged(tx, { users: [id], scopes: true });
}

/** Removes the user's two-factor secret and backup codes. */
export async function clearTwoFactor(tx: Db, userId: string) {
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}
