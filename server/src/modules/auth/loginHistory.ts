/**
 * Every login attempt is recorded; failed ones throttle further attempts from the failing source
 * (domain/throttle/signInThrottle.ts). Counting rows in login_history (not memory) holds across app instances;
 * the SQL is in loginHistory.repository.ts.
 */
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client';
import { classifySuccessfulLogin, FAILURE_LOOKBACK_MS } from '../../domain/account/loginRisk';
import { judgeSignIn, SIGN_IN_POLICY, type SignInVerdict } from '../../domain/throttle/signInThrottle';
import { tooManyRequests, translated, type Translated } from '../../lib/errors';
import {
  accountFailureCount,
  accountFailuresSince,
  insertLoginEntry,
  lastClearSince,
  lastSuccessFrom,
  nthFailureFrom,
  signedInBefore,
} from './loginHistory.repository';
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

/**
 * Reads what the sign-in throttle needs from the login history and judges this attempt
 * (domain/throttle/signInThrottle.ts). Counting rows (not memory) holds across app processes.
 */
export async function assessSignIn(db: Db, email: string, ip: string | null, perAddress: number, now = Date.now()): Promise<SignInVerdict> {
  const since = new Date(now - SIGN_IN_POLICY.windowMs);
  const clearedAt = await lastClearSince(db, email, since);
  const from = clearedAt && clearedAt > since ? clearedAt : since;
  const failures = await accountFailuresSince(db, email, from);
  let lastSuccessHere: number | null = null;
  let knownHere = false;
  let addressFullUntil: number | null = null;
  if (ip) {
    const success = await lastSuccessFrom(db, email, ip);
    knownHere = !!success;
    lastSuccessHere = success ? success.getTime() : null;
    const nth = await nthFailureFrom(db, ip, since, perAddress);
    if (nth) addressFullUntil = nth.getTime() + SIGN_IN_POLICY.windowMs;
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
  await insertLoginEntry(db, {
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
  await insertLoginEntry(db, {
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
  const recentFailures = await accountFailureCount(db, user.email, since);
  const seen = (what: 'userAgent' | 'ipAddress', value: string | null) => (value === null ? Promise.resolve(false) : signedInBefore(db, user.id, what, value));
  const [knownDevice, knownAddress] = await Promise.all([seen('userAgent', client.userAgent), seen('ipAddress', client.ip)]);
  return classifySuccessfulLogin({ recentFailures, knownDevice, knownAddress });
}
