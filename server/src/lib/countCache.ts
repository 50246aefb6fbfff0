/**
 * Counts for the staff lists and stat cards, reused while the tables they count are unchanged.
 *
 * A page of a list is cheap (an index walk to 10 rows); its total is not (every matching row). Each count is
 * kept with the versions of the tables it depends on (`list_versions`, raised by statement triggers on every
 * write that can change a count, migration 0003). A request reads the current versions (one primary-key read of
 * at most three rows) and reuses the count only when they are the same, so a list is never behind a committed
 * write, in this process or any other. Bounded: the oldest entries go first.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';

export type CountedTable = 'users' | 'fields' | 'alerts';

/**
 * The current versions of `tables` as one text value (`alerts:3|users:7`). A list selects it as a column of its
 * page query, so the versions come from the same snapshot as the rows, in the same round trip.
 */
export const versionStamp = (tables: readonly CountedTable[]): SQL<string> =>
  sql<string>`(select string_agg(${listVersions.name} || ':' || ${listVersions.version}, '|' order by ${listVersions.name}) from ${listVersions} where ${listVersions.name} in (${sql.join(
    [...tables].sort().map((t) => sql`${t}`),
    sql`, `,
  )}))`;

export function createCountCache(maxEntries = 5000) {
  const entries = new Map<string, { stamp: string; value: unknown }>();

  async function stampOf(db: Db, tables: readonly CountedTable[]) {
    const [row] = await db.select({ stamp: versionStamp(tables) }).from(listVersions).limit(1);
    return row?.stamp ?? '';
  }

  async function at<T>(key: string, stamp: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await compute();
    entries.delete(key);
    entries.set(key, { stamp, value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return value;
  }

  return {
    /**
     * `compute()` unless the same `key` was computed at the tables' current versions. The versions are read
     * before computing, so a value is never tagged with versions newer than the data it saw.
     */
    async get<T>(db: Db, key: string, tables: readonly CountedTable[], compute: () => Promise<T>): Promise<T> {
      return at(key, await stampOf(db, tables), compute);
    },
    /**
     * The same with versions the caller has already read (`versionStamp` selected with its rows): `compute()`
     * must read a snapshot no older than that stamp's, which any query started after it does.
     */
    at,
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
