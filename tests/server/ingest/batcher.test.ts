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
    await expect(a).resolves.toBeUndefined();
    await expect(c).rejects.toThrow('database down');
    expect(b.snapshot()).toMatchObject({ batches: 2, written: 2, failedBatches: 1, queued: 0, inFlight: 0 });
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
