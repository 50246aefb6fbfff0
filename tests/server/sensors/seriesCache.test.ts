import { describe, expect, it, vi } from 'vitest';
import { createSeriesCache } from '../../../server/src/modules/sensors/seriesCache';

describe('series cache', () => {
  it('answers from memory within the TTL, reloads after it, forgets failures and stays bounded', async () => {
    vi.useFakeTimers();
    try {
      const cache = createSeriesCache<number>(1000, 2);
      const load = vi.fn(async () => 1);
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.get('a', load)).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.get('a', load);
      expect(load).toHaveBeenCalledTimes(2);
      const failing = vi.fn(async () => Promise.reject(new Error('db')));
      await expect(cache.get('b', failing)).rejects.toThrow('db');
      await expect(cache.get('b', failing)).rejects.toThrow('db');
      expect(failing).toHaveBeenCalledTimes(2);
      await cache.get('c', load);
      await cache.get('d', load);
      const calls = load.mock.calls.length;
      await cache.get('a', load);
      expect(load.mock.calls.length).toBe(calls + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
