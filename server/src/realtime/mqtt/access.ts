/**
 * Who may do what on the MQTT broker (embedded; docs/security.md "MQTT devices" for Mosquitto):
 *
 * - a device connects with username = its sensor id and password = its device key (the HTTP ingest key).
 *   It may publish, not retained, only to its own sensor's readings topic under its own field (by UUID or
 *   code), and subscribe to nothing;
 * - the app's own client (MQTT_USERNAME / MQTT_PASSWORD) may subscribe to the readings topics and publish nothing;
 * - anyone else is refused at CONNECT.
 *
 * A device's stored key hash is read once and kept for `cacheMs`, so CONNECTs and publishes do not query the
 * database (lookups that miss in the same tick share one query); every publish checks the key again against that cache, so a revoked or rotated key stops
 * working within `cacheMs` (at once in the process that revoked it, through `forget`). While the database is
 * away, a key already known is trusted as last read (nothing can be revoked meanwhile).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, sensors } from '../../db/schema';
import { parseReadingsTopic, readingsFilter } from '../../domain/ingest/topic';
import { keyMatches, parseDeviceKey } from '../../modules/sensors/deviceKeys';

export type MqttIdentity =
  | { kind: 'app'; username: string }
  | { kind: 'device'; username: string; sensorUuid: string; sensorId: string; fieldId: string; fieldCode: string; secret: string };

type DeviceRow = { sensorId: string; fieldId: string; fieldCode: string; hash: string | null };

export type MqttAccess = {
  /** The identity these credentials prove, or null. Rejects only when the database cannot answer. */
  authenticate(username: string | undefined, password: Buffer | string | undefined): Promise<MqttIdentity | null>;
  /** Whether a device's key still holds (revocation, rotation, sensor moved); true for the app. */
  stillValid(id: MqttIdentity): Promise<boolean>;
  mayPublish(id: MqttIdentity, topic: string): boolean;
  maySubscribe(id: MqttIdentity, filter: string): boolean;
  /** Drop a sensor's cached key (after it was issued or revoked here). */
  forget(sensorUuid: string): void;
};

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export function createMqttAccess(opts: { db: Db; prefix: string; appUsername: string; appPassword: string; cacheMs?: number }): MqttAccess {
  const cacheMs = opts.cacheMs ?? 5000;
  const cache = new Map<string, { row: DeviceRow | undefined; until: number }>();
  const loading = new Map<string, { promise: Promise<DeviceRow | undefined>; resolve(row: DeviceRow | undefined): void; reject(err: unknown): void }>();
  const allowedFilters = new Set([readingsFilter(opts.prefix)]);
  const sharedPrefix = '$share/';

  // Lookups that miss the cache within one tick go to the database together (one query for many devices).
  let queued: string[] = [];
  const load = (sensorUuid: string) => {
    if (queued.length === 0) {
      setImmediate(() => {
        const ids = queued;
        queued = [];
        opts.db
          .select({ id: sensors.id, sensorId: sensors.sensorId, fieldId: sensors.fieldId, fieldCode: fields.fieldId, hash: sensors.deviceKeyHash })
          .from(sensors)
          .innerJoin(fields, eq(fields.id, sensors.fieldId))
          .where(inArray(sensors.id, ids))
          .then(
            (rows) => {
              const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
              const until = Date.now() + cacheMs;
              for (const id of ids) {
                cache.set(id, { row: byId.get(id), until });
                loading.get(id)?.resolve(byId.get(id));
                loading.delete(id);
              }
              while (cache.size > 100_000) cache.delete(cache.keys().next().value!);
            },
            (err: unknown) => {
              for (const id of ids) {
                loading.get(id)?.reject(err);
                loading.delete(id);
              }
            },
          );
      });
    }
    queued.push(sensorUuid);
  };

  function device(sensorUuid: string): Promise<DeviceRow | undefined> {
    const hit = cache.get(sensorUuid);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.row);
    let pending = loading.get(sensorUuid);
    if (!pending) {
      let resolve!: (row: DeviceRow | undefined) => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<DeviceRow | undefined>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      pending = { promise, resolve, reject };
      loading.set(sensorUuid, pending);
      load(sensorUuid);
    }
    // While the database cannot answer, a device whose key was verified before keeps it (stale-if-error): its
    // readings are then held unacknowledged until the database is back, instead of the device being thrown off
    // and refused at every reconnect (mqtt.js gives up after a refused CONNACK). A key revoked here was forgotten.
    return hit ? pending.promise.catch(() => hit.row) : pending.promise;
  }

  const holds = (row: DeviceRow | undefined, id: Extract<MqttIdentity, { kind: 'device' }>) =>
    !!row && row.sensorId === id.sensorId && row.fieldId === id.fieldId && keyMatches(id.secret, row.hash);

  return {
    async authenticate(username, password) {
      if (!username || password === undefined) return null;
      const pass = Buffer.isBuffer(password) ? password.toString('utf8') : password;
      if (username === opts.appUsername) return sameText(pass, opts.appPassword) ? { kind: 'app', username } : null;
      const parsed = parseDeviceKey(pass);
      if (!parsed) return null;
      const row = await device(parsed.sensorUuid);
      if (!row || row.sensorId !== username || !keyMatches(parsed.secret, row.hash)) return null;
      return { kind: 'device', username, sensorUuid: parsed.sensorUuid, sensorId: row.sensorId, fieldId: row.fieldId, fieldCode: row.fieldCode, secret: parsed.secret };
    },
    async stillValid(id) {
      if (id.kind === 'app') return true;
      return holds(await device(id.sensorUuid), id);
    },
    mayPublish(id, topic) {
      if (id.kind !== 'device') return false;
      const address = parseReadingsTopic(opts.prefix, topic);
      return !!address && address.sensorId === id.sensorId && (address.fieldRef === id.fieldId || address.fieldRef === id.fieldCode);
    },
    maySubscribe(id, filter) {
      if (id.kind !== 'app') return false;
      if (filter.startsWith(sharedPrefix)) {
        const rest = filter.slice(sharedPrefix.length);
        const slash = rest.indexOf('/');
        return slash > 0 && allowedFilters.has(rest.slice(slash + 1));
      }
      return allowedFilters.has(filter);
    },
    forget: (sensorUuid) => void cache.delete(sensorUuid),
  };
}

