/**
 * Advanced Analytics answers kept per field and range, already serialised, for ADVANCED_ANALYTICS_CACHE_SECONDS (5).
 * The answer does not depend on who asks (the route checks the caller's reach first, through the cached field
 * lookup, so role and ownership are checked on every request), only on the field's records and the time.
 *
 * How old an answer may be:
 * - Never older than the cache's age: an answer is served only while its read started less than
 *   `maxAgeMs` ago. A reading committed at time t is in every answer served from t + maxAgeMs on, whichever process
 *   stored it; new readings are not announced (they arrive all the time, on the ingest hot path, in any process).
 * - Refreshed ahead: a request that finds an answer past half its age gets it at once and starts one re-read in the
 *   background, so under steady traffic the answer is replaced before it expires and no request waits for the
 *   statements; after a quiet spell the first request waits (requests for one key share one read).
 * - Writes to what an answer shows call `analyticsChanged(db, fieldIds)` right after them (recommendations created
 *   or decided; a future crop-history, money or crop write must do the same): the field's answers go at once in this
 *   process and, through NOTIFY shetmitra_access (lib/accessCache.ts), in every other; a read that was running when
 *   a change arrived is answered to whoever waits for it but not kept. Field writes already announced for the Field
 *   Map (`fields`: creation, position, health) and a lost notification connection (`all`) clear every answer.
 * `maxAgeMs` 0 turns the cache off (every request reads).
 */
import type { Db } from '../../db/client';
import { accessChanged, onAccessChange, type AccessChange } from '../../lib/accessCache';
import { createStaleCache } from '../../lib/staleCache';

/** Announces that these fields' analytics changed (call right after the write, on the same db or transaction). */
export function analyticsChanged(db: Db, fieldIds: string[]) {
  return accessChanged(db, { analytics: [...new Set(fieldIds)] });
}

/** The cache key of a field's answer over a range. */
export const analyticsKey = (fieldId: string, range: string) => `${fieldId}|${range}`;
const fieldOf = (key: string) => key.slice(0, key.indexOf('|'));

export type AnalyticsCacheOptions = { maxAgeMs: number; maxEntries?: number; now?: () => number; onError?: (err: unknown) => void };

/**
 * The shared stale-while-revalidate cache (lib/staleCache.ts) with a hard age: fresh for half of `maxAgeMs`, then
 * answered while one re-read runs, never past `maxAgeMs`; announced changes forget the fields' answers.
 */
export function createAnalyticsCache({ maxAgeMs, maxEntries = 5000, now, onError }: AnalyticsCacheOptions) {
  const cache = createStaleCache<string>({ freshMs: maxAgeMs > 0 ? maxAgeMs / 2 : 0, maxStaleMs: maxAgeMs, maxEntries, now, onError });
  const stop = onAccessChange((c: AccessChange) => {
    if (c.all || c.fields) cache.clear();
    else if (c.analytics?.length) {
      const ids = new Set(c.analytics);
      cache.forget((key) => ids.has(fieldOf(key)));
    }
  });
  return {
    get: cache.get,
    get size() {
      return cache.size;
    },
    stop,
  };
}
