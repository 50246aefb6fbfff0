/** SQL on login_history: what the sign-in throttle and the risk check read, and each attempt written. */
import { and, count, desc, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';

export type LoginEntry = typeof loginHistory.$inferInsert;

const failedSince = (since: Date) => and(eq(loginHistory.status, 'failed'), gt(loginHistory.createdAt, since));

/** When an administrator last cleared this account's sign-in throttle after `since`, or null. */
export async function lastClearSince(db: Db, email: string, since: Date) {
  const [clear] = await db
    .select({ at: max(loginHistory.createdAt) })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), eq(loginHistory.status, 'unthrottled'), gt(loginHistory.createdAt, since)));
  return clear?.at ?? null;
}

/** The account's failed attempts after `from`, newest first (at most 500). */
export function accountFailuresSince(db: Db, email: string, from: Date) {
  return db
    .select({ at: loginHistory.createdAt, ip: loginHistory.ipAddress })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), failedSince(from)))
    .orderBy(desc(loginHistory.createdAt))
    .limit(500);
}

/** The account's last successful sign-in from this address, or null. */
export async function lastSuccessFrom(db: Db, email: string, ip: string) {
  const [success] = await db
    .select({ at: max(loginHistory.createdAt) })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), eq(loginHistory.ipAddress, ip), inArray(loginHistory.status, ['success', 'suspicious'])));
  return success?.at ?? null;
}

/** The time of the address's `nth` newest failure (of any account) after `since`, or null. */
export async function nthFailureFrom(db: Db, ip: string, since: Date, nth: number) {
  const [row] = await db
    .select({ at: loginHistory.createdAt })
    .from(loginHistory)
    .where(and(eq(loginHistory.ipAddress, ip), failedSince(since)))
    .orderBy(desc(loginHistory.createdAt))
    .offset(Math.max(0, nth - 1))
    .limit(1);
  return row?.at ?? null;
}

export async function accountFailureCount(db: Db, email: string, since: Date) {
  const [failures] = await db.select({ n: count() }).from(loginHistory).where(and(eq(loginHistory.email, email), failedSince(since)));
  return failures.n;
}

/** Whether the user has signed in before with this user agent or from this address. */
export async function signedInBefore(db: Db, userId: string, what: 'userAgent' | 'ipAddress', value: string) {
  const column = what === 'userAgent' ? loginHistory.userAgent : loginHistory.ipAddress;
  const [r] = await db
    .select({ n: count() })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), inArray(loginHistory.status, ['success', 'suspicious']), eq(column, value)));
  return r.n > 0;
}

export async function insertLoginEntry(db: Db, entry: LoginEntry) {
  await db.insert(loginHistory).values(entry);
}
