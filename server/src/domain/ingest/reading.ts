/**
 * What a sensor reading must look like before it may be stored. Pure: no database, no clock of its own
 * (callers pass `now`), so the same rules serve MQTT, HTTP and the tests.
 */

// Reading types a device may send, with the physically possible range of each.
import { PHYSICAL_RANGE, type ReadingType } from '../../../../contracts/sensorTypes';

/** A reading may be stamped at most this far ahead of the server clock (devices drift). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * The window a reading's timestamp must fall in (INGEST_MIN_TIMESTAMP, INGEST_MAX_FUTURE_SECONDS,
 * INGEST_REGISTRATION_GRACE_HOURS). Everything outside it is refused before it reaches the database: a
 * device with an unset clock stamps 1970, and a year like -271821 or 1e308 ms cannot be stored at all.
 */
export type TimeWindow = {
  /** Nothing before this instant is a real reading of this system (default 2000-01-01). */
  floor: Date;
  /** How far ahead of the server clock a device may be. */
  maxFutureMs: number;
  /** How long before its registration a sensor's (buffered) readings are still taken. */
  registrationGraceMs: number;
  /** How far back raw readings are kept (RAW_RETENTION_DAYS): an older one would be stored only to be dropped. */
  retentionMs?: number;
};

export const DEFAULT_TIME_WINDOW: TimeWindow = {
  floor: new Date('2000-01-01T00:00:00Z'),
  maxFutureMs: MAX_FUTURE_SKEW_MS,
  registrationGraceMs: 24 * 3600_000,
};

/** Why a reading was refused. Counted per reason and reported back to HTTP callers. */
export type RejectReason =
  | 'malformed' // not an object, or sensorId/type/value missing or of the wrong kind
  | 'unknown_type'
  | 'out_of_range'
  | 'bad_timestamp'
  | 'future_timestamp'
  | 'timestamp_too_old' // before the floor (2000-01-01 by default): an unset device clock (1970) or garbage
  | 'before_registration' // stamped (well) before the sensor was registered
  | 'outside_retention' // older than the raw retention (RAW_RETENTION_DAYS): its day's partition is gone or about to go
  | 'unknown_sensor'
  | 'wrong_type' // the sensor is registered as another type
  | 'wrong_field' // the topic names another field than the one the sensor belongs to
  | 'sensor_mismatch' // the topic or device key names another sensor than the payload
  | 'sensor_inactive'
  | 'not_stored'; // passed every check but the database refused this one row (the rest of its batch was stored)

export const REJECT_REASONS: RejectReason[] = [
  'malformed',
  'unknown_type',
  'out_of_range',
  'bad_timestamp',
  'future_timestamp',
  'timestamp_too_old',
  'before_registration',
  'outside_retention',
  'unknown_sensor',
  'wrong_type',
  'wrong_field',
  'sensor_mismatch',
  'sensor_inactive',
  'not_stored',
];

/** A reading that passed the shape and physics checks, not yet matched to a registered sensor. */
export type CheckedReading = { sensorId: string; type: ReadingType; value: number; recordedAt: Date };

export type Checked<T> = { ok: true; reading: T } | { ok: false; reason: RejectReason };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Accepts an ISO-8601 string or epoch milliseconds; absent means "now" (the server stamps it). */
function parseTimestamp(raw: unknown, now: Date): Date | null {
  if (raw === undefined || raw === null) return now;
  // new Date(1e308) is an Invalid Date: finite is not enough, the instant itself must exist.
  const d = typeof raw === 'number' ? new Date(raw) : typeof raw === 'string' && raw.trim() !== '' ? new Date(raw) : null;
  return d && Number.isFinite(d.getTime()) ? d : null;
}

