/** SQL for an administrator's view of another user's sign-in: the user, their throttled sources, history and live sessions. */
import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory, sessions, users } from '../../db/schema';

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
