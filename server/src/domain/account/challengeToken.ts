/**
 * The short-lived proof that a password was right, handed out instead of tokens when two-factor
 * sign-in is on. It is `<base64url payload>.<base64url HMAC-SHA-256>`; it names the user and session
 * details and expires after a few minutes. No state is kept: single use comes from the TOTP replay
 * guard and the backup codes being single-use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type Challenge = { userId: string; purpose: 'login-2fa'; expiresAt: number };

const mac = (payload: string, key: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signChallenge(userId: string, key: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ userId, purpose: 'login-2fa', expiresAt: now + CHALLENGE_TTL_MS } satisfies Challenge),
  ).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** The challenge if the token is genuine and unexpired, else null. */
export function readChallenge(token: string, key: string, now = Date.now()): Challenge | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Challenge;
    if (c.purpose !== 'login-2fa' || typeof c.userId !== 'string' || typeof c.expiresAt !== 'number') return null;
    return c.expiresAt > now ? c : null;
  } catch {
    return null;
  }
}
