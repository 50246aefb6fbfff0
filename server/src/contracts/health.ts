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
