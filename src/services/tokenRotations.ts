/**
 * Which refresh token replaced which, for the tabs of one browser (the app's IndexedDB, store `rotations`).
 * services/sharedRefresh lets one tab refresh at a time and stores the new pair in local storage for the others, but
 * local storage is not consistent between a browser's renderer processes: Chromium gives each its own copy and passes
 * another tab's write on later. A tab that takes the refresh lock just after another tab's refresh could still read
 * the old refresh token there, refresh with it, and have the server end the session as stolen (seen in the browser
 * suite: two tabs whose lists met an expired access token at the same moment). An IndexedDB transaction begun after
 * another one committed reads what it wrote, so each refresh records here, before it lets the next tab go, the pair
 * that replaced the token it used. Without IndexedDB (jsdom, a private mode that refuses it) nothing is recorded and
 * local storage is all there is.
 */
import type { TokenPair } from './auth';
import { appDatabase, ROTATIONS } from './appDatabase';

/** What replaced a refresh token, and when (ms). */
type Rotation = TokenPair & { at: number };

/** Kept this long: a tab whose refresh token is older than that has long been signed out by the server anyway. */
const KEEP_MS = 7 * 86_400_000;

/** The newest pair this browser made from `refreshToken` (following each later rotation), or null. Never throws. */
export async function rotatedFrom(refreshToken: string): Promise<TokenPair | null> {
  const db = appDatabase();
  if (!db) return null;
  try {
    const store = (await db).transaction(ROTATIONS).store;
    let found: Rotation | undefined;
    const seen = new Set<string>();
    for (let token = refreshToken; !seen.has(token); ) {
      seen.add(token);
      const next = (await store.get(token)) as Rotation | undefined;
      if (!next) break;
      found = next;
      token = next.refreshToken;
    }
    return found ? { accessToken: found.accessToken, refreshToken: found.refreshToken } : null;
  } catch (error) {
    console.warn('token rotations not read', error);
    return null;
  }
}

/** Records that `from` was replaced by `to` (committed before it returns), and forgets rotations past KEEP_MS. */
export async function keepRotation(from: string, to: TokenPair, now = Date.now()): Promise<void> {
  const db = appDatabase();
  if (!db) return;
  try {
    const tx = (await db).transaction(ROTATIONS, 'readwrite');
    await tx.store.put({ ...to, at: now } satisfies Rotation, from);
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (now - (cursor.value as Rotation).at > KEEP_MS) await cursor.delete();
    }
    await tx.done;
  } catch (error) {
    console.warn('token rotation not kept', error);
  }
}

/** Forgets every rotation (signing out: the tokens recorded are the ended session's). Never throws. */
export async function forgetRotations(): Promise<void> {
  const db = appDatabase();
  if (!db) return;
  try {
    await (await db).clear(ROTATIONS);
  } catch (error) {
    console.warn('token rotations not cleared', error);
  }
}
