import { Type, type Static } from 'typebox';

const Component = Type.Object({ ok: Type.Boolean() }, { additionalProperties: true });

const Status = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]);

/** GET /health, for anyone (load balancers, the e2e harness): the status and the build, nothing inside. 503 when the database is away. */
export const HealthResponse = Type.Object({ status: Status, version: Type.String() }, { additionalProperties: false });
export type HealthResponse = Static<typeof HealthResponse>;

/** The overload limits (server/src/plugins/overload.ts, docs/operations.md). */
const OverloadLimit = Type.Union([Type.Literal('eventLoopDelay'), Type.Literal('heapUsedBytes'), Type.Literal('ingestQueue'), Type.Literal('dbWait'), Type.Literal('latency'), Type.Literal('inFlight')]);

/** GET /health/details, admins only: the database, brokers and the ingest queue with its rejection counts. */
export const HealthDetailsResponse = Type.Object(
  {
    status: Status,
    database: Type.Object({ kind: Type.String(), ok: Type.Boolean() }, { additionalProperties: false }),
    /** Brokers and providers that report in (mqtt, redis, …). */
    broker: Type.Record(Type.String(), Component),
    version: Type.String(),
    uptime: Type.Number(),
    /** Load shedding (docs/operations.md): which limit is passed now, if any, and the readings against the limits (0 = off). */
    overload: Type.Object(
      {
        /** Some API calls are shed now (at least the low-priority ones). */
        shedding: Type.Boolean(),
        /** The limit passed now for the lowest priority, or null. */
        limit: Type.Union([OverloadLimit, Type.Null()]),
        /** Per priority class (analytics/exports low; sign-in, alert acknowledgement, ingest high): the limit shedding it, or null. */
        priorities: Type.Object({ low: Type.Union([OverloadLimit, Type.Null()]), normal: Type.Union([OverloadLimit, Type.Null()]), high: Type.Union([OverloadLimit, Type.Null()]) }),
        eventLoopDelayMs: Type.Number(),
        heapUsedBytes: Type.Number(),
        ingestQueued: Type.Number(),
        /** How long the oldest query waiting for the database has waited (ms), and how many wait. */
        dbWaitMs: Type.Number(),
        dbWaiting: Type.Number(),
        /** The last window's API latencies (in-flight requests by their age so far) at OVERLOAD_LATENCY_QUANTILE (the latency limit's figure, p99 by default) and the p90; null with too few requests. */
        latencyMs: Type.Union([Type.Number(), Type.Null()]),
        latencyP90Ms: Type.Union([Type.Number(), Type.Null()]),
        inFlight: Type.Number(),
        limits: Type.Object({ eventLoopDelayMs: Type.Number(), heapUsedBytes: Type.Number(), ingestQueued: Type.Number(), dbWaitMs: Type.Number(), latencyMs: Type.Number(), inFlight: Type.Number() }),
        shed: Type.Object({ eventLoopDelay: Type.Number(), heapUsedBytes: Type.Number(), ingestQueue: Type.Number(), dbWait: Type.Number(), latency: Type.Number(), inFlight: Type.Number() }),
        shedByPriority: Type.Object({ low: Type.Number(), normal: Type.Number(), high: Type.Number() }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type HealthDetailsResponse = Static<typeof HealthDetailsResponse>;

/** GET /test-updated-code: which build is answering (a debugging aid the old client called). */
export const CodeVersionResponse = Type.Object(
  { message: Type.String(), version: Type.String(), startedAt: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);
export type CodeVersionResponse = Static<typeof CodeVersionResponse>;
