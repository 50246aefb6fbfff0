/** lib/staleCache.ts: fresh answers from memory, stale ones at once with one background refresh, then a wait. */
import { describe, expect, it } from 'vitest';
import { createStaleCache } from '../../../server/src/lib/staleCache';

function setup(freshMs = 1000, maxStaleMs = 5000) {
  let t = 0;
  let loads = 0;
  let release: (() => void) | null = null;
  let gate = false;
  const cache = createStaleCache<number>({ freshMs, maxStaleMs, maxEntries: 2, now: () => t });
  const load = () => {
    loads += 1;
    const n = loads;
    if (!gate) return Promise.resolve(n);
    return new Promise<number>((r) => (release = () => r(n)));
  };
  return {
    cache,
    load,
    at: (ms: number) => (t = ms),
    loads: () => loads,
    hold: () => (gate = true),
    free: () => {
      gate = false;
      release?.();
    },
  };
}

describe('stale-while-revalidate cache', () => {
  it('answers from memory while fresh', async () => {
    const s = setup();
    expect(await s.cache.get('a', s.load)).toBe(1);
    s.at(999);
    expect(await s.cache.get('a', s.load)).toBe(1);
    expect(s.loads()).toBe(1);
  });

  it('answers a stale value at once and refreshes once in the background', async () => {
    const s = setup();
    await s.cache.get('a', s.load);
    s.at(1500);
    s.hold();
    expect(await s.cache.get('a', s.load)).toBe(1);
    expect(await s.cache.get('a', s.load)).toBe(1);
    expect(s.loads()).toBe(2);
    s.free();
    await new Promise((r) => setTimeout(r, 0));
    expect(await s.cache.get('a', s.load)).toBe(2);
  });

  it('waits for a load when the value is older than maxStale, and shares one load among callers', async () => {
    const s = setup();
    await s.cache.get('a', s.load);
    s.at(6000);
    s.hold();
    const both = Promise.all([s.cache.get('a', s.load), s.cache.get('a', s.load)]);
    s.free();
    expect(await both).toEqual([2, 2]);
    expect(s.loads()).toBe(2);
  });

  it('keeps keys apart, is bounded, and keeps no failure', async () => {
    const s = setup();
    expect(await s.cache.get('a', s.load)).toBe(1);
    expect(await s.cache.get('b', s.load)).toBe(2);
    expect(await s.cache.get('c', s.load)).toBe(3);
    expect(await s.cache.get('a', s.load)).toBe(4); // 'a' was the oldest of three with room for two
    await expect(s.cache.get('d', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await s.cache.get('d', s.load)).toBe(5);
  });

  it('is off with freshMs 0', async () => {
    const s = setup(0, 0);
    await s.cache.get('a', s.load);
    await s.cache.get('a', s.load);
    expect(s.loads()).toBe(2);
  });
});
