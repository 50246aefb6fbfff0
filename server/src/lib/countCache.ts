/**
 * Counts and list pages for the staff lists and stat cards, reused while the tables they read are unchanged.
 *
 * A list's total costs every matching row; a deep or searched page costs every match too. Each value is kept
 * with the versions of the tables it depends on (`list_versions`, raised by statement triggers on every write
 * that can change what a list shows, migrations 0003 and 0006). A request reads the current versions (one
 * primary-key read of at most three rows) and reuses the value only when they are the same, so a list is never
 * behind a committed write, in this process or any other. What changes with every sensor reading (a field's
 * last reading) raises no version: a kept field page re-reads it in the same query. Bounded: the least recently
 * used entries go first.
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

  function store(key: string, stamp: string, value: unknown) {
    entries.delete(key);
    entries.set(key, { stamp, value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  async function stampOf(db: Db, tables: readonly CountedTable[]) {
    const [row] = await db.select({ stamp: versionStamp(tables) }).from(listVersions).limit(1);
    return row?.stamp ?? '';
  }

  async function at<T>(key: string, stamp: string, compute: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await compute();
    store(key, stamp, value);
    return value;
  }

  /**
   * A list page kept with the versions it was read at. With an entry, `revalidate` (by default: are the versions
   * still `stamp()`?) returns the page as it is now, reading anything it shows live in the same query, or nothing
   * when the versions moved; then, or without an entry, `compute()` reads the page with its versions from one
   * snapshot. An empty page carries no versions: they are read first and the page again after them, so a kept
   * page is never tagged with versions newer than what it saw.
   */
  async function page<T>(
    key: string,
    how: {
      stamp: () => Promise<string>;
      compute: () => Promise<{ stamp?: string; value: T }>;
      revalidate?: (cached: { stamp: string; value: T }) => Promise<T | undefined>;
    },
  ): Promise<T> {
    const hit = entries.get(key) as { stamp: string; value: T } | undefined;
    if (hit) {
      const now = how.revalidate ? await how.revalidate(hit) : (await how.stamp()) === hit.stamp ? hit.value : undefined;
      if (now !== undefined) {
        store(key, hit.stamp, now);
        return now;
      }
    }
    const first = await how.compute();
    if (first.stamp) {
      store(key, first.stamp, first.value);
      return first.value;
    }
    const before = await how.stamp();
    const again = await how.compute();
    store(key, again.stamp ?? before, again.value);
    return again.value;
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
    page,
    /** The current versions of `tables` (one primary-key read). */
    stamp: stampOf,
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
