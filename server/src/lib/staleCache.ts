/**
 * A small stale-while-revalidate cache for figures that are expensive to compute and may be a little behind:
 * fresh for `freshMs` (answered from memory), then up to `maxStaleMs` old the last value is answered at once
 * while one refresh runs in the background; older, or never loaded, the caller waits for the load (concurrent
 * callers of one key share it). Failures are not kept. Bounded: the least recently loaded keys go first.
 * `freshMs` 0 turns it off (every call loads).
 */
type Entry<T> = { value: T; at: number; refreshing: boolean };

export type StaleCacheOptions = { freshMs: number; maxStaleMs: number; maxEntries?: number; now?: () => number; onError?: (err: unknown) => void };

export function createStaleCache<T>({ freshMs, maxStaleMs, maxEntries = 1000, now = Date.now, onError }: StaleCacheOptions) {
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T>>();

  function load(key: string, fn: () => Promise<T>) {
    let p = loading.get(key);
    if (!p) {
      const at = now();
      p = fn()
        .then((value) => {
          entries.delete(key);
          entries.set(key, { value, at, refreshing: false });
          while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, p);
    }
    return p;
  }

  return {
    async get(key: string, fn: () => Promise<T>): Promise<T> {
      if (freshMs <= 0) return fn();
      const e = entries.get(key);
      const age = e ? now() - e.at : Infinity;
      if (e && age < freshMs) return e.value;
      if (e && age < maxStaleMs) {
        if (!e.refreshing) {
          e.refreshing = true;
          load(key, fn).catch((err) => {
            e.refreshing = false;
            onError?.(err);
          });
        }
        return e.value;
      }
      return load(key, fn);
    },
    clear: () => entries.clear(),
  };
}
