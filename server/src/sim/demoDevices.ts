/**
 * The demo's simulated devices and their keys. A key is derived from the app's MQTT secret (deviceKeys.
 * demoDeviceKey), so only its hash is stored and the app and `npm run simulate` agree on it. A sensor
 * that has no key yet gets its derived key (when `issueMissing`); a sensor whose key was issued or
 * revoked by staff keeps it and is left out of the simulation.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fields, sensors } from '../db/schema';
import { demoDeviceKey, keyMatches, parseDeviceKey } from '../modules/sensors/deviceKeys';
import type { SimDevice } from './simulator';

export async function demoDevices(db: Db, appSecret: string, opts: { issueMissing: boolean }): Promise<{ devices: SimDevice[]; skipped: number }> {
  const rows = await db
    .select({ id: sensors.id, fieldRef: fields.id, sensorId: sensors.sensorId, type: sensors.type, lastMoisture: fields.lastMoisture, hash: sensors.deviceKeyHash })
    .from(sensors)
    .innerJoin(fields, eq(fields.id, sensors.fieldId));
  const devices: SimDevice[] = [];
  let skipped = 0;
  for (const r of rows) {
    const derived = demoDeviceKey(appSecret, r.id);
    let hash = r.hash;
    if (hash === null && opts.issueMissing) {
      await db.update(sensors).set({ deviceKeyHash: derived.hash, deviceKeyCreatedAt: new Date() }).where(eq(sensors.id, r.id));
      hash = derived.hash;
    }
    if (keyMatches(parseDeviceKey(derived.key)!.secret, hash)) {
      devices.push({ fieldRef: r.fieldRef, sensorId: r.sensorId, type: r.type, lastMoisture: r.lastMoisture, deviceKey: derived.key });
    } else skipped++;
  }
  return { devices, skipped };
}
