/**
 * Reading queries. Charts never get raw rows: readings are averaged into time buckets (date_bin), so a
 * response stays small whatever the sampling rate, and the (field_id, recorded_at) index serves each query.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, sensors } from '../../db/schema';
import type { AuthUser } from '../../lib/access';
import { fieldScope } from '../../lib/access';
import { silentSensors } from '../../domain/alerts/rules';

export const SERIES_BUCKET_MINUTES = 5;
/** Aim for at most this many points per sensor type on a timeline. */
const TIMELINE_POINTS = 200;

export async function fieldsWithLastReading(db: Db, user: AuthUser) {
  const rows = await db
    .select({
      id: fields.id,
      fieldId: fields.fieldId,
      name: fields.name,
      health: fields.health,
      lastMoisture: fields.lastMoisture,
      lastTemperature: fields.lastTemperature,
      lastReadingAt: fields.lastReadingAt,
    })
    .from(fields)
    .where(fieldScope(user))
    .orderBy(asc(fields.name), asc(fields.id));
  return rows.map((f) => ({
    _id: f.id,
    fieldId: f.fieldId,
    name: f.name,
    health: f.health,
    lastSensorData: f.lastReadingAt
      ? { moisture: f.lastMoisture, temperature: f.lastTemperature, timestamp: f.lastReadingAt.toISOString() }
      : null,
  }));
}

type BucketRow = { t: Date | string; moisture: number | null; temperature: number | null };

