import { Type, type Static } from 'typebox';

const Component = Type.Object({ ok: Type.Boolean() }, { additionalProperties: true });

const Status = Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]);

/** GET /health, for anyone (load balancers, the e2e harness): the status and the build, nothing inside. 503 when the database is away. */
export const HealthResponse = Type.Object({ status: Status, version: Type.String() }, { additionalProperties: false });
export type HealthResponse = Static<typeof HealthResponse>;

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
        shedding: Type.Boolean(),
        limit: Type.Union([Type.Literal('eventLoopDelay'), Type.Literal('heapUsedBytes'), Type.Literal('ingestQueue'), Type.Literal('latency'), Type.Null()]),
        eventLoopDelayMs: Type.Number(),
        heapUsedBytes: Type.Number(),
        ingestQueued: Type.Number(),
        /** The p90 of the last window's API latencies (in-flight requests by their age so far); null with too few requests. */
        latencyMs: Type.Union([Type.Number(), Type.Null()]),
        inFlight: Type.Number(),
        limits: Type.Object({ eventLoopDelayMs: Type.Number(), heapUsedBytes: Type.Number(), ingestQueued: Type.Number(), latencyMs: Type.Number() }),
        shed: Type.Object({ eventLoopDelay: Type.Number(), heapUsedBytes: Type.Number(), ingestQueue: Type.Number(), latency: Type.Number() }),
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
