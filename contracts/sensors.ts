/**
 * Sensor data shapes shared by the API, the socket pushes and the web client (spec section 3,
 * 'Sensor reading' and 'Sensor timeline').
 */
import { Type, type Static } from 'typebox';
import { Translated, Uuid } from './common';
import { literalUnion } from './literals';
import { READING_TYPES } from './sensorTypes';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ReadingKind = literalUnion(READING_TYPES);

/** One reading from a device, as sent over MQTT or HTTP. */
export const DeviceReading = Type.Object(
  {
    sensorId: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.String({ maxLength: 40 }),
    value: Type.Number(),
    timestamp: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
  },
  { additionalProperties: false },
);
/** POST /sensor-data/ingest: one reading or up to 1000. Values are checked item by item, not here. */
export const IngestBody = Type.Union([DeviceReading, Type.Array(DeviceReading, { minItems: 1, maxItems: 1000 })]);
export const IngestResponse = Type.Object({
  accepted: Type.Integer(),
  rejected: Type.Array(Type.Object({ index: Type.Integer(), reason: Type.String() })),
});

export const FieldReadingSummary = Type.Object({
  _id: Uuid,
  fieldId: Type.String(),
  name: Type.String(),
  health: Type.String(),
  lastSensorData: Nullable(
    Type.Object({ moisture: Nullable(Type.Number()), temperature: Nullable(Type.Number()), timestamp: Nullable(Type.String()) }),
  ),
});
export type FieldReadingSummary = Static<typeof FieldReadingSummary>;
export const FieldsResponse = Type.Object({ fields: Type.Array(FieldReadingSummary) });

/** A sensor that has not reported for longer than its field's offline limit. */
export const SilentSensor = Type.Object({
  sensorId: Type.String(),
  type: Type.String(),
  /** Its last reading; null when it never reported. */
  lastSeenAt: Nullable(Type.String({ format: 'date-time' })),
});
export type SilentSensor = Static<typeof SilentSensor>;

/**
 * The spec's latest reading (moisture, temperature, timestamp), plus how old each value is, so a screen never
 * shows an old value as live: `moistureAt`/`temperatureAt` (when that value was measured), `staleAfterMinutes`
 * (the field's offline limit: older values are stale) and the sensors that stopped reporting.
 */
export const LatestReading = Type.Object({
  moisture: Nullable(Type.Number()),
  temperature: Nullable(Type.Number()),
  timestamp: Nullable(Type.String({ format: 'date-time' })),
  moistureAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  temperatureAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  staleAfterMinutes: Type.Optional(Type.Integer()),
  silentSensors: Type.Optional(Type.Array(SilentSensor)),
});
export type LatestReading = Static<typeof LatestReading>;
export const LatestResponse = Type.Object({ data: LatestReading });

/** One point of the 24-hour chart: moisture and/or temperature averaged over a short bucket. */
export const SeriesPoint = Type.Object({
  timestamp: Type.String({ format: 'date-time' }),
  moisture: Type.Optional(Nullable(Type.Number())),
  temperature: Type.Optional(Nullable(Type.Number())),
});
export type SeriesPoint = Static<typeof SeriesPoint>;
export const Series24hResponse = Type.Object({ data: Type.Array(SeriesPoint), message: Type.Optional(Translated) });
export type Series24hResponse = Static<typeof Series24hResponse>;

export const FieldQuery = Type.Object(
  {
    fieldId: Type.String({ minLength: 1, maxLength: 64 }),
    /** Only points after this instant (a reconnecting client catching up). */
    since: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

/** A CSV export's range: ISO-8601 instants or calendar days (a day is midnight UTC); `to` is exclusive. */
export const ReadingsExportQuery = Type.Object(
  { from: Type.String({ minLength: 10, maxLength: 40 }), to: Type.String({ minLength: 10, maxLength: 40 }) },
  { additionalProperties: false },
);
export const TimelineQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })) }, { additionalProperties: false });
export const TimelineResponse = Type.Object({
  sensors: Type.Array(
    Type.Object({
      type: Type.String(),
      bucketMinutes: Type.Integer(),
      readings: Type.Array(Type.Object({ timestamp: Type.String({ format: 'date-time' }), value: Type.Number() })),
    }),
  ),
});

/** Pushed to `field:<uuid>` as `reading:new` after each committed reading. */
export const ReadingEvent = Type.Object({
  fieldId: Uuid,
  sensorId: Type.String(),
  type: Type.String(),
  value: Type.Number(),
  timestamp: Type.String({ format: 'date-time' }),
});
export type ReadingEvent = Static<typeof ReadingEvent>;

export const DeviceKeyResponse = Type.Object({
  sensorId: Type.String(),
  /** Shown once: only its hash is kept. */
  deviceKey: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