const toIso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();
const round2 = (n: number | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

/** Moisture and temperature of one field averaged per 5 minutes, from `from` to now. */
export async function series(db: Db, fieldUuid: string, from: Date) {
  const res = await db.execute<BucketRow>(sql`
    select date_bin(${`${SERIES_BUCKET_MINUTES} minutes`}::interval, recorded_at, timestamptz '2000-01-01') as t,
           avg(value) filter (where type = 'moisture') as moisture,
           avg(value) filter (where type = 'temperature') as temperature
    from sensor_readings
    where field_id = ${fieldUuid}::uuid and recorded_at > ${from.toISOString()}::timestamptz
      and type in ('moisture', 'temperature')
    group by 1 order by 1`);
  return (res.rows as BucketRow[]).map((r) => ({ timestamp: toIso(r.t), moisture: round2(r.moisture), temperature: round2(r.temperature) }));
}

/**
 * Anything that looks further back than this reads the hourly rollups (sensor_rollups_hourly), never raw
 * readings: the cost of a long view then depends on hours × sensors, not on how often the sensors report.
 */
export const RAW_LOOKBACK_HOURS = 48;
/** Rollup hours start on India's hours (UTC+05:30); buckets of whole hours are binned from this origin. */
const HOUR_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+05:30'`;

export const timelineBucketMinutes = (days: number) =>
  days * 24 > RAW_LOOKBACK_HOURS
    ? Math.max(60, Math.ceil((days * 1440) / TIMELINE_POINTS / 60) * 60)
    : Math.max(5, Math.ceil((days * 1440) / TIMELINE_POINTS / 5) * 5);

/** Per sensor type, readings averaged into buckets over the last `days` (hourly rollups beyond 48 hours). */
export async function timeline(db: Db, fieldUuid: string, days: number) {
  const bucket = timelineBucketMinutes(days);
  const span = `${bucket} minutes`;
  const res = await db.execute<{ type: string; t: Date | string; value: number }>(
    days * 24 > RAW_LOOKBACK_HOURS
      ? sql`
    select type::text as type, date_bin(${span}::interval, bucket, ${HOUR_ORIGIN}) as t, sum(sum) / sum(count) as value
    from sensor_rollups_hourly
    where field_id = ${fieldUuid}::uuid and bucket > now() - ${`${days} days`}::interval - interval '1 hour'
    group by 1, 2 order by 1, 2`
      : sql`
    select type::text as type,
           date_bin(${span}::interval, recorded_at, timestamptz '2000-01-01') as t,
           avg(value) as value
    from sensor_readings
    where field_id = ${fieldUuid}::uuid and recorded_at > now() - ${`${days} days`}::interval
    group by 1, 2 order by 1, 2`,
  );
  const byType = new Map<string, Array<{ timestamp: string; value: number }>>([
    ['moisture', []],
    ['temperature', []],
  ]);
  for (const r of res.rows as Array<{ type: string; t: Date | string; value: number }>) {
    const list = byType.get(r.type) ?? [];
    list.push({ timestamp: toIso(r.t), value: round2(r.value)! });
    byType.set(r.type, list);
  }
  return [...byType].map(([type, readings]) => ({ type, bucketMinutes: bucket, readings }));
}

type SensorSeen = { sensorId: string; type: string; lastSeenAt: Date | null; createdAt: Date };

/**
 * How old a field's values are: when its moisture and temperature sensors last reported (the newest of each
 * type) and which active sensors have been silent for longer than the field's offline limit, by the same rule
 * as the sensor-offline alert.
 */
function agesOf(rows: SensorSeen[], offlineAfterMinutes: number, now: Date) {
  const newest = (type: string) => {
    const seen = rows.filter((r) => r.type === type && r.lastSeenAt).map((r) => r.lastSeenAt!.getTime());
    return seen.length ? new Date(Math.max(...seen)).toISOString() : null;
  };
  return {
    moistureAt: newest('moisture'),
    temperatureAt: newest('temperature'),
    silentSensors: silentSensors(rows, offlineAfterMinutes, now).map((s) => ({ sensorId: s.sensorId, type: s.type, lastSeenAt: s.lastSeenAt?.toISOString() ?? null })),
  };
}

/**
 * A field's last values and how old they are, in one statement: the field's row (only what the answer shows) with
 * its active sensors (GET /sensor-data/latest, whose reach check is the cached `fieldIdFor`). Undefined when
 * the field is gone.
 */
export async function latestOfField(db: Db, fieldUuid: string, now = new Date()) {
  const rows = await db
    .select({
      moisture: fields.lastMoisture,
      temperature: fields.lastTemperature,
      at: fields.lastReadingAt,
      offlineAfterMinutes: fields.offlineAfterMinutes,
      sensorId: sensors.sensorId,
      type: sensors.type,
      lastSeenAt: sensors.lastSeenAt,
      createdAt: sensors.createdAt,
    })
    .from(fields)
    .leftJoin(sensors, and(eq(sensors.fieldId, fields.id), eq(sensors.status, 'active')))
    .where(eq(fields.id, fieldUuid))
    .orderBy(asc(sensors.sensorId));
  if (rows.length === 0) return undefined;
  const f = rows[0];
  const seen = rows.filter((r) => r.sensorId !== null) as SensorSeen[];
  return {
    moisture: f.moisture,
    temperature: f.temperature,
    timestamp: f.at?.toISOString() ?? null,
    staleAfterMinutes: f.offlineAfterMinutes,
    ...agesOf(seen, f.offlineAfterMinutes, now),
  };
}

export async function sensorInScope(db: Db, user: AuthUser, sensorUuid: string) {
  const [row] = await db
    .select({ id: sensors.id, sensorId: sensors.sensorId })
    .from(sensors)
    .innerJoin(fields, eq(fields.id, sensors.fieldId))
    .where(and(eq(sensors.id, sensorUuid), fieldScope(user)))
    .limit(1);
  return row;
}

/** The device-key hash of a sensor and its code (the HTTP ingest's check), or undefined. */
export async function deviceKeyOf(db: Db, sensorUuid: string) {
  const [sensor] = await db.select({ sensorId: sensors.sensorId, hash: sensors.deviceKeyHash }).from(sensors).where(eq(sensors.id, sensorUuid)).limit(1);
  return sensor;
}

/** Stores a new device key's hash (replacing any earlier key), or clears it with null. */
export async function setDeviceKey(db: Db, sensorUuid: string, hash: string | null, createdAt: Date | null) {
  await db.update(sensors).set({ deviceKeyHash: hash, deviceKeyCreatedAt: createdAt }).where(eq(sensors.id, sensorUuid));
}
