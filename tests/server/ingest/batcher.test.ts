import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatcherClosedError, QueueFullError, WriteBatcher } from '../../../server/src/domain/ingest/batcher';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setImmediate(r));

afterEach(() => vi.useRealTimers());

describe('write batcher', () => {
  it('flushes as soon as a batch is full', async () => {
    const batches: number[][] = [];
    const b = new WriteBatcher<number>({ write: async (xs) => void batches.push(xs), maxBatch: 3, maxDelayMs: 60_000, maxQueued: 10 });
    await b.submit([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('flushes a partial batch after the delay, not before', async () => {
    vi.useFakeTimers();
    const batches: number[][] = [];
    const b = new WriteBatcher<number>({ write: async (xs) => void batches.push(xs), maxBatch: 100, maxDelayMs: 50, maxQueued: 1000 });
    let done = false;
    const p = b.submit([1, 2]).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(batches).toEqual([]);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(batches).toEqual([[1, 2]]);
  });

  it('settles a submit only after its commit, and a failed write rejects every item in it', async () => {
    const writes: ReturnType<typeof deferred>[] = [];
    const b = new WriteBatcher<number>({
      write: () => {
        const d = deferred();
        writes.push(d);
        return d.promise;
      },
      classify: () => 'transient',
      maxBatch: 2,
      maxDelayMs: 60_000,
      maxQueued: 10,
      concurrency: 2,
    });
    const a = b.submit([1, 2]);
    const c = b.submit([3, 4]);
    let aDone = false;
    a.then(() => (aDone = true), () => {});
    await tick();
    expect(aDone).toBe(false);
    writes[0].resolve();
    writes[1].reject(new Error('database down'));
    await expect(a).resolves.toEqual([]);
    await expect(c).rejects.toThrow('database down');
    // A transient failure (the database is away) is not split: one write, both items failed.
    expect(writes).toHaveLength(2);
    expect(b.snapshot()).toMatchObject({ batches: 2, written: 2, failedBatches: 1, splits: 0, queued: 0, inFlight: 0 });
  });

  describe('one bad item in a shared batch', () => {
    const poison = Object.assign(new Error('date/time field value out of range'), { code: '22008' });
    const failingOn = (bad: Set<number>, stored: number[], err: unknown = poison) => async (xs: number[]) => {
      if (xs.some((x) => bad.has(x))) throw err;
      stored.push(...xs);
    };

    it('is isolated by splitting: everyone else in the batch is committed, it alone is refused with its index', async () => {
      const stored: number[] = [];
      const b = new WriteBatcher<number>({
        write: failingOn(new Set([13]), stored),
        classify: (e) => ((e as { code?: string }).code === '22008' ? 'row' : 'unknown'),
        maxBatch: 100,
        maxDelayMs: 5,
        maxQueued: 1000,
      });
      // Three devices' submits share one batch; the second device sent the poison as its fourth item.
      const [one, two, three] = await Promise.all([b.submit([1, 2, 3, 4, 5]), b.submit([10, 11, 12, 13, 14]), b.submit([20, 21])]);
      expect(one).toEqual([]);
      expect(two).toEqual([{ index: 3, error: poison }]);
      expect(three).toEqual([]);
      expect(stored.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 14, 20, 21]);
      expect(b.snapshot()).toMatchObject({ written: 11, refused: 1, failedBatches: 0, queued: 0, inFlight: 0 });
    });

    it('fails only its own submit when the reason is unknown (so the device resends it), the rest committed', async () => {
      const stored: number[] = [];
      const b = new WriteBatcher<number>({ write: failingOn(new Set([7]), stored, new Error('check constraint')), maxBatch: 100, maxDelayMs: 5, maxQueued: 1000 });
      const [good, bad] = await Promise.allSettled([b.submit([1, 2, 3]), b.submit([6, 7, 8])]);
      expect(good).toEqual({ status: 'fulfilled', value: [] });
      expect(bad).toMatchObject({ status: 'rejected', reason: new Error('check constraint') });
      expect(stored.sort((x, y) => x - y)).toEqual([1, 2, 3, 6, 8]);
    });

    it('never holds up the other submitters for long: a steady stream of poison costs each batch a few extra writes only', async () => {
      const stored: number[] = [];
      let writes = 0;
      const b = new WriteBatcher<number>({
        write: async (xs) => {
          writes++;
          if (xs.some((x) => x < 0)) throw poison;
          stored.push(...xs);
        },
        classify: () => 'row',
        maxBatch: 64,
        maxDelayMs: 1,
        maxQueued: 10_000,
      });
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => b.submit(i % 2 === 0 ? [i] : [-i])));
      expect(stored).toHaveLength(100);
      expect(results.filter((r) => r.length === 1)).toHaveLength(100);
      expect(writes).toBeLessThan(200 * 4);
    });
  });

  it('refuses work when full in reject mode, and makes waiters wait in wait mode, never holding more than maxQueued', async () => {
    const writes: ReturnType<typeof deferred>[] = [];
    const b = new WriteBatcher<number>({
      write: () => {
        const d = deferred();
        writes.push(d);
        return d.promise;
      },
      maxBatch: 2,
      maxDelayMs: 1,
      maxQueued: 4,
    });
    const first = b.submit([1, 2, 3, 4]);
    await tick();
    expect(b.used).toBe(4);
    await expect(b.submit([5], 'reject')).rejects.toBeInstanceOf(QueueFullError);
    let waiterIn = false;
    const waiter = b.submit([5, 6], 'wait').then(() => (waiterIn = true));
    await tick();
    expect(b.used).toBe(4);
    writes[0].resolve();
    await tick();
    expect(b.used).toBeLessThanOrEqual(4);
    while (!waiterIn) {
      writes.at(-1)!.resolve();
      for (const w of writes) w.resolve();
      await tick();
    }
    await first;
    await waiter;
    expect(b.snapshot().peak).toBeLessThanOrEqual(4);
    expect(b.snapshot().written).toBe(6);
  });

  it('admits a group bigger than the queue alone rather than blocking it forever', async () => {
    const batches: number[][] = [];
    const b = new WriteBatcher<number>({ write: async (xs) => void batches.push(xs), maxBatch: 2, maxDelayMs: 1, maxQueued: 2 });
    await b.submit([1, 2, 3, 4, 5]);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes what is queued on close and refuses work afterwards', async () => {
    const batches: number[][] = [];
    const b = new WriteBatcher<number>({ write: async (xs) => void batches.push(xs), maxBatch: 100, maxDelayMs: 60_000, maxQueued: 1000 });
    const p = b.submit([1]);
    await b.close();
    await p;
    expect(batches).toEqual([[1]]);
    await expect(b.submit([2])).rejects.toBeInstanceOf(BatcherClosedError);
  });

  it('keeps memory bounded under a sustained burst of waiting submitters', async () => {
    let maxUsed = 0;
    const b: WriteBatcher<number> = new WriteBatcher<number>({
      write: async () => {
        maxUsed = Math.max(maxUsed, b.used);
        await new Promise((r) => setTimeout(r, 1));
      },
      maxBatch: 50,
      maxDelayMs: 2,
      maxQueued: 200,
      concurrency: 2,
    });
    await Promise.all(Array.from({ length: 100 }, (_, i) => b.submit(Array.from({ length: 30 }, (_, j) => i * 30 + j))));
    expect(b.snapshot().written).toBe(3000);
    expect(b.snapshot().peak).toBeLessThanOrEqual(200);
    expect(maxUsed).toBeLessThanOrEqual(200);
  });
});
