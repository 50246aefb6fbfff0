/**
 * A fixed-window counter per key, in memory: enough for one app process (the embedded default).
 * `hit` counts an attempt and says whether it is still within the limit; `reset` forgets a key
 * (e.g. after a successful code). Old windows are dropped as keys are touched, so memory stays small.
 */
export type Throttle = {
  hit(key: string, now?: number): boolean;
  /** True when the key is over its limit, without counting an attempt. */
  blocked(key: string, now?: number): boolean;
  reset(key: string): void;
  /** Milliseconds until the key's window ends (0 when it is not over its limit). */
  retryAfterMs(key: string, now?: number): number;
};

export function createThrottle({ limit, windowMs }: { limit: number; windowMs: number }): Throttle {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      const fresh = { start: now, count: 0 };
      windows.set(key, fresh);
      return fresh;
    }
    return w;
  };
  const sweep = (now: number) => {
    if (windows.size < 10_000) return;
    for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
  };
  return {
    hit(key, now = Date.now()) {
      sweep(now);
      const w = current(key, now);
      w.count += 1;
      return w.count <= limit;
    },
    blocked(key, now = Date.now()) {
      return current(key, now).count >= limit;
    },
    reset(key) {
      windows.delete(key);
    },
    retryAfterMs(key, now = Date.now()) {
      const w = current(key, now);
      return w.count >= limit ? Math.max(0, w.start + windowMs - now) : 0;
    },
  };
}
