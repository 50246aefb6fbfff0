/**
 * Every login attempt is recorded; failed ones throttle further attempts per account and per IP.
 * Counting rows in login_history (not memory) makes the throttle hold across app instances.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';
import type { ClientInfo } from './sessions';

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perIp: 20 };

/** 'mobile' for phones and tablets, else 'desktop' (spec: login history deviceType). */
export function deviceTypeOf(userAgent: string | null) {
  if (!userAgent) return 'desktop';
  const type = new UAParser(userAgent).getDevice().type;
  return type === 'mobile' || type === 'tablet' || type === 'wearable' ? 'mobile' : 'desktop';
}

export function clientInfo(ip: string | undefined, userAgent: string | undefined): ClientInfo {
  const ua = userAgent ? userAgent.slice(0, 500) : null;
  return { ip: ip ?? null, userAgent: ua, deviceType: deviceTypeOf(ua) };
}

const counted = (since: Date) => and(eq(loginHistory.status, 'failed'), sql`coalesce(${loginHistory.reason}, '') <> 'throttled'`, gt(loginHistory.createdAt, since));

export async function isThrottled(db: Db, email: string, ip: string | null) {
  const since = new Date(Date.now() - THROTTLE.windowMs);
  const [byAccount] = await db.select({ n: count() }).from(loginHistory).where(and(eq(loginHistory.email, email), counted(since)));
  if (byAccount.n >= THROTTLE.perAccount) return true;
  if (!ip) return false;
  const [byIp] = await db.select({ n: count() }).from(loginHistory).where(and(eq(loginHistory.ipAddress, ip), counted(since)));
  return byIp.n >= THROTTLE.perIp;
}

export async function recordAttempt(
  db: Db,
  entry: { email: string; userId: string | null; sessionId?: string; status: 'success' | 'failed'; reason?: string },
  client: ClientInfo,
) {
  await db.insert(loginHistory).values({
    email: entry.email,
    userId: entry.userId,
    sessionId: entry.sessionId ?? null,
    status: entry.status,
    reason: entry.reason ?? null,
    ipAddress: client.ip,
    userAgent: client.userAgent,
    deviceType: client.deviceType,
  });
}
