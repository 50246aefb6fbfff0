/**
 * A small stale-while-revalidate cache for figures that are expensive to compute and may be a little behind:
 * fresh for `freshMs` (answered from memory), then up to `maxStaleMs` old the last value is answered at once
 * while one refresh runs in the background; older, or never loaded, the caller waits for the load (concurrent
 * callers of one key share it). Failures are not kept. Bounded: the least recently loaded keys go first.
 * `forget(match)` / `clear()` drop keys after a write: a load that was running then is answered to whoever waits
 * for it but not kept, and later callers do not join it (it may have read before the write).
 * `freshMs` 0 turns it off (every call loads).
 */
type Entry<T> = { value: T; at: number };

export type StaleCacheOptions = { freshMs: number; maxStaleMs: number; maxEntries?: number; now?: () => number; onError?: (err: unknown) => void };

export function createStaleCache<T>({ freshMs, maxStaleMs, maxEntries = 1000, now = Date.now, onError }: StaleCacheOptions) {
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T>>();
  /** Bumped by every forget: a load begun before it is not kept. */
  let generation = 0;

  function load(key: string, fn: () => Promise<T>) {
    const running = loading.get(key);
    if (running) return running;
    const startedIn = generation;
    const at = now();
    const p = fn()
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

  function forget(match: (key: string) => boolean) {
    generation++;
    for (const key of [...entries.keys()]) if (match(key)) entries.delete(key);
    for (const key of [...loading.keys()]) if (match(key)) loading.delete(key);
  }

  return {
    async get(key: string, fn: () => Promise<T>): Promise<T> {
      if (freshMs <= 0) return fn();
      const e = entries.get(key);
      const age = e ? now() - e.at : Infinity;
      if (e && age < freshMs) return e.value;
      if (e && age < maxStaleMs) {
        if (!loading.has(key)) load(key, fn).catch((err) => onError?.(err));
        return e.value;
      }
      return load(key, fn);
    },
    forget,
    clear: () => forget(() => true),
    get size() {
      return entries.size;
    },
  };
}
