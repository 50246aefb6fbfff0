/**
 * Where the session lives between visits: the access token, refresh token and user in local storage
 * (spec sections 3 and 9), under the plain key names the spec uses.
 */
import type { SessionGrant, TokenPair, User } from './auth';

const KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user' } as const;

export type StoredSession = { accessToken: string | null; refreshToken: string | null; user: User | null };

export function loadSession(storage: Storage = localStorage): StoredSession {
  let user: User | null = null;
  try {
    const raw = storage.getItem(KEYS.user);
    user = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    // A corrupt record is treated as no record: the user simply logs in again.
    user = null;
  }
  return { accessToken: storage.getItem(KEYS.accessToken), refreshToken: storage.getItem(KEYS.refreshToken), user };
}

export function saveSession(session: SessionGrant | (TokenPair & { user: User | null }), storage: Storage = localStorage) {
  storage.setItem(KEYS.accessToken, session.accessToken);
  storage.setItem(KEYS.refreshToken, session.refreshToken);
  if (session.user) storage.setItem(KEYS.user, JSON.stringify(session.user));
}

/**
 * Stores `user` as the record of the stored session, when that session is theirs (another tab may have signed
 * out, or in as someone else); the tokens are left as they are.
 */
export function saveUser(user: User | null | undefined, storage: Storage = localStorage) {
  const stored = loadSession(storage);
  if (user && stored.refreshToken && stored.user?._id === user._id) storage.setItem(KEYS.user, JSON.stringify(user));
}

export function clearSession(storage: Storage = localStorage) {
  for (const key of Object.values(KEYS)) storage.removeItem(key);
}

/** The stored session when it is `userId`'s (another tab may have rotated its tokens), else null. */
export function storedSessionOf(userId: string | null, storage: Storage = localStorage): StoredSession | null {
  const stored = loadSession(storage);
  return userId !== null && stored.user?._id === userId ? stored : null;
}

/** The newest refresh token this browser holds for the user (another tab may have rotated the one a tab holds). */
export function newestRefreshToken(held: { refreshToken: string | null; userId: string | null }, storage: Storage = localStorage) {
  return storedSessionOf(held.userId, storage)?.refreshToken ?? held.refreshToken;
}

/** Calls `signedOut` when another tab of this browser removes the stored session (logout, or a refused refresh). */
export function onSessionClearedElsewhere(signedOut: () => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.storageArea !== localStorage || e.newValue !== null) return;
    if (e.key === null || e.key === KEYS.refreshToken) signedOut();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
