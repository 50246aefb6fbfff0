/**
 * Sensor rules: a device proves itself with its key before its readings are queued; a staff member issues or
 * revokes the key of a sensor within reach (404 otherwise), and the embedded broker forgets the old key at once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { BatcherClosedError, QueueFullError } from '../../domain/ingest/batcher';
import type { AuthUser } from '../../lib/access';
import { AppError, notFound, unavailable, unprocessable } from '../../lib/errors';
import { keyMatches, newDeviceKey, parseDeviceKey } from './deviceKeys';
import { sensorText } from './messages';
import { deviceKeyOf, sensorInScope, setDeviceKey } from './repository';

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
  await setDeviceKey(app.db, sensor.id, hash, createdAt);
  // The old key stops working on this process's broker at once (elsewhere within MQTT_AUTH_CACHE_SECONDS).
  app.mqttAccess?.forget(sensor.id);
  return { sensorId: sensor.sensorId, deviceKey: key, createdAt: createdAt.toISOString() };
}

export async function revokeDeviceKey(app: FastifyInstance, user: AuthUser, sensorUuid: string) {
  const sensor = await sensorInScope(app.db, user, sensorUuid);
  if (!sensor) throw notFound();
  await setDeviceKey(app.db, sensor.id, null, null);
  app.mqttAccess?.forget(sensor.id);
}
