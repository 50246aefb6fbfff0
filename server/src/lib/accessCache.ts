/**
 * Short-lived, in-process caches of what authorization reads on every request (the verified session
 * behind a token; which field a reference names for a caller), and how they are kept honest.
 *
 * Every write that ends a session, deactivates or edits a user, or moves a farmer to another coordinator
 * calls `accessChanged(db, change)` right after it. That
 *   1. clears the matching entries of every cache in this process at once, so the very next request
 *      reads the database again, and
 *   2. sends `NOTIFY shetmitra_access` on the same connection (inside the caller's transaction, so it is
 *      delivered after the commit) to every process listening on the database (PostgreSQL: each app
 *      instance keeps one LISTEN connection; PGlite: the one process that owns the data folder), which
 *      clears the same entries again. This also closes the window of a request that re-read the old row
 *      while the writing transaction was still open.
 * An entry also expires on its own after AUTH_CACHE_SECONDS (default 5; 0 turns the caches off), which
 * bounds staleness if a notification is ever missed (the listening connection is reopened and the caches
 * cleared after a drop).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const ACCESS_CHANNEL = 'shetmitra_access';

/**
 * What changed: these sessions, these users (sessions, status, name, e-mail, role), who manages whom, or
 * fields (created, moved, health): the last matters only to the Field Map's cache (modules/fields/pinCache.ts);
 * `analytics`: what these fields' Advanced Analytics shows (modules/advancedAnalytics/cache.ts), nobody's access.
 */
export type AccessChange = { sessions?: string[]; users?: string[]; scopes?: boolean; fields?: boolean; analytics?: string[]; all?: boolean };

const listeners = new Set<(c: AccessChange) => void>();

export function onAccessChange(fn: (c: AccessChange) => void) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Applies a change to this process's caches (also what a received notification does). */
export function applyAccessChange(c: AccessChange) {
  for (const fn of listeners) fn(c);
}

export function parseAccessChange(payload: string | undefined): AccessChange {
  try {
    const c = JSON.parse(payload ?? '') as AccessChange;
    return c && typeof c === 'object' ? c : { all: true };
  } catch {
    return { all: true };
  }
}

/** Call right after the write (on the same `db` or transaction). */
export async function accessChanged(db: Db, change: AccessChange) {
  applyAccessChange(change);
  let payload = JSON.stringify(change);
  // NOTIFY payloads stop at 8000 bytes: a very large change clears everything instead.
  if (payload.length > 7000) payload = JSON.stringify({ all: true });
  await db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${payload})`);
}

/**
 * A bounded map whose entries live `ttlMs`. A value loaded while a change arrived is not kept
 * (`generation`), so an in-flight read of the old row cannot be cached after the change.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 20_000) {
  const entries = new Map<string, { until: number; value: V }>();
  let generation = 0;
  return {
    get enabled() {
      return ttlMs > 0;
    },
    get generation() {
      return generation;
    },
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    /** Keeps `value` unless a change arrived since `loadedAt` (a generation read before loading). */
    set(key: string, value: V, loadedAt: number, until = Date.now() + ttlMs) {
      if (ttlMs <= 0 || loadedAt !== generation) return;
      entries.delete(key);
      entries.set(key, { until: Math.min(until, Date.now() + ttlMs), value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    deleteWhere(match: (key: string, value: V) => boolean) {
      generation++;
      for (const [k, e] of entries) if (match(k, e.value)) entries.delete(k);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
