/**
 * How long API requests are waiting right now (issue 19, graceful overload). Under real overload the requests
 * queue on the database (PGlite has one connection, PostgreSQL a small pool), not on the event loop, so the
 * event-loop limit never sees it: latency just grows until clients time out. This gauge sees that queueing
 * directly: the `quantile` of how long the API requests of the last `windowMs` took — the ones that finished
 * in the window, and the ones still in flight counted with their age so far (a request stuck on a hung
 * database counts before it ends). Fewer than `minSamples` requests in the window says nothing (a quiet server
 * with one slow export is not overloaded). Pure: the caller passes the clock.
 */
export type LatencyGaugeOptions = { windowMs: number; quantile: number; minSamples: number };

export type LatencyGauge = {
  /** A request started at `now`; call the returned function when it ends (at its own `now`). */
  start(now: number): (now: number) => void;
  /**
   * The quantile of the window's latencies (finished + in-flight ages) in ms, or null with too few samples;
   * `at` reads another quantile than the gauge's own (the health details show the p99 beside it).
   */
  read(now: number, at?: number): number | null;
  /** Requests in flight right now. */
  inFlight(): number;
};

export function createLatencyGauge({ windowMs, quantile, minSamples }: LatencyGaugeOptions): LatencyGauge {
  // Finished requests as [endedAt, ms], oldest first (they end in clock order).
  let finished: Array<[number, number]> = [];
  const running = new Set<{ at: number }>();
  const prune = (now: number) => {
    let i = 0;
    while (i < finished.length && finished[i][0] <= now - windowMs) i++;
    if (i > 0) finished = finished.slice(i);
  };
  return {
    start(at) {
      const entry = { at };
      running.add(entry);
      return (now) => {
        if (!running.delete(entry)) return;
        finished.push([now, Math.max(0, now - at)]);
        if (finished.length > 4 * minSamples && finished.length % 256 === 0) prune(now);
      };
    },
    read(now, at = quantile) {
      prune(now);
      const samples = finished.map(([, ms]) => ms);
      for (const r of running) samples.push(Math.max(0, now - r.at));
      if (samples.length < minSamples || samples.length === 0) return null;
      samples.sort((a, b) => a - b);
      return samples[Math.min(samples.length - 1, Math.max(0, Math.ceil(at * samples.length) - 1))];
    },
    inFlight: () => running.size,
  };
}
