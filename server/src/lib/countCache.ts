/**
 * Counts for the staff lists and stat cards, reused while the tables they count are unchanged.
 *
 * A page of a list is cheap (an index walk to 10 rows); its total is not (every matching row). Each count is
 * kept with the versions of the tables it depends on (`list_versions`, raised by statement triggers on every
 * write that can change a count, migration 0003). A request reads the current versions (one primary-key read of
 * at most three rows) and reuses the count only when they are the same, so a list is never behind a committed
 * write, in this process or any other. Bounded: the oldest entries go first.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

export type CountedTable = 'users' | 'fields' | 'alerts';

export function createCountCache(maxEntries = 5000) {
  const entries = new Map<string, { stamp: string; value: unknown }>();

  async function stampOf(db: Db, tables: readonly CountedTable[]) {
    const rows = await db.select().from(listVersions).where(inArray(listVersions.name, [...tables]));
    return rows
      .map((r) => `${r.name}:${r.version}`)
      .sort()
      .join('|');
  }

  return {
    /**
     * `compute()` unless the same `key` was computed at the tables' current versions. The versions are read
     * before computing, so a value is never tagged with versions newer than the data it saw.
     */
    async get<T>(db: Db, key: string, tables: readonly CountedTable[], compute: () => Promise<T>): Promise<T> {
      const stamp = await stampOf(db, tables);
      const hit = entries.get(key);
      if (hit && hit.stamp === stamp) return hit.value as T;
      const value = await compute();
      entries.delete(key);
      entries.set(key, { stamp, value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

export type CountCache = ReturnType<typeof createCountCache>;

/** Who a count is for: everyone (admins) or one coordinator's or farmer's reach. */
export const scopeKey = (user: { id: string; role: string }) =>
  user.role === 'admin' || user.role === 'superadmin' ? 'all' : `${user.role}:${user.id}`;

/** Figures over a moving window ('the last 7 days') are also recounted each minute. */
export const minuteKey = () => String(Math.floor(Date.now() / 60_000));
