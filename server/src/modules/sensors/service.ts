/**
 * Sensor rules: a device proves itself with its key before its readings are queued; a staff member issues or
 * revokes the key of a sensor within reach (404 otherwise), and the embedded broker forgets the old key at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { BatcherClosedError, QueueFullError } from '../../domain/ingest/batcher';
import type { Series24hResponse } from '../../../../contracts/sensors';
import type { Db } from '../../db/client';
import { fieldIdFor, loadFieldFor, type AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound, unavailable, unprocessable } from '../../lib/errors';
import { keyMatches, newDeviceKey, parseDeviceKey } from './deviceKeys';
import { sensorText } from './messages';
import { deviceKeyOf, fieldsWithLastReading, readingAges, sensorInScope, series, SERIES_BUCKET_MINUTES, setDeviceKey, timeline } from './repository';
import { createDaySeriesCache } from './seriesCache';

/** HTTP ingest: 401 for a bad key, 503 when the queue cannot take the readings, 422 when every one was refused. */
export async function ingestFromDevice(app: FastifyInstance, log: FastifyBaseLogger, deviceKey: string | undefined, items: unknown[]) {
  const parsed = parseDeviceKey(deviceKey);
  const sensor = parsed ? await deviceKeyOf(app.db, parsed.sensorUuid) : undefined;
  if (!parsed || !sensor || !keyMatches(parsed.secret, sensor.hash)) {
    throw new AppError(401, 'DEVICE_KEY_INVALID', sensorText.deviceKeyInvalid);
  }
  let outcome;
  try {
    outcome = await app.ingest.ingest(items, { sensorId: sensor.sensorId }, 'reject');
  } catch (err) {
    // The database away: 503 DATABASE_UNAVAILABLE with Retry-After (errors plugin); the device resends.
    if (isDatabaseUnavailable(err)) throw err;
    if (!(err instanceof QueueFullError) && !(err instanceof BatcherClosedError)) log.warn({ err }, 'ingest write failed');
    throw unavailable();
  }
  if (outcome.accepted === 0) throw unprocessable(sensorText.allRejected, { rejected: outcome.rejected });
  return outcome;
}

/** A new device key for a sensor within reach (shown once; replaces any earlier key). */
export async function issueDeviceKey(app: FastifyInstance, user: AuthUser, sensorUuid: string) {
  const sensor = await sensorInScope(app.db, user, sensorUuid);
  if (!sensor) throw notFound();
  const { key, hash } = newDeviceKey(sensor.id);
  const createdAt = new Date();
  await app.db.transaction(async (tx) => {
    await setDeviceKey(tx as Db, sensor.id, hash, createdAt);
    // The key itself is never written: only that one was issued, and when.
    await recordAudit(tx, user, { action: 'deviceKey.issue', target: { type: 'sensor', id: sensor.id }, after: { sensorId: sensor.sensorId, issuedAt: createdAt } });
  });
  // The old key stops working on this process's broker at once (elsewhere within MQTT_AUTH_CACHE_SECONDS).
  app.mqttAccess?.forget(sensor.id);
  return { sensorId: sensor.sensorId, deviceKey: key, createdAt: createdAt.toISOString() };
}

export async function revokeDeviceKey(app: FastifyInstance, user: AuthUser, sensorUuid: string) {
  const sensor = await sensorInScope(app.db, user, sensorUuid);
  if (!sensor) throw notFound();
  await app.db.transaction(async (tx) => {
    await setDeviceKey(tx as Db, sensor.id, null, null);
    await recordAudit(tx, user, { action: 'deviceKey.revoke', target: { type: 'sensor', id: sensor.id }, before: { sensorId: sensor.sensorId, deviceKeyActive: true }, after: { sensorId: sensor.sensorId, deviceKeyActive: false } });
  });
  app.mqttAccess?.forget(sensor.id);
}

/** The caller's fields with their last reading (the farmer home). */
export async function lastReadings(db: Db, user: AuthUser) {
  return { fields: await fieldsWithLastReading(db, user) };
}

/** A field in reach (404 otherwise): its last values and how old each reading type is. */
export async function latestOf(db: Db, user: AuthUser, fieldRef: string) {
  const f = await loadFieldFor(db, user, fieldRef);
  const ages = await readingAges(db, f.id, f.offlineAfterMinutes);
  return {
    data: { moisture: f.lastMoisture, temperature: f.lastTemperature, timestamp: f.lastReadingAt?.toISOString() ?? null, staleAfterMinutes: f.offlineAfterMinutes, ...ages },
  };
}

/** The sensor timeline of a field in reach (404 otherwise), per type, averaged into time buckets. */
export async function timelineOf(db: Db, user: AuthUser, fieldRef: string, days: number) {
  const f = await loadFieldFor(db, user, fieldRef);
  return { sensors: await timeline(db, f.id, days) };
}

const DAY_MS = 24 * 3600_000;
const body24h = (data: Awaited<ReturnType<typeof series>>): Series24hResponse => (data.length > 0 ? { data } : { data, message: sensorText.noData24h });

/**
 * A field's last 24 hours in 5-minute averages. Each field's day is kept serialised and refreshed incrementally
 * (seriesCache.ts), so the answer is usually a JSON string; a catch-up (`since`) wants what is new, so it always
 * reads the table and answers the object.
 */
export function createDaySeries(app: Pick<FastifyInstance, 'db' | 'fieldAccess' | 'log'>) {
  const days = createDaySeriesCache({
    load: (fieldId, from) => series(app.db, fieldId, from),
    serialize: (points) => JSON.stringify(body24h(points)),
    bucketMs: SERIES_BUCKET_MINUTES * 60_000,
    onError: (err) => app.log.warn({ err }, '24-hour series refresh failed'),
  });
  return {
    async of(user: AuthUser, fieldRef: string, since: string | undefined): Promise<{ body: Series24hResponse } | { json: string }> {
      const id = await fieldIdFor(app.db, app.fieldAccess, user, fieldRef);
      const dayAgo = Date.now() - DAY_MS;
      if (since) return { body: body24h(await series(app.db, id, new Date(Math.max(dayAgo, Date.parse(since))))) };
      return { json: await days.get(id) };
    },
  };
}
