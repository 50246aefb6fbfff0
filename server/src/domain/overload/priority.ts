/**
 * Which API calls the overload guard sheds first (issue 19). Under the database-wait and latency limits a call's
 * limit is scaled by its priority: low-priority calls (analytics, exports, reports, the trust figures — a person
 * can come back for them) are shed from half the limit, ordinary calls at the limit, and the calls that must get
 * through when it matters most — signing in, acknowledging an alert, HTTP ingest from a gateway — only past twice
 * the limit. The event-loop, heap and ingest-queue limits shed every class alike (past them the process itself is
 * in danger). Keyed by method and route pattern (`req.routeOptions.url`), so nothing in the modules changes.
 */
export type OverloadPriority = 'high' | 'normal' | 'low';

export const PRIORITY_FACTOR: Record<OverloadPriority, number> = { high: 2, normal: 1, low: 0.5 };

export const HIGH_PRIORITY = [
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/login/2fa',
  'POST /api/v1/auth/mobile-otp-verify',
  'PATCH /api/v1/alerts/:id/acknowledge',
  'PATCH /api/v1/admin/alerts/:id/acknowledge',
  'POST /api/v1/sensor-data/ingest',
] as const;

export const LOW_PRIORITY = [
  'GET /api/v1/trust',
  'GET /api/v1/advanced-analytics',
  'GET /api/v1/coordinator/analytics',
  'GET /api/v1/fields/analytics/overview',
  'GET /api/v1/fields/analytics/yield-trends',
  'GET /api/v1/admin/farmers/export',
  'GET /api/v1/audit/export',
  'GET /api/v1/fields/:id/readings/export',
  'POST /api/v1/land/report',
  'POST /api/v1/land/download-pdf',
  'POST /api/v1/ai-recommendations/generate',
] as const;

const classes = new Map<string, OverloadPriority>([...HIGH_PRIORITY.map((k) => [k, 'high'] as const), ...LOW_PRIORITY.map((k) => [k, 'low'] as const)]);

export const priorityOf = (method: string, route: string): OverloadPriority => classes.get(`${method} ${route}`) ?? 'normal';

/**
 * The database-wait and latency limits for one call: the limit its priority passes now, or null (admitted).
 * A limit of 0 is off; a latency of null (too few requests in the window) never sheds.
 */
export function softLimitFor(
  priority: OverloadPriority,
  now: { dbWaitMs: number; latencyMs: number | null; inFlight?: number },
  limits: { dbWaitMs: number; latencyMs: number; inFlight?: number },
): 'inFlight' | 'dbWait' | 'latency' | null {
  const factor = PRIORITY_FACTOR[priority];
  // In flight: the requests already admitted and not yet answered; this one would be the next.
  if (limits.inFlight && limits.inFlight > 0 && now.inFlight !== undefined && now.inFlight >= limits.inFlight * factor) return 'inFlight';
  if (limits.dbWaitMs > 0 && now.dbWaitMs > limits.dbWaitMs * factor) return 'dbWait';
  if (limits.latencyMs > 0 && now.latencyMs !== null && now.latencyMs > limits.latencyMs * factor) return 'latency';
  return null;
}
