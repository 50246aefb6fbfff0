/**
 * A token refresh shared by the tabs of one browser. They keep one session in local storage, and a refresh token
 * works once: a tab still holding a token another tab has already rotated must not show it to the server, whose
 * reuse detection would rightly end the session everywhere. So, one tab at a time (a Web Lock where the browser
 * has one), a tab first looks for a newer pair: what replaced its refresh token (services/tokenRotations, read
 * consistently across tabs), else what local storage holds for the same user:
 * - a newer pair whose access token is still good → take it, no request;
 * - a newer refresh token → refresh with that one;
 * - nothing newer → refresh with its own;
 * and records the new pair (the rotation, and local storage) before the next tab may look.
 */
import { refreshTokens, type TokenPair } from './auth';
import { saveSession, storedSessionOf } from './sessionStore';
import { keepRotation, rotatedFrom } from './tokenRotations';

const LOCK = 'shetmitra.token-refresh';
/** A stored access token this close to its expiry is refreshed rather than taken. */
const MARGIN_MS = 10_000;

export type HeldSession = { refreshToken: string; userId: string | null };

/** When a JWT access token expires (ms), or null when it cannot be read. */
export function accessTokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

async function refreshOnce(held: HeldSession, signal: AbortSignal | undefined, now: () => number): Promise<TokenPair> {
  const stored = storedSessionOf(held.userId);
  const storedNewer = stored?.refreshToken && stored.refreshToken !== held.refreshToken ? { accessToken: stored.accessToken, refreshToken: stored.refreshToken } : null;
  const newer = (await rotatedFrom(held.refreshToken)) ?? storedNewer;
  if (newer?.accessToken) {
    const expiry = accessTokenExpiry(newer.accessToken);
    if (expiry !== null && expiry - MARGIN_MS > now()) return { accessToken: newer.accessToken, refreshToken: newer.refreshToken };
  }
  const used = newer?.refreshToken ?? held.refreshToken;
  const pair = await refreshTokens(used, signal);
  // Recorded for the next tab before the lock is let go; storage that holds another user's session is left to the
  // session machine.
  await keepRotation(used, pair, now());
  if (stored) saveSession({ ...pair, user: null });
  return pair;
}

export async function refreshShared(held: HeldSession, signal?: AbortSignal, now: () => number = Date.now): Promise<TokenPair> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Without Web Locks (an old browser, or a page not served from https or localhost), storage is still
  // consulted first: only two tabs refreshing in the same instant can collide.
  if (!locks) return refreshOnce(held, signal, now);
  return await locks.request(LOCK, signal ? { signal } : {}, () => refreshOnce(held, signal, now));
}
