/**
 * Every login attempt is recorded; failed ones throttle further attempts per account and per IP.
 * Counting rows in login_history (not memory) makes the throttle hold across app instances.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';
import { classifySuccessfulLogin, FAILURE_LOOKBACK_MS } from '../../domain/account/loginRisk';
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
  entry: { email: string; userId: string | null; sessionId?: string; status: 'success' | 'failed' | 'suspicious'; reason?: string },
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

/** 'suspicious' for a sign-in after repeated failures from a device or address new to the account. */
export async function classifySignIn(db: Db, user: { id: string; email: string }, client: ClientInfo) {
  const since = new Date(Date.now() - FAILURE_LOOKBACK_MS);
  const [failures] = await db.select({ n: count() }).from(loginHistory).where(and(eq(loginHistory.email, user.email), counted(since)));
  const seen = (column: typeof loginHistory.userAgent | typeof loginHistory.ipAddress, value: string | null) =>
    value === null
      ? Promise.resolve(false)
      : db
          .select({ n: count() })
          .from(loginHistory)
          .where(and(eq(loginHistory.userId, user.id), inArray(loginHistory.status, ['success', 'suspicious']), eq(column, value)))
          .then(([r]) => r.n > 0);
  const [knownDevice, knownAddress] = await Promise.all([seen(loginHistory.userAgent, client.userAgent), seen(loginHistory.ipAddress, client.ip)]);
  return classifySuccessfulLogin({ recentFailures: failures.n, knownDevice, knownAddress });
}
