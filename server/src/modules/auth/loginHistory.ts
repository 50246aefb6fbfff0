/**
 * Every login attempt is recorded; failed ones throttle further attempts from the failing source
 * (domain/throttle/signInThrottle.ts). Counting rows in login_history (not memory) holds across app instances.
 */
import { and, count, desc, eq, gt, inArray, max } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client';
import { loginHistory } from '../../db/schema';
import { classifySuccessfulLogin, FAILURE_LOOKBACK_MS } from '../../domain/account/loginRisk';
import { judgeSignIn, SIGN_IN_POLICY, type SignInVerdict } from '../../domain/throttle/signInThrottle';
import { tooManyRequests, translated, type Translated } from '../../lib/errors';
import type { ClientInfo } from './sessions';

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

const failedSince = (since: Date) => and(eq(loginHistory.status, 'failed'), gt(loginHistory.createdAt, since));

/**
 * Reads what the sign-in throttle needs from the login history and judges this attempt
 * (domain/throttle/signInThrottle.ts). Counting rows (not memory) holds across app processes.
 */
export async function assessSignIn(db: Db, email: string, ip: string | null, perAddress: number, now = Date.now()): Promise<SignInVerdict> {
  const since = new Date(now - SIGN_IN_POLICY.windowMs);
  const [clear] = await db
    .select({ at: max(loginHistory.createdAt) })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), eq(loginHistory.status, 'unthrottled'), gt(loginHistory.createdAt, since)));
  const from = clear?.at && clear.at > since ? clear.at : since;
  const failures = await db
    .select({ at: loginHistory.createdAt, ip: loginHistory.ipAddress })
    .from(loginHistory)
    .where(and(eq(loginHistory.email, email), failedSince(from)))
    .orderBy(desc(loginHistory.createdAt))
    .limit(500);
  let lastSuccessHere: number | null = null;
  let knownHere = false;
  let addressFullUntil: number | null = null;
  if (ip) {
    const [success] = await db
      .select({ at: max(loginHistory.createdAt) })
      .from(loginHistory)
      .where(and(eq(loginHistory.email, email), eq(loginHistory.ipAddress, ip), inArray(loginHistory.status, ['success', 'suspicious'])));
    knownHere = !!success?.at;
    lastSuccessHere = success?.at ? success.at.getTime() : null;
    const [nth] = await db
      .select({ at: loginHistory.createdAt })
      .from(loginHistory)
      .where(and(eq(loginHistory.ipAddress, ip), failedSince(since)))
      .orderBy(desc(loginHistory.createdAt))
      .offset(Math.max(0, perAddress - 1))
      .limit(1);
    if (nth) addressFullUntil = nth.at.getTime() + SIGN_IN_POLICY.windowMs;
  }
  return judgeSignIn({
    now,
    ip,
    accountFailures: failures.map((f) => ({ at: f.at.getTime(), ip: f.ip })),
    lastSuccessHere,
    knownHere,
    addressFullUntil,
  });
}

/** The wait in words, in each language (the web app shows its own catalog text with the same number). */
export function throttledText(seconds: number): Translated {
  if (seconds < 60) {
    return translated(
      `Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`,
      `साइन इनचे खूप अयशस्वी प्रयत्न झाले. कृपया ${seconds} सेकंद थांबून पुन्हा प्रयत्न करा.`,
      `साइन इन के बहुत अधिक असफल प्रयास हुए। कृपया ${seconds} सेकंड रुककर फिर प्रयास करें।`,
    );
  }
  const m = Math.ceil(seconds / 60);
  return translated(
    `Too many failed sign-in attempts. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
    `साइन इनचे खूप अयशस्वी प्रयत्न झाले. कृपया ${m} मिनिटे थांबून पुन्हा प्रयत्न करा.`,
    `साइन इन के बहुत अधिक असफल प्रयास हुए। कृपया ${m} मिनट रुककर फिर प्रयास करें।`,
  );
}

/**
 * Refuses a throttled attempt: records it ('throttled', with when the source may try again, so the
 * owner and the administrators see it) and answers 429 with the wait.
 */
export async function refuseThrottled(
  db: Db,
  verdict: Extract<SignInVerdict, { allowed: false }>,
  entry: { email: string; userId: string | null; step: 'password' | 'second_factor' },
  client: ClientInfo,
): Promise<never> {
  await db.insert(loginHistory).values({
    email: entry.email,
    userId: entry.userId,
    status: 'throttled',
    reason: `${entry.step}:${verdict.scope}`,
    retryAt: new Date(verdict.retryAt),
    ipAddress: client.ip,
    userAgent: client.userAgent,
    deviceType: client.deviceType,
  });
  throw tooManyRequests(verdict.retryAfterSeconds, 'SIGN_IN_THROTTLED', throttledText(verdict.retryAfterSeconds));
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
  const [failures] = await db.select({ n: count() }).from(loginHistory).where(and(eq(loginHistory.email, user.email), failedSince(since)));
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
