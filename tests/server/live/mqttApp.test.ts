/**
 * The running app's embedded broker, as a stranger on the network meets it (issue 13 item 1): it listens on
 * 127.0.0.1 only by default, refuses anonymous clients (so nobody reads `#`), and takes a reading from a
 * device that signs in with its sensor id and device key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { openDatabase } from '../../../server/src/db/client';
import { sensorReadings, sensors } from '../../../server/src/db/schema';
import { readingsTopic } from '../../../server/src/domain/ingest/topic';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { liveFixture } from './db';
import { pgliteFolder } from '../support/templates';
import { startAppProcess, type AppProcess } from './appProcess';
import { freePort } from './ports';

const dir = mkdtempSync(join(tmpdir(), 'mqtt-app-'));
const dataDir = join(dir, 'data');
let app: AppProcess | null = null;
let fx: Awaited<ReturnType<typeof liveFixture>>;
let key: string;
let mqttPort: number;
const prefix = `app-${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  const d = await pgliteFolder('empty', dataDir);
  try {
    fx = await liveFixture(d.db);
    const k = newDeviceKey(fx.moisture.id);
    key = k.key;
    await d.db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, fx.moisture.id));
  } finally {
    await d.close();
  }
  mqttPort = await freePort();
  // MQTT_HOST is left unset: the default is what is tested.
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', MQTT_URL: '', MQTT_PORT: String(mqttPort), MQTT_TOPIC_PREFIX: prefix };
  delete process.env.MQTT_HOST;
  app = await startAppProcess(env);
}, 90_000);
afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app’s embedded MQTT broker', () => {
  it('is not reachable on a non-loopback address by default', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal);
    expect(outside.length).toBeGreaterThan(0);
    for (const i of outside) {
      await expect(mqtt.connectAsync(`mqtt://${i!.address}:${mqttPort}`, { reconnectPeriod: 0, connectTimeout: 2000 })).rejects.toThrow();
    }
  });

  it('refuses an anonymous client, so nobody reads `#`', async () => {
    await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toThrow(/not authorized|bad user|refused/i);
  });

  it('stores a reading from a device signed in with its device key, and not from one with a wrong key', async () => {
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0, connectTimeout: 3000, username: fx.moisture.sensorId, password: `${key.slice(0, -4)}AAAA` }),
    ).rejects.toThrow(/not authorized|bad user|refused/i);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0, username: fx.moisture.sensorId, password: key });
    try {
      const ts = Date.now() - 60_000;
      await device.publishAsync(readingsTopic(prefix, fx.field.id, fx.moisture.sensorId), JSON.stringify({ sensorId: fx.moisture.sensorId, type: 'moisture', value: 37, timestamp: ts }), { qos: 1 });
    } finally {
      await device.endAsync();
    }
    await app!.stop();
    app = null;
    const d = await openDatabase({ dataDir });
    try {
      const rows = await d.db.select({ v: sensorReadings.value }).from(sensorReadings).where(eq(sensorReadings.sensorId, fx.moisture.id));
      expect(rows.map((r) => r.v)).toEqual([37]);
    } finally {
      await d.close();
    }
  }, 60_000);
});
