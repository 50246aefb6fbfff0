/**
 * SQL for refresh sessions (opening, rotating, ending them) and for the caller's own sessions and login
 * history. Every query of the caller's lists is scoped by user id (no BOLA).
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory, sessions, users } from '../../db/schema';
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

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

/** The session with its user's role and status, or undefined. */
export async function sessionWithUser(db: Db, sessionId: string) {
  const [row] = await db
    .select({ s: sessions, role: users.role, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}

/**
 * Compare-and-swap on the presented hash: the new hash replaces it, which joins the `kept` newest retired ones.
 * False when another use of the same token won (or the session was revoked meanwhile).
 */
export async function swapRefreshHash(db: Db, sessionId: string, presented: string, next: string, kept: number) {
  const updated = await db
    .update(sessions)
    .set({
      refreshHash: next,
      retiredHashes: sql`(array_prepend(${presented}::text, ${sessions.retiredHashes}))[1:${sql.raw(String(kept))}]`,
      lastUsedAt: new Date(),
    })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, presented), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

/** Revokes one live session by id. */
export async function revokeSessionById(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await accessChanged(db, { sessions: [sessionId] });
}

/** Logout: revokes the session only while `hash` is its current refresh hash; whether it did. */
export async function revokeIfCurrent(db: Db, sessionId: string, hash: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshHash, hash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length) await accessChanged(db, { sessions: [sessionId] });
  return ended.length > 0;
}
