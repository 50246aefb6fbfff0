/**
 * Graceful overload (@fastify/under-pressure): while the event loop lags past OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
 * the heap passes OVERLOAD_MAX_HEAP_MB, or more than OVERLOAD_MAX_INGEST_QUEUED readings wait in the ingest queue,
 * every /api/v1 request except the health checks is answered at once with 503 OVERLOADED, `Retry-After` and the
 * sentence in English, Marathi and Hindi — instead of queueing until everything times out. The limit that was hit
 * is in `app.overload.state()` (GET /api/v1/health/details for admins). MQTT ingest is not an HTTP request: devices
 * keep being slowed by held acknowledgements (the batcher waits for room) as before.
 */
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import { AppError, translated } from '../lib/errors';

export type OverloadLimit = 'eventLoopDelay' | 'heapUsedBytes' | 'ingestQueue';
export type OverloadState = {
  shedding: boolean;
  /** The limit passed right now (the first, checked in this order), or null. */
  limit: OverloadLimit | null;
  eventLoopDelayMs: number;
  heapUsedBytes: number;
  ingestQueued: number;
  limits: { eventLoopDelayMs: number; heapUsedBytes: number; ingestQueued: number };
  /** Requests answered 503 OVERLOADED since start, by limit. */
  shed: Record<OverloadLimit, number>;
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

/** Never shed: the health checks (they say which limit is hit), and everything outside the API (the app's files, /metrics). */
const WARM_UP_MS = 1000;
const exempt = (url: string) => !url.startsWith('/api/v1/') || url.startsWith('/api/v1/health');

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const limits = {
      eventLoopDelayMs: config.overloadMaxEventLoopDelayMs,
      heapUsedBytes: config.overloadMaxHeapMb * 1024 * 1024,
      ingestQueued: config.overloadMaxIngestQueued,
    };
    let readyAt = 0;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });
    const shed: Record<OverloadLimit, number> = { eventLoopDelay: 0, heapUsedBytes: 0, ingestQueue: 0 };
    const queued = () => {
      if (!app.hasDecorator('ingest')) return 0;
      const s = app.ingest.stats();
      return s.queued + s.inFlight;
    };
    const ingestFull = () => limits.ingestQueued > 0 && queued() > limits.ingestQueued;

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
        shed[limit] += 1;
        void reply.header('retry-after', config.retryAfterSeconds);
        throw new AppError(503, 'OVERLOADED', overloaded, { limit, retryAfterSeconds: config.retryAfterSeconds });
      },
    });

    app.decorate('overload', {
      state(): OverloadState {
        const usage = app.memoryUsage();
        const eventLoopDelayMs = usage.eventLoopDelay;
        const ingestQueued = queued();
        const limit: OverloadLimit | null =
          limits.eventLoopDelayMs > 0 && eventLoopDelayMs > limits.eventLoopDelayMs && readyAt > 0 && Date.now() - readyAt >= WARM_UP_MS
            ? 'eventLoopDelay'
            : limits.heapUsedBytes > 0 && usage.heapUsed > limits.heapUsedBytes
              ? 'heapUsedBytes'
              : ingestFull()
                ? 'ingestQueue'
                : null;
        return { shedding: limit !== null, limit, eventLoopDelayMs, heapUsedBytes: usage.heapUsed, ingestQueued, limits, shed: { ...shed } };
      },
    });
  },
  { name: 'overload' },
);
