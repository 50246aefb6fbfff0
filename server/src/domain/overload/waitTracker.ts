/**
 * How long queries have been waiting for the database right now (issue 19, graceful overload): the embedded
 * database runs one query at a time and PostgreSQL lends a pool of DB_POOL_SIZE connections, so under overload
 * the requests queue for a connection while the event loop stays idle. `start()` when a query asks for the
 * database, call the returned function when it gets it (or gives up). Pure: the caller passes the clock.
 */
export type WaitTracker = {
  start(now: number): () => void;
  /** Queries waiting right now, and how long the oldest of them has waited (0 when none). */
  read(now: number): { waiting: number; oldestMs: number };
};

export function createWaitTracker(): WaitTracker {
  // A Set keeps insertion order: its first entry is the oldest waiter.
  const waiting = new Set<{ at: number }>();
  return {
    start(at) {
      const entry = { at };
      waiting.add(entry);
      return () => void waiting.delete(entry);
    },
    read(now) {
      const first = waiting.values().next();
      return { waiting: waiting.size, oldestMs: first.done ? 0 : Math.max(0, now - first.value.at) };
    },
  };
}
