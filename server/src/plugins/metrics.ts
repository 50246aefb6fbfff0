/**
 * Prometheus metrics at GET /metrics (prom-client, one registry per app): request latency per route pattern,
 * ingest rate, queue depth and batch sizes, sockets and rooms, alerts by type and severity, the notification
 * backlog, the database pool, and Node's default process metrics (event-loop lag, memory, GC).
 *
 * Operators only: with METRICS_TOKEN set the caller must send `Authorization: Bearer <token>` (compared in
 * constant time), else 401; with it unset only loopback callers (127.0.0.1, ::1) are answered, else 404.
 * `app.metrics.latencyBuckets()` gives the API's histogram (ms bounds, summed over /api/v1 routes) to the
 * health history, which keeps it per hour.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { LATENCY_BUCKETS_MS, type Buckets } from '../domain/trust/figures';
import { AppError, M, notFound, unauthorized } from '../lib/errors';
import { alertCounts, notificationBacklog } from '../modules/trust/repository';

export type AppMetrics = {
  registry: Registry;
  /** Cumulative bucket counts (ms bounds, '+Inf') of every /api/v1 request so far, health checks left out. */
  latencyBuckets(): Promise<Buckets>;
  /** The ingest pipeline reports each batch it writes. */
  ingestBatch(size: number): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an API request's latency counts toward the trust figures (the probes and the scrape do not). */
export const countsAsApi = (route: string) => route.startsWith('/api/v1/') && !route.startsWith('/api/v1/health');

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
      registers: [registry],
    });
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const batchSize = new Histogram({
      name: 'shetmitra_ingest_batch_size',
      help: 'Readings per ingest database write',
      buckets: [1, 5, 10, 25, 50, 100, 250, 500, 1000],
      registers: [registry],
    });

    // Values read when scraped. Counters that mirror an existing running total are reset and set to it.
    const ingest = () => (app.hasDecorator('ingest') ? app.ingest.stats() : null);
    new Counter({
      name: 'shetmitra_ingest_readings_total',
      help: 'Readings offered to the ingest, by outcome (stored, duplicate, rejected by validation or the database)',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        const s = ingest();
        this.reset();
        if (!s) return;
        this.inc({ outcome: 'stored' }, s.accepted);
        this.inc({ outcome: 'duplicate' }, s.duplicates);
        this.inc({ outcome: 'rejected' }, s.rejected);
      },
    });
    new Counter({
      name: 'shetmitra_ingest_rejections_total',
      help: 'Readings refused, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
      collect() {
        this.reset();
        if (!app.hasDecorator('ingest')) return;
        for (const [reason, count] of Object.entries(app.ingest.rejections.snapshot())) {
          if (count) this.inc({ reason }, count);
        }
      },
    });
    new Gauge({
      name: 'shetmitra_ingest_queue_depth',
      help: 'Readings waiting for a database write (queued) and being written (in_flight)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = ingest();
        this.set({ state: 'queued' }, s?.queued ?? 0);
        this.set({ state: 'in_flight' }, s?.inFlight ?? 0);
      },
    });
    new Gauge({
      name: 'shetmitra_socket_connections',
      help: 'Connected socket.io clients of this process',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
      },
    });
    new Gauge({
      name: 'shetmitra_socket_rooms',
      help: 'socket.io rooms of this process (fields watched, users, sessions, admins; each socket has its own)',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('io') ? app.io.of('/').adapter.rooms.size : 0);
      },
    });
    new Gauge({
      name: 'shetmitra_alerts',
      help: 'Alerts in the database by type, severity and status',
      labelNames: ['type', 'severity', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await alertCounts(app.db)) this.set({ type: r.type, severity: r.severity, status: r.status }, Number(r.count));
      },
    });
    new Gauge({
      name: 'shetmitra_notification_backlog',
      help: 'Notification jobs not yet done, by status and channel',
      labelNames: ['status', 'channel'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await notificationBacklog(app.db)) this.set({ status: r.status, channel: r.channel ?? 'none' }, Number(r.count));
      },
    });
    new Gauge({
      name: 'shetmitra_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max); absent on the embedded database',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = app.hasDecorator('database') ? app.database.poolStats?.() : undefined;
        this.reset();
        if (!p) return;
        for (const [state, v] of Object.entries(p)) this.set({ state }, v);
      },
    });

    app.decorate('metrics', {
      registry,
      ingestBatch: (size) => batchSize.observe(size),
      async latencyBuckets() {
        const out: Buckets = {};
        for (const v of (await duration.get()).values) {
          if (v.metricName !== 'http_request_duration_seconds_bucket' || !countsAsApi(String(v.labels.route))) continue;
          const bound = (v.labels as Record<string, string | number | undefined>).le;
          const le = bound === '+Inf' ? '+Inf' : String(Math.round(Number(bound) * 1000));
          out[le] = (out[le] ?? 0) + v.value;
        }
        return out;
      },
    } satisfies AppMetrics);

    const wanted = config.metricsToken ? digest(config.metricsToken) : null;
    app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (req, reply) => {
      if (wanted) {
        const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        if (!given || !timingSafeEqual(digest(given), wanted)) throw unauthorized('METRICS_TOKEN_REQUIRED');
      } else if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
        throw notFound();
      }
      try {
        const text = await registry.metrics();
        return reply.type(registry.contentType).send(text);
      } catch (err) {
        req.log.warn({ err }, 'metrics collection failed');
        throw new AppError(503, 'UNAVAILABLE', M.unavailable);
      }
    });
  },
  { name: 'metrics' },
);