export function checkReading(raw: unknown, now: Date, window: TimeWindow = DEFAULT_TIME_WINDOW): Checked<CheckedReading> {
  if (!isObject(raw)) return { ok: false, reason: 'malformed' };
  const { sensorId, type, value, timestamp } = raw;
  if (typeof sensorId !== 'string' || sensorId.trim() === '' || sensorId.length > 100) return { ok: false, reason: 'malformed' };
  if (typeof type !== 'string') return { ok: false, reason: 'malformed' };
  if (!(type in PHYSICAL_RANGE)) return { ok: false, reason: 'unknown_type' };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, reason: 'malformed' };
  const range = PHYSICAL_RANGE[type as ReadingType];
  if (value < range.min || value > range.max) return { ok: false, reason: 'out_of_range' };
  const recordedAt = parseTimestamp(timestamp, now);
  if (!recordedAt) return { ok: false, reason: 'bad_timestamp' };
  if (recordedAt.getTime() - now.getTime() > window.maxFutureMs) return { ok: false, reason: 'future_timestamp' };
  if (recordedAt.getTime() < window.floor.getTime()) return { ok: false, reason: 'timestamp_too_old' };
  if (window.retentionMs !== undefined && recordedAt.getTime() < now.getTime() - window.retentionMs) return { ok: false, reason: 'outside_retention' };
  return { ok: true, reading: { sensorId: sensorId.trim(), type: type as ReadingType, value, recordedAt } };
}

/** The registered sensor a reading claims to come from (the parts the checks need). */
export type RegisteredSensor = {
  id: string;
  sensorId: string;
  fieldId: string;
  /** The field's human code (FLD…), which a topic may use instead of the UUID. */
  fieldCode: string;
  type: string;
  status: string;
  /** When the sensor was registered (its row's created_at), when known. */
  registeredAt?: Date | string | null;
};

/** Which sensor types may report which reading types: a weather station reports air temperature and humidity. */
const ACCEPTS: Record<string, ReadingType[]> = {
  moisture: ['moisture'],
  temperature: ['temperature'],
  humidity: ['humidity'],
  ph: ['ph'],
  weather: ['temperature', 'humidity'],
};

export type StoredReading = CheckedReading & { sensorUuid: string; fieldId: string };

/**
 * Matches a checked reading to its registered sensor.
 * `claimed` is what the transport says: the topic's field and sensor (MQTT) or the sensor the device key
 * belongs to (HTTP).
 */
export function matchSensor(
  reading: CheckedReading,
  sensor: RegisteredSensor | undefined,
  claimed: { fieldRef?: string; sensorId?: string } = {},
  registrationGraceMs = DEFAULT_TIME_WINDOW.registrationGraceMs,
): Checked<StoredReading> {
  if (claimed.sensorId !== undefined && claimed.sensorId !== reading.sensorId) return { ok: false, reason: 'sensor_mismatch' };
  if (!sensor) return { ok: false, reason: 'unknown_sensor' };
  if (claimed.fieldRef !== undefined && claimed.fieldRef !== sensor.fieldId && claimed.fieldRef !== sensor.fieldCode) {
    return { ok: false, reason: 'wrong_field' };
  }
  if (!(ACCEPTS[sensor.type] ?? []).includes(reading.type)) return { ok: false, reason: 'wrong_type' };
  if (sensor.status === 'inactive') return { ok: false, reason: 'sensor_inactive' };
  // Per reading on the ingest hot path: no Date copied, no object spread (the profile showed both).
  const registered = sensor.registeredAt instanceof Date ? sensor.registeredAt.getTime() : sensor.registeredAt ? new Date(sensor.registeredAt).getTime() : null;
  if (registered !== null && reading.recordedAt.getTime() < registered - registrationGraceMs) {
    return { ok: false, reason: 'before_registration' };
  }
  const { sensorId, type, value, recordedAt } = reading;
  return { ok: true, reading: { sensorId, type, value, recordedAt, sensorUuid: sensor.id, fieldId: sensor.fieldId } };
}

/** Rejections counted per reason since start (shown on /health and in the benchmark report). */
export class RejectionCounter {
  private counts = new Map<RejectReason, number>();
  add(reason: RejectReason, n = 1) {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + n);
  }
  get(reason: RejectReason) {
    return this.counts.get(reason) ?? 0;
  }
  snapshot(): Partial<Record<RejectReason, number>> {
    return Object.fromEntries(this.counts);
  }
  get total() {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
}
