/** SQL for the caller's own sessions and login history. Every query is scoped by user id (no BOLA). */
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory, sessions } from '../../db/schema';
import { accessChanged } from '../../lib/accessCache';

export const HISTORY_LIMIT = 200;

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export function listActiveSessions(db: Db, userId: string, now = new Date()) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastUsedAt));
}

export function listLoginHistory(db: Db, userId: string) {
  return db
    .select({ entry: loginHistory, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(loginHistory)
    .leftJoin(sessions, eq(sessions.id, loginHistory.sessionId))
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.createdAt))
    .limit(HISTORY_LIMIT);
}

export async function findHistoryEntry(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(loginHistory)
    .where(and(eq(loginHistory.id, id), eq(loginHistory.userId, userId)));
  return row;
}

export async function markReported(db: Db, userId: string, id: string) {
  await db
    .update(loginHistory)
    .set({ reportedAt: new Date() })
    .where(and(eq(loginHistory.id, id), eq(loginHistory.userId, userId)));
}

/**
 * Revokes live sessions of one user: `only` these ids, or all `except` one (or all). Returns the ids
 * revoked, so their sockets can be closed.
 */
export async function revokeSessions(
  db: Db,
  userId: string,
  reason: string,
  which: { only?: string[]; except?: string } = {},
): Promise<string[]> {
  const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (which.only) conds.push(inArray(sessions.id, which.only));
  if (which.except) conds.push(ne(sessions.id, which.except));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conds))
    .returning({ id: sessions.id });
  if (rows.length) await accessChanged(db, { sessions: rows.map((r) => r.id) });
  return rows.map((r) => r.id);
}
