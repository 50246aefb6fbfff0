/**
 * The 24-hour series of a field, kept for a few seconds: every farmer's home asks for it on load, and
 * under load the same field is asked for many times a second. A cached answer is at most TTL old; the
 * live feed carries anything newer to the screen. Bounded: the oldest entries go first.
 */
export function createSeriesCache<T>(ttlMs = 5000, maxEntries = 5000) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { until: now + ttlMs, value });
      // A failed load is not kept.
      value.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
