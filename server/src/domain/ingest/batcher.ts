/**
 * A bounded write batcher: items queue until `maxBatch` are waiting or `maxDelayMs` has passed since the
 * oldest, then go to the database in one write. Each submitted group gets a promise that settles when every
 * one of its items is committed (or its write failed), so MQTT acks and HTTP 202s follow the commit.
 *
 * Memory is bounded: at most `maxQueued` items are queued or being written. Beyond that a submitter either
 * waits for room (`whenFull: 'wait'`: MQTT, where waiting stops the socket being read and TCP pushes back on
 * the device) or is refused at once with QueueFullError (`'reject'`: HTTP answers 503 and the device retries).
 */

export class QueueFullError extends Error {
  constructor() {
    super('ingest queue is full');
    this.name = 'QueueFullError';
  }
}

export class BatcherClosedError extends Error {
  constructor() {
    super('ingest batcher is closed');
    this.name = 'BatcherClosedError';
  }
}

export type BatcherOptions<T> = {
  /** Writes one batch; resolves after the commit. A rejection fails every item in the batch. */
  write: (items: T[]) => Promise<void>;
  maxBatch: number;
  maxDelayMs: number;
  maxQueued: number;
  /** Batches written at once (PGlite has one connection: 1; PostgreSQL profits from 2). */
  concurrency?: number;
};

type Entry<T> = { item: T; done: (err?: unknown) => void };

export type BatcherStats = {
  queued: number;
  inFlight: number;
  batches: number;
  written: number;
  failedBatches: number;
  /** The most items ever queued or in flight at once: never above maxQueued (or one oversized group). */
  peak: number;
};

export class WriteBatcher<T> {
  private queue: Entry<T>[] = [];
  private inFlightItems = 0;
  private inFlightBatches = 0;
  /** Room promised to woken waiters that have not pushed their items yet. */
  private reserved = 0;
  private timer: NodeJS.Timeout | null = null;
  private due = false;
  private closed = false;
  private roomWaiters: Array<{ size: number; wake: () => void; fail: (e: Error) => void }> = [];
  private idleWaiters: Array<() => void> = [];
  private readonly stats = { batches: 0, written: 0, failedBatches: 0, peak: 0 };
  private readonly concurrency: number;

  constructor(private readonly opts: BatcherOptions<T>) {
    if (opts.maxBatch < 1 || opts.maxQueued < opts.maxBatch) throw new Error('maxQueued must be at least maxBatch');
    this.concurrency = opts.concurrency ?? 1;
  }

  get used() {
    return this.queue.length + this.inFlightItems;
  }

  snapshot(): BatcherStats {
    return { queued: this.queue.length, inFlight: this.inFlightItems, ...this.stats };
  }

  /** Queues the items; resolves once all are committed. */
  async submit(items: T[], whenFull: 'wait' | 'reject' = 'wait'): Promise<void> {
    if (this.closed) throw new BatcherClosedError();
    if (items.length === 0) return;
    if (this.roomWaiters.length > 0 || !this.hasRoom(items.length)) {
      if (whenFull === 'reject') throw new QueueFullError();
      await new Promise<void>((wake, fail) => this.roomWaiters.push({ size: items.length, wake, fail }));
      this.reserved -= items.length;
    }
    const settled = items.map(
      (item) => new Promise<void>((resolve, reject) => this.queue.push({ item, done: (err) => (err ? reject(err) : resolve()) })),
    );
    this.stats.peak = Math.max(this.stats.peak, this.used);
    this.pump();
    await Promise.all(settled);
  }

  /** Writes everything queued and waits for it (graceful shutdown). Later submits are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.roomWaiters.splice(0)) w.fail(new BatcherClosedError());
    this.due = true;
    this.pump();
    if (this.used > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  /** A group larger than the whole queue is admitted alone, so it cannot wait forever. */
  private hasRoom(size: number) {
    const taken = this.used + this.reserved;
    return taken + size <= this.opts.maxQueued || taken === 0;
  }

  private pump() {
    while (this.inFlightBatches < this.concurrency && (this.queue.length >= this.opts.maxBatch || (this.due && this.queue.length > 0))) {
      this.flush();
    }
    if (this.queue.length === 0) this.due = false;
    if (this.queue.length > 0 && !this.timer && !this.due) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.due = true;
        this.pump();
      }, this.opts.maxDelayMs);
    }
  }

  private flush() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue.splice(0, this.opts.maxBatch);
    // What is left was queued after the oldest of this batch: it gets its own full delay.
    this.due = false;
    this.inFlightBatches++;
    this.inFlightItems += batch.length;
    const finish = (err?: unknown) => {
      this.inFlightBatches--;
      this.inFlightItems -= batch.length;
      this.stats.batches++;
      if (err) this.stats.failedBatches++;
      else this.stats.written += batch.length;
      for (const e of batch) e.done(err ?? undefined);
      this.admitWaiters();
      if (this.closed) this.due = true;
      this.pump();
      if (this.used === 0) for (const w of this.idleWaiters.splice(0)) w();
    };
    let writing: Promise<void>;
    try {
      writing = this.opts.write(batch.map((e) => e.item));
    } catch (err) {
      writing = Promise.reject(err);
    }
    writing.then(() => finish(), (err) => finish(err ?? new Error('write failed')));
  }

  private admitWaiters() {
    // First come, first served: a large waiting group is not overtaken by small ones.
    while (this.roomWaiters.length > 0 && this.hasRoom(this.roomWaiters[0].size)) {
      const w = this.roomWaiters.shift()!;
      this.reserved += w.size;
      w.wake();
    }
  }
}
