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

/** Announces that these fields' analytics changed (call right after the write, on the same db or transaction). */
export function analyticsChanged(db: Db, fieldIds: string[]) {
  return accessChanged(db, { analytics: [...new Set(fieldIds)] });
}

/** The cache key of a field's answer over a range. */
export const analyticsKey = (fieldId: string, range: string) => `${fieldId}|${range}`;
const fieldOf = (key: string) => key.slice(0, key.indexOf('|'));

export type AnalyticsCacheOptions = { maxAgeMs: number; maxEntries?: number; now?: () => number; onError?: (err: unknown) => void };

export function createAnalyticsCache({ maxAgeMs, maxEntries = 5000, now = Date.now, onError }: AnalyticsCacheOptions) {
  const entries = new Map<string, { value: string; at: number }>();
  const loading = new Map<string, Promise<string>>();
  /** Bumped by every change: a read begun before it is not kept. */
  let generation = 0;

  function forget(match: (fieldId: string) => boolean) {
    generation++;
    for (const key of [...entries.keys()]) if (match(fieldOf(key))) entries.delete(key);
    // Later requests must not join a read that may have missed the change.
    for (const key of [...loading.keys()]) if (match(fieldOf(key))) loading.delete(key);
  }

  const stop = onAccessChange((c: AccessChange) => {
    if (c.all || c.fields) forget(() => true);
    else if (c.analytics?.length) {
      const ids = new Set(c.analytics);
      forget((id) => ids.has(id));
    }
  });

  function load(key: string, read: () => Promise<string>) {
    const running = loading.get(key);
    if (running) return running;
    const startedIn = generation;
    const at = now();
    const p = read()
      .then((value) => {
        if (startedIn === generation) {
          entries.delete(key);
          entries.set(key, { value, at });
          while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => {
        if (loading.get(key) === p) loading.delete(key);
      });
    loading.set(key, p);
    return p;
  }

  return {
    async get(key: string, read: () => Promise<string>): Promise<string> {
      if (maxAgeMs <= 0) return read();
      const e = entries.get(key);
      const age = e ? now() - e.at : Infinity;
      if (e && age < maxAgeMs) {
        if (age >= maxAgeMs / 2 && !loading.has(key)) load(key, read).catch((err) => onError?.(err));
        return e.value;
      }
      return load(key, read);
    },
    get size() {
      return entries.size;
    },
    stop,
  };
}
