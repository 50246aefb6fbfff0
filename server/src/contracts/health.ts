import { Type, type Static } from 'typebox';

const Component = Type.Object({ ok: Type.Boolean() }, { additionalProperties: true });

export const HealthResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]),
    database: Type.Object({ kind: Type.String(), ok: Type.Boolean() }, { additionalProperties: false }),
    /** Brokers and providers that report in (mqtt, redis, …). */
    broker: Type.Record(Type.String(), Component),
    version: Type.String(),
    uptime: Type.Number(),
  },
  { additionalProperties: false },
);
export type HealthResponse = Static<typeof HealthResponse>;

/** GET /test-updated-code: which build is answering (a debugging aid the old client called). */
export const CodeVersionResponse = Type.Object(
  { message: Type.String(), version: Type.String(), startedAt: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);
export type CodeVersionResponse = Static<typeof CodeVersionResponse>;
