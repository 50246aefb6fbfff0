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
import { AppError, badRequest, notFound, unavailable, unprocessable } from '../../lib/errors';
import { readingsCsv } from './export';
import { retentionFloor } from './partitions';
import { keyMatches, newDeviceKey, parseDeviceKey } from './deviceKeys';
import { sensorText } from './messages';
import { deviceKeyOf, fieldsWithLastReading, latestOfField, sensorInScope, series, SERIES_BUCKET_MINUTES, setDeviceKey, timeline } from './repository';
import { createDaySeriesCache } from './seriesCache';
import { createStaleCache } from '../../lib/staleCache';

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
/** A field's last values and how old they are; reach through the cached field lookup (as the 24-hour series). */
export async function latestOf(app: Pick<FastifyInstance, 'db' | 'fieldAccess'>, user: AuthUser, fieldRef: string) {
  const id = await fieldIdFor(app.db, app.fieldAccess, user, fieldRef);
  const data = await latestOfField(app.db, id);
  if (!data) throw notFound();
  return { data };
}

/** The sensor timeline of a field in reach (404 otherwise), per type, averaged into time buckets. */
/**
 * The timelines screens open with (Field Details, the farmer's monitoring): reach through the cached field lookup
 * (as the 24-hour series), and each field's answer kept already serialised per span for TIMELINE_CACHE_SECONDS (5),
 * then answered stale at once (up to 12× that) while one refresh reads it again. The query itself is cheap (the
 * field's hourly rollups); what it saves is the row lookup, converting a few hundred buckets and serialising them
 * on every load. 0 = read and serialise every time.
 */
export function createTimelines(app: Pick<FastifyInstance, 'db' | 'fieldAccess' | 'log' | 'config'>) {
  const freshMs = Math.max(0, app.config.timelineCacheSeconds ?? 5) * 1000;
  const kept = createStaleCache<string>({ freshMs, maxStaleMs: 12 * freshMs, maxEntries: 5000, onError: (err) => app.log.warn({ err }, 'timeline refresh failed') });
  return {
    async of(user: AuthUser, fieldRef: string, days: number): Promise<string> {
      const id = await fieldIdFor(app.db, app.fieldAccess, user, fieldRef);
      return kept.get(`${id}|${days}`, async () => JSON.stringify({ sensors: await timeline(app.db, id, days) }));
    },
  };
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

/** `YYYY-MM-DD` (midnight UTC) or an ISO-8601 instant; null when it is neither. */
function exportDate(v: string): Date | null {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : null;
  // 2026-02-30 is not a day (Date would make it 2 March).
  return d && Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10) ? d : null;
}

/**
 * The CSV export of a field in reach (404 otherwise: a farmer only their own, a coordinator their farmers', admins any),
 * checked before a byte is sent: both dates valid, `to` after `from`, at most EXPORT_MAX_DAYS apart (400 with its reason).
 */
export async function readingsExport(
  db: Db,
  user: AuthUser,
  fieldRef: string,
  range: { from: string; to: string },
  limits: { exportMaxDays: number; rawRetentionDays: number },
) {
  const from = exportDate(range.from);
  const to = exportDate(range.to);
  if (!from || !to) throw badRequest(sensorText.exportBadDate, undefined, 'EXPORT_BAD_DATE');
  if (to.getTime() <= from.getTime()) throw badRequest(sensorText.exportReversed, undefined, 'EXPORT_RANGE_REVERSED');
  if (to.getTime() - from.getTime() > limits.exportMaxDays * DAY_MS) {
    throw badRequest(sensorText.exportTooLong, { maxDays: limits.exportMaxDays }, 'EXPORT_RANGE_TOO_LONG');
  }
  const f = await loadFieldFor(db, user, fieldRef);
  // A staff member's download of a farmer's data is a staff action (issue 19's audit trail); a farmer's own is not.
  if (user.role !== 'farmer') {
    await recordAudit(db, user, { action: 'readings.export', target: { type: 'field', id: f.id }, after: { from: from.toISOString(), to: to.toISOString() } });
  }
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    filename: `${f.fieldId}-readings-${day(from)}-${day(to)}.csv`,
    chunks: readingsCsv(db, f.id, from, to, retentionFloor(limits.rawRetentionDays)),
  };
}
