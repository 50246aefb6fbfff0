/**
 * Graceful overload (@fastify/under-pressure, a database-wait limit and a latency limit): every /api/v1 request
 * except the health checks and the token refresh is answered at once with 503 OVERLOADED, `Retry-After` and the
 * sentence in English, Marathi and Hindi, instead of queueing until everything times out, while
 * - the event loop lags past OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, the heap passes OVERLOAD_MAX_HEAP_MB, or more than
 *   OVERLOAD_MAX_INGEST_QUEUED readings wait in the ingest queue (every call alike: the process is in danger);
 * - the oldest query waiting for a database connection has waited OVERLOAD_MAX_DB_WAIT_MS (PostgreSQL's pool;
 *   db/client.ts times every checkout), or
 * - the p99 (OVERLOAD_LATENCY_QUANTILE) of the last window's normal API calls, in-flight ones by their age, passes
 *   OVERLOAD_MAX_LATENCY_MS: the embedded database runs its queries on the event loop, so its queue never shows as
 *   a wait — it shows as stalls that hold every request in flight, the tail of the latencies.
 * The last two are scaled by the call's priority (domain/overload/priority.ts): analytics and exports are shed from
 * half the limit, sign-in, alert acknowledgement and HTTP ingest only past twice it. The limit that is hit, per
 * priority, is in `app.overload.state()` (GET /api/v1/health/details for admins), sheds are counted by limit and
 * priority there and in /metrics (`shetmitra_overload_*`). The app's files and /metrics are outside /api/v1 and
 * never shed. MQTT ingest is not an HTTP request: devices keep being slowed by held acknowledgements.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import { AppError, translated } from '../lib/errors';
import { Counter, Gauge } from 'prom-client';
import { createLatencyGauge } from '../domain/overload/latencyGauge';
import { priorityOf, softLimitFor, type OverloadPriority } from '../domain/overload/priority';

export type OverloadLimit = 'eventLoopDelay' | 'heapUsedBytes' | 'ingestQueue' | 'dbWait' | 'latency' | 'inFlight';
export type OverloadState = {
  /** Some API calls are being shed right now (at least the low-priority ones). */
  shedding: boolean;
  /** The limit passed right now for the lowest priority (the first, checked in this order), or null. */
  limit: OverloadLimit | null;
  /** Which priority classes are shed right now, and by which limit (null: admitted). */
  priorities: Record<OverloadPriority, OverloadLimit | null>;
  eventLoopDelayMs: number;
  heapUsedBytes: number;
  ingestQueued: number;
  /** How long the oldest query waiting for the database has waited (ms), and how many wait. */
  dbWaitMs: number;
  dbWaiting: number;
  /**
   * The window's API latencies in ms (null: too few requests to say): at OVERLOAD_LATENCY_QUANTILE (the p99 by
   * default; the latency limit's figure), and the p90 beside it.
   */
  latencyMs: number | null;
  latencyP90Ms: number | null;
  /** API requests in flight. */
  inFlight: number;
  limits: { eventLoopDelayMs: number; heapUsedBytes: number; ingestQueued: number; dbWaitMs: number; latencyMs: number; inFlight: number };
  /** Requests answered 503 OVERLOADED since start, by limit and by priority. */
  shed: Record<OverloadLimit, number>;
  shedByPriority: Record<OverloadPriority, number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    overload: { state(): OverloadState };
  }
}

export const overloaded = translated(
  'The server is busy right now. Please try again in a few seconds.',
  'सर्व्हर सध्या व्यस्त आहे. कृपया काही सेकंदांनी पुन्हा प्रयत्न करा.',
  'सर्वर अभी व्यस्त है। कृपया कुछ सेकंड बाद फिर प्रयास करें।',
);

/**
 * Never shed: the health checks (they say which limit is hit), the access-token refresh (a signed-in app that
 * cannot refresh signs its user out), and everything outside the API (the app's files, /metrics).
 */
