/**
 * The trust dashboard's arithmetic, pure: uptime from health samples, latency quantiles from histogram
 * buckets, and the trust score formula (docs/operations.md "Trust score"). No Fastify, no database.
 */

/** Upper bounds (ms) of the request-duration histogram's buckets; /metrics exposes them in seconds. */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/** Cumulative bucket counts keyed by upper bound in ms ('+Inf' for the rest), as the histogram keeps them. */
export type Buckets = Record<string, number>;

/** Share of samples in which the app was up (0..1), or null with no samples. */
export function uptimeOf(rows: Array<{ samples: number; upSamples: number }>): number | null {
  let samples = 0;
  let up = 0;
  for (const r of rows) {
    samples += r.samples;
    up += r.upSamples;
  }
  return samples === 0 ? null : up / samples;
}

/** Sum several hours' buckets (each cumulative) into one. */
export function mergeBuckets(list: Buckets[]): Buckets {
  const out: Buckets = {};
  for (const b of list) for (const [le, n] of Object.entries(b)) out[le] = (out[le] ?? 0) + n;
  return out;
}

/** `later − earlier`, bucket by bucket (a histogram that only grows: the requests between two snapshots). */
export function bucketDelta(later: Buckets, earlier: Buckets): Buckets {
  const out: Buckets = {};
  for (const [le, n] of Object.entries(later)) out[le] = Math.max(0, n - (earlier[le] ?? 0));
  return out;
}

export const countOf = (b: Buckets) => b['+Inf'] ?? 0;

/**
 * The q-quantile (0..1) in ms, interpolated linearly inside its bucket (as Prometheus' histogram_quantile does);
 * null with no requests. A quantile in the '+Inf' bucket answers the largest finite bound.
 */
export function quantileMs(b: Buckets, q: number): number | null {
  const total = countOf(b);
  if (total === 0) return null;
  const bounds = Object.keys(b)
    .filter((k) => k !== '+Inf')
    .map(Number)
    .sort((x, y) => x - y);
  const rank = q * total;
  let prevBound = 0;
  let prevCount = 0;
  for (const bound of bounds) {
    const count = b[String(bound)] ?? 0;
    if (count >= rank) {
      const inBucket = count - prevCount;
      if (inBucket <= 0) return bound;
      return prevBound + (bound - prevBound) * ((rank - prevCount) / inBucket);
    }
    prevBound = bound;
    prevCount = count;
  }
  return bounds.length > 0 ? bounds[bounds.length - 1] : null;
}

/** The figures the score is made of; null = not measured in the period (left out, the weights renormalised). */
export type ScoreInputs = {
  /** 0..1 */
  uptime: number | null;
  p95Ms: number | null;
  /** 0..1: readings accepted by validation among all offered */
  readingsAccepted: number | null;
  /** 0..1: sensors that reported within their expected interval */
  sensorsOnTime: number | null;
  /** 0..1: positive ratings among all ratings */
  satisfaction: number | null;
  /** Security incidents in the period (refresh-token reuse, throttled sign-ins, sessions revoked by staff). */
  incidents: number;
};

/** The formula's weights (they sum to 1); docs/operations.md and the screen show them. */
export const SCORE_WEIGHTS = { uptime: 0.3, speed: 0.15, accuracy: 0.2, satisfaction: 0.2, security: 0.15 } as const;

/** p95 at or under FAST_MS scores 100, at or over SLOW_MS scores 0, linear between. */
export const FAST_MS = 300;
export const SLOW_MS = 3000;
/** Each security incident in the period takes this much off the security part (0 at 10 incidents). */
export const POINTS_PER_INCIDENT = 10;

export function speedScore(p95Ms: number): number {
  if (p95Ms <= FAST_MS) return 100;
  if (p95Ms >= SLOW_MS) return 0;
  return (100 * (SLOW_MS - p95Ms)) / (SLOW_MS - FAST_MS);
}

/**
 * Trust score 0..100 = Σ weight × part / Σ weight of the parts measured, where
 * uptime = 100 × uptime; speed = speedScore(p95); accuracy = 100 × mean(readings accepted, sensors on time);
 * satisfaction = 100 × share positive; security = max(0, 100 − 10 × incidents). Null when nothing was measured.
 */
export function trustScore(f: ScoreInputs): number | null {
  const accuracyParts = [f.readingsAccepted, f.sensorsOnTime].filter((v): v is number => v !== null);
  const parts: Array<[number, number | null]> = [
    [SCORE_WEIGHTS.uptime, f.uptime === null ? null : 100 * f.uptime],
    [SCORE_WEIGHTS.speed, f.p95Ms === null ? null : speedScore(f.p95Ms)],
    [SCORE_WEIGHTS.accuracy, accuracyParts.length === 0 ? null : (100 * accuracyParts.reduce((a, b) => a + b, 0)) / accuracyParts.length],
    [SCORE_WEIGHTS.satisfaction, f.satisfaction === null ? null : 100 * f.satisfaction],
    [SCORE_WEIGHTS.security, Math.max(0, 100 - POINTS_PER_INCIDENT * f.incidents)],
  ];
  let weight = 0;
  let sum = 0;
  for (const [w, v] of parts) {
    if (v === null) continue;
    weight += w;
    sum += w * v;
  }
  return weight === 0 ? null : Math.round((sum / weight) * 10) / 10;
}
