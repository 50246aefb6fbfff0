/**
 * A token refresh shared by the tabs of one browser. They keep one session in local storage, and a refresh token
 * works once: a tab still holding a token another tab has already rotated must not show it to the server, whose
 * reuse detection would rightly end the session everywhere. So, one tab at a time (a Web Lock where the browser
 * has one), a tab first looks at what is stored for the same user:
 * - another tab's newer pair whose access token is still good → take it, no request;
 * - another tab's newer refresh token → refresh with that one;
 * - nothing newer → refresh with its own;
 * and stores the new pair before the next tab may look.
 */
import { refreshTokens, type TokenPair } from './auth';
import { saveSession, storedSessionOf } from './sessionStore';

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
  const newer = stored?.refreshToken && stored.refreshToken !== held.refreshToken ? stored.refreshToken : null;
  if (newer && stored?.accessToken) {
    const expiry = accessTokenExpiry(stored.accessToken);
    if (expiry !== null && expiry - MARGIN_MS > now()) return { accessToken: stored.accessToken, refreshToken: newer };
  }
  const pair = await refreshTokens(newer ?? held.refreshToken, signal);
  // Stored for the next tab at once; storage that holds another user's session is left to the session machine.
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
