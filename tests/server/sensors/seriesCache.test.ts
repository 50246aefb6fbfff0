import { describe, expect, it, vi } from 'vitest';
import { createDaySeriesCache, type DayPoint } from '../../../server/src/modules/sensors/seriesCache';

const BUCKET = 5 * 60_000;
const DAY = 24 * 3600_000;
const T0 = Date.parse('2026-11-22T06:00:00.000Z');

/** A field's readings as bucket averages, the way the SQL computes them (buckets later than `from`). */
function fakeStore() {
  const readings: Array<{ at: number; moisture: number }> = [];
  const load = vi.fn(async (_field: string, from: Date) => {
    const buckets = new Map<number, number[]>();
    for (const r of readings) {
      if (r.at <= from.getTime()) continue;
      const b = Math.floor(r.at / BUCKET) * BUCKET;
      buckets.set(b, [...(buckets.get(b) ?? []), r.moisture]);
    }
    return [...buckets.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([b, xs]): DayPoint => ({ timestamp: new Date(b).toISOString(), moisture: xs.reduce((s, x) => s + x, 0) / xs.length, temperature: null }));
  });
  return { readings, load };
}

describe('day series cache', () => {
  it('answers fresh from memory, then stale at once while one incremental refresh runs, and matches a full read', async () => {
    let now = T0;
    const store = fakeStore();
    for (let i = 0; i < 24 * 12; i++) store.readings.push({ at: T0 - DAY + 60_000 + i * BUCKET, moisture: i % 50 });
    const cache = createDaySeriesCache({ load: store.load, serialize: (p) => JSON.stringify(p), bucketMs: BUCKET, now: () => now });
    const first = JSON.parse(await cache.get('f'));
    expect(store.load).toHaveBeenCalledTimes(1);
    expect(store.load.mock.calls[0][1].getTime()).toBe(T0 - DAY);
    expect(first).toEqual(await store.load('f', new Date(T0 - DAY)));
    store.load.mockClear();

    now += 4000;
    expect(await cache.get('f')).toBe(JSON.stringify(first));
    expect(store.load).not.toHaveBeenCalled();

    // New readings land; after 5 s the old answer still goes out at once, and one refresh starts.
    store.readings.push({ at: T0 + 1000, moisture: 77 }, { at: T0 + BUCKET + 1000, moisture: 33 });
    now += 2000;
    const [a, b] = await Promise.all([cache.get('f'), cache.get('f')]);
    expect(JSON.parse(a)).toEqual(first);
    expect(b).toBe(a);
    expect(store.load).toHaveBeenCalledTimes(1);
    // Incremental: from the start of the newest bucket it had, not the whole day.
    expect(store.load.mock.calls[0][1].getTime()).toBe(Date.parse(first[first.length - 1].timestamp) - 1);
    await vi.waitFor(async () => expect(JSON.parse(await cache.get('f')).length).toBe(first.length + 2));
    const merged = JSON.parse(await cache.get('f'));
    expect(merged).toEqual(await store.load('f', new Date(now - DAY)));
  });

  it('reads the whole day again every minute (late readings), waits when too stale, keeps failures out', async () => {
    let now = T0;
    const store = fakeStore();
    store.readings.push({ at: T0 - 3600_000, moisture: 40 });
    const errors: unknown[] = [];
    const cache = createDaySeriesCache({ load: store.load, serialize: (p) => JSON.stringify(p), bucketMs: BUCKET, now: () => now, onError: (e) => errors.push(e) });
    await cache.get('f');
    // A backlog reading two hours old arrives: an incremental refresh cannot see it, the minute's full read does.
    store.readings.push({ at: T0 - 2 * 3600_000, moisture: 10 });
    now += 6000;
    await cache.get('f');
    await vi.waitFor(() => expect(store.load).toHaveBeenCalledTimes(2));
    now += 60_000;
    // Older than 30 s: this request waits for the (full) read.
    const late = JSON.parse(await cache.get('f'));
    expect(store.load.mock.calls[2][1].getTime()).toBe(now - DAY);
    expect(late.map((p: DayPoint) => p.moisture)).toEqual([10, 40]);

    // A failing background refresh keeps the last answer and is reported; the next request tries again.
    now += 6000;
    store.load.mockRejectedValueOnce(new Error('db down'));
    expect(JSON.parse(await cache.get('f'))).toEqual(late);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    const calls = store.load.mock.calls.length;
    await cache.get('f');
    await vi.waitFor(() => expect(store.load.mock.calls.length).toBe(calls + 1));

    // A failed first load is not kept.
    store.load.mockRejectedValueOnce(new Error('db down'));
    await expect(cache.get('g')).rejects.toThrow('db down');
    expect(JSON.parse(await cache.get('g'))).toEqual(await store.load('g', new Date(now - DAY)));
  });

  it('stays bounded: the least recently loaded field goes first', async () => {
    const store = fakeStore();
    const cache = createDaySeriesCache({ load: store.load, serialize: (p) => JSON.stringify(p), bucketMs: BUCKET, maxEntries: 2 });
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    expect(cache.size).toBe(2);
    const calls = store.load.mock.calls.length;
    await cache.get('a');
    expect(store.load.mock.calls.length).toBe(calls + 1);
    await cache.get('c');
    expect(store.load.mock.calls.length).toBe(calls + 1);
  });
});
