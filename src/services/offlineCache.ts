/**
 * What the farmer last saw, kept on the phone (IndexedDB through idb) so a screen can show it when the network is
 * away (issue 17; docs/offline.md). Per user: every entry is keyed by the signed-in user's id (from the stored
 * session), and signing out (or a session that ends) clears the whole store, so a shared phone never shows the
 * previous farmer's data. Writes are best effort: a phone without IndexedDB (or with it full) just has no copy.
 * The service worker never caches API answers; this is the only copy of data. The database is the app's one
 * (services/appDatabase), store `lastSeen`.
 */
import { appDatabase, LAST_SEEN } from './appDatabase';
import { loadSession } from './sessionStore';

/** A value as last seen, and when (ISO time). */
export type Cached<T> = { value: T; savedAt: string };

const signedInUser = () => loadSession().user?._id ?? null;
const keyOf = (userId: string, what: string) => `${userId}|${what}`;

/** Keeps `value` as the signed-in user's last seen `what` (e.g. 'home.fields'). Never throws. */
export async function remember<T>(what: string, value: T, savedAt = new Date()): Promise<void> {
  const user = signedInUser();
  const db = appDatabase();
  if (!user || !db) return;
  try {
    const open = await db;
    // Signed out (or another person signed in) while the database opened: keep nothing.
    if (signedInUser() !== user) return;
    await open.put(LAST_SEEN, { value, savedAt: savedAt.toISOString() } satisfies Cached<T>, keyOf(user, what));
  } catch (error) {
    console.warn('offline copy not saved', what, error);
  }
}

/** The signed-in user's last seen `what`, or null (none, another user's, or no IndexedDB). */
export async function recall<T>(what: string): Promise<Cached<T> | null> {
  const user = signedInUser();
  const db = appDatabase();
  if (!user || !db) return null;
  try {
    return ((await (await db).get(LAST_SEEN, keyOf(user, what))) as Cached<T> | undefined) ?? null;
  } catch (error) {
    console.warn('offline copy not read', what, error);
    return null;
  }
}

/** Forgets everything kept on this phone (sign-out, ended session). */
export async function forgetAll(): Promise<void> {
  const db = appDatabase();
  if (!db) return;
  try {
    await (await db).clear(LAST_SEEN);
  } catch (error) {
    console.warn('offline copies not cleared', error);
  }
}
