/**
 * A bounded write batcher: items queue until `maxBatch` are waiting or `maxDelayMs` has passed since the
 * oldest, then go to the database in one write. Each submitted group gets a promise that settles when every
 * one of its items is committed (or its write failed), so MQTT acks and HTTP 202s follow the commit.
 *
 * Memory is bounded: at most `maxQueued` items are queued or being written. Beyond that a submitter either
 * waits for room (`whenFull: 'wait'`: MQTT, where waiting stops the socket being read and TCP pushes back on
 * the device) or is refused at once with QueueFullError (`'reject'`: HTTP answers 503 and the device retries).
 *
 * One bad item never fails the others: when a write fails for a reason that is not "the database is away"
 * (`classify`), the batch is split in halves and each half written again, down to the single item that the
 * database refuses. That item is refused for good (a `row` error: its data cannot be stored, say its sensor
 * was deleted) and its submitter learns which one; or, when the reason is unknown, only its own submit fails
 * and the transport retries it later. Every other item of the batch is committed and acknowledged as usual.
 * A `transient` error (connection lost, database shutting down) fails the whole batch at once, unsplit.
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

/** Why a write failed: the database is away (retry it all later), this data cannot be stored, or unknown. */
export type WriteFailure = 'transient' | 'row' | 'unknown';

/** An item the database refused for good (after its batch was split down to it): the others were stored. */
export class ItemRefusedError extends Error {
  constructor(readonly reason: unknown) {
    super('the database refused this item');
    this.name = 'ItemRefusedError';
  }
}

/** The items of one submit that were refused for good, by their index in that submit. */
export type Refused = Array<{ index: number; error: unknown }>;

export type BatcherOptions<T> = {
  /** Writes one batch in one transaction; resolves after the commit. */
  write: (items: T[]) => Promise<void>;
  /** Sorts a failed write (default: 'unknown', so failing batches are split and only the failing item waits). */
  classify?: (err: unknown) => WriteFailure;
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
  /** Writes of half a failed batch (isolating a failing item). */
  splits: number;
  /** Items refused for good after isolation. */
  refused: number;
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
  private readonly stats = { batches: 0, written: 0, failedBatches: 0, splits: 0, refused: 0, peak: 0 };
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

  /**
   * Queues the items; resolves once each is committed or refused for good (those are listed), and rejects
   * when any of them could not be written now (the caller retries; the committed ones are duplicates then).
   */
  async submit(items: T[], whenFull: 'wait' | 'reject' = 'wait'): Promise<Refused> {
    if (this.closed) throw new BatcherClosedError();
    if (items.length === 0) return [];
    if (this.roomWaiters.length > 0 || !this.hasRoom(items.length)) {
      if (whenFull === 'reject') throw new QueueFullError();
      await new Promise<void>((wake, fail) => this.roomWaiters.push({ size: items.length, wake, fail }));
      this.reserved -= items.length;
    }
    const settled = items.map(
      (item, index) =>
        new Promise<Refused[number] | null>((resolve, reject) =>
          this.queue.push({
            item,
            done: (err) => (!err ? resolve(null) : err instanceof ItemRefusedError ? resolve({ index, error: err.reason }) : reject(err)),
          }),
        ),
    );
    this.stats.peak = Math.max(this.stats.peak, this.used);
    this.pump();
    const outcomes = await Promise.all(settled);
    return outcomes.filter((o): o is Refused[number] => o !== null);
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
    const finish = () => {
      this.inFlightBatches--;
      this.inFlightItems -= batch.length;
      this.stats.batches++;
      this.admitWaiters();
      if (this.closed) this.due = true;
      this.pump();
      if (this.used === 0) for (const w of this.idleWaiters.splice(0)) w();
    };
    void this.writeIsolating(batch).then(finish);
  }

  /** Writes the entries and settles each; on a failure that is not transient, splits and tries the halves. Never rejects. */
  private async writeIsolating(batch: Entry<T>[]): Promise<void> {
    let failure: unknown;
    try {
      await this.opts.write(batch.map((e) => e.item));
      this.stats.written += batch.length;
      for (const e of batch) e.done();
      return;
    } catch (err) {
      failure = err ?? new Error('write failed');
    }
    let kind: WriteFailure;
    try {
      kind = this.opts.classify?.(failure) ?? 'unknown';
    } catch {
      kind = 'unknown';
    }
    if (kind !== 'transient' && batch.length > 1) {
      const mid = Math.ceil(batch.length / 2);
      this.stats.splits += 2;
      await this.writeIsolating(batch.slice(0, mid));
      await this.writeIsolating(batch.slice(mid));
      return;
    }
    if (kind === 'row') {
      this.stats.refused += 1;
      batch[0].done(new ItemRefusedError(failure));
      return;
    }
    this.stats.failedBatches++;
    for (const e of batch) e.done(failure);
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