const WARM_UP_MS = 1000;
const exempt = (url: string) => !url.startsWith('/api/v1/') || url.startsWith('/api/v1/health') || url === '/api/v1/auth/refresh-token';
/** How often the latency limit is re-read. */
const LATENCY_CHECK_MS = 100;
const PRIORITIES: OverloadPriority[] = ['low', 'normal', 'high'];

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const limits = {
      eventLoopDelayMs: config.overloadMaxEventLoopDelayMs,
      heapUsedBytes: config.overloadMaxHeapMb * 1024 * 1024,
      ingestQueued: config.overloadMaxIngestQueued,
      dbWaitMs: config.overloadMaxDbWaitMs,
      latencyMs: config.overloadMaxLatencyMs,
      inFlight: config.overloadMaxInFlight ?? 0,
    };
    let readyAt = 0;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    const shed: Record<OverloadLimit, number> = { eventLoopDelay: 0, heapUsedBytes: 0, ingestQueue: 0, dbWait: 0, latency: 0, inFlight: 0 };
    const shedByPriority: Record<OverloadPriority, number> = { high: 0, normal: 0, low: 0 };
    // Prometheus: sheds by limit and priority, and the two figures the soft limits read (plugins/metrics.ts).
    const registers = app.hasDecorator('metrics') ? [app.metrics.registry] : [];
    const shedCounter = new Counter({
      name: 'shetmitra_overload_shed_total',
      help: 'API requests answered 503 OVERLOADED, by the limit passed and the call priority',
      labelNames: ['limit', 'priority'] as const,
      registers,
    });
    const refuse = (reply: FastifyReply, limit: OverloadLimit, priority: OverloadPriority) => {
      shed[limit] += 1;
      shedByPriority[priority] += 1;
      shedCounter.inc({ limit, priority });
      void reply.header('retry-after', config.retryAfterSeconds);
      return new AppError(503, 'OVERLOADED', overloaded, { limit, retryAfterSeconds: config.retryAfterSeconds });
    };
    const queued = () => {
      if (!app.hasDecorator('ingest')) return 0;
      const s = app.ingest.stats();
      return s.queued + s.inFlight;
    };
    const ingestFull = () => limits.ingestQueued > 0 && queued() > limits.ingestQueued;
    // The database is opened after this plugin (plugins/db.ts): read lazily.
    const dbWaits = () => (app.hasDecorator('database') ? app.database.waits() : { waiting: 0, oldestMs: 0 });
    const priorityOfRequest = (req: FastifyRequest) => priorityOf(req.method, req.routeOptions.url ?? req.url);

    await app.register(underPressure, {
      maxEventLoopDelay: limits.eventLoopDelayMs,
      maxHeapUsedBytes: limits.heapUsedBytes,
      sampleInterval: 250,
      retryAfter: config.retryAfterSeconds,
      // The ingest queue is checked every half second; false = "not healthy" = shed.
      ...(limits.ingestQueued > 0 ? { healthCheck: async () => !ingestFull(), healthCheckInterval: 500 } : {}),
      pressureHandler: async (req, reply, type) => {
        const url = req.routeOptions.url ?? req.url;
        if (exempt(url)) return;
        // The first samples after start measure the start itself (migrations, the embedded database loading
        // synchronously), not load: the event-loop limit applies from a second after the app is ready.
        if (type === 'eventLoopDelay' && (readyAt === 0 || Date.now() - readyAt < WARM_UP_MS)) return;
        const limit: OverloadLimit = type === 'eventLoopDelay' ? 'eventLoopDelay' : type === 'heapUsedBytes' ? 'heapUsedBytes' : 'ingestQueue';
        throw refuse(reply, limit, priorityOfRequest(req));
      },
    });

    // The latency gauge times the normal-priority API calls, except uploads (a farmer's photo on a slow network takes
    // long without the server being busy): low-priority calls (an export, an analytics page) are slow by themselves
    // and sign-in hashes the password slowly on purpose; what they cost the others shows in the others' latencies. Its quantile (OVERLOAD_LATENCY_QUANTILE,
    // the p99: the tail, where requests stuck behind a long database stall show) is re-read every LATENCY_CHECK_MS.
    const quantile = config.overloadLatencyQuantile;
    const gauge = createLatencyGauge({ windowMs: config.overloadLatencyWindowMs, quantile, minSamples: config.overloadLatencyMinSamples });
    let latencyMs: number | null = null;
    let latencyP90Ms: number | null = null;
    const timer = setInterval(() => {
      const now = performance.now();
      latencyMs = gauge.read(now);
      latencyP90Ms = quantile === 0.9 ? latencyMs : gauge.read(now, 0.9);
    }, LATENCY_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    /** The in-flight, database-wait and latency limits, scaled by the call's priority (domain/overload/priority.ts). */
    let admitted = 0;
    const softLimit = (priority: OverloadPriority, dbWaitMs: number): OverloadLimit | null =>
      softLimitFor(priority, { dbWaitMs, latencyMs, inFlight: admitted }, limits);

    const ends = new WeakMap<FastifyRequest, (now: number) => void>();
    const counted = new WeakSet<FastifyRequest>();
    const end = async (req: FastifyRequest) => {
      ends.get(req)?.(performance.now());
      ends.delete(req);
      if (counted.delete(req)) admitted -= 1;
    };
    app.addHook('onRequest', async (req, reply) => {
      if (exempt(req.routeOptions.url ?? req.url)) return;
      const priority = priorityOfRequest(req);
      const limit = softLimit(priority, limits.dbWaitMs > 0 ? dbWaits().oldestMs : 0);
      if (limit) throw refuse(reply, limit, priority);
      counted.add(req);
      admitted += 1;
      if (priority === 'normal' && !req.routeOptions.config.upload) ends.set(req, gauge.start(performance.now()));
    });
    app.addHook('onResponse', end);
    app.addHook('onRequestAbort', end);

    app.decorate('overload', {
      state(): OverloadState {
        const usage = app.memoryUsage();
        const eventLoopDelayMs = usage.eventLoopDelay;
        const ingestQueued = queued();
        const waits = dbWaits();
        const hard: OverloadLimit | null =
          limits.eventLoopDelayMs > 0 && eventLoopDelayMs > limits.eventLoopDelayMs && readyAt > 0 && Date.now() - readyAt >= WARM_UP_MS
            ? 'eventLoopDelay'
            : limits.heapUsedBytes > 0 && usage.heapUsed > limits.heapUsedBytes
              ? 'heapUsedBytes'
              : ingestFull()
                ? 'ingestQueue'
                : null;
        const priorities = Object.fromEntries(PRIORITIES.map((p) => [p, hard ?? softLimit(p, waits.oldestMs)])) as Record<OverloadPriority, OverloadLimit | null>;
        return {
          shedding: priorities.low !== null,
          limit: priorities.low,
          priorities,
          eventLoopDelayMs,
          heapUsedBytes: usage.heapUsed,
          ingestQueued,
          dbWaitMs: Math.round(waits.oldestMs),
          dbWaiting: waits.waiting,
          latencyMs: latencyMs === null ? null : Math.round(latencyMs),
          latencyP90Ms: latencyP90Ms === null ? null : Math.round(latencyP90Ms),
          inFlight: admitted,
          limits,
          shed: { ...shed },
          shedByPriority: { ...shedByPriority },
        };
      },
    });
    new Gauge({
      name: 'shetmitra_overload_db_wait_seconds',
      help: 'How long the oldest query waiting for a database connection has waited',
      registers,
      collect() {
        this.set(dbWaits().oldestMs / 1000);
      },
    });
    new Gauge({
      name: 'shetmitra_overload_api_latency_seconds',
      help: "The overload latency limit's reading: a quantile (OVERLOAD_LATENCY_QUANTILE) of the last window's API latencies; absent with too few requests",
      registers,
      collect() {
        this.reset();
        if (latencyMs !== null) this.set(latencyMs / 1000);
      },
    });
    new Gauge({
      name: 'shetmitra_overload_shedding',
      help: 'Whether API calls of a priority are being shed now (1) or admitted (0)',
      labelNames: ['priority'] as const,
      registers,
      collect() {
        const { priorities } = app.overload.state();
        for (const p of PRIORITIES) this.set({ priority: p }, priorities[p] ? 1 : 0);
      },
    });
  },
  { name: 'overload' },
);
