/**
 * kill -9 of the app while devices publish over MQTT: every reading the broker acknowledged is in the
 * database after a restart (acks follow commits). On embedded PGlite (its data folder, the default
 * deployment) always, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/client';
import mqtt from 'mqtt';
import { sensorReadings, sensors } from '../../../server/src/db/schema';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { readingsTopic } from '../../../server/src/domain/ingest/topic';
import { freshDatabase, liveFixture, type LiveDb } from './db';
import { pgliteFolder } from '../support/templates';
import { startAppProcess, type AppProcess } from './appProcess';
import { freePort } from './ports';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * The database as the test sees it. PGlite's data folder belongs to one process at a time, so the test
 * opens it only while no app runs; PostgreSQL stays open throughout.
 */
type Store = {
  env: Record<string, string>;
  setUp(): Promise<Awaited<ReturnType<typeof liveFixture>>>;
  /** Runs `read` on the database (after the app stopped, for PGlite). */
  read<T>(read: (db: LiveDb['db']) => Promise<T>): Promise<T>;
  appHoldsIt: boolean;
  drop(): Promise<void>;
};

function pgliteStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'kill-pglite-'));
  const dataDir = join(dir, 'data');
  const withDb = async <T>(fn: (db: LiveDb['db']) => Promise<T>) => {
    const d = await openDatabase({ dataDir });
    try {
      return await fn(d.db);
    } finally {
      await d.close();
    }
  };
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    appHoldsIt: true,
    setUp: async () => {
      const d = await pgliteFolder('empty', dataDir);
      try {
        return await liveFixture(d.db);
      } finally {
        await d.close();
      }
    },
    read: withDb,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresStore(): Promise<Store> {
  const d = await freshDatabase('postgres');
  return { env: { DATABASE_URL: d.url! }, appHoldsIt: false, setUp: () => liveFixture(d.db), read: (fn) => fn(d.db), drop: () => d.drop() };
}

const kinds: Array<[string, () => Store | Promise<Store>]> = [['PGlite (data folder)', pgliteStore], ...(pgUrl ? [['PostgreSQL', postgresStore] as [string, () => Promise<Store>]] : [])];

describe.each(kinds)('kill -9 during MQTT ingest on %s', (_label, makeStore) => {
  let store: Store;
  let app: AppProcess | null = null;
  let env: Record<string, string>;
  let httpPort: number;
  let fx: Awaited<ReturnType<typeof liveFixture>>;
  let deviceKey: string;

  beforeAll(async () => {
    store = await makeStore();
    fx = await store.setUp();
    // The device signs in with its own key, as every device must.
    const k = newDeviceKey(fx.moisture.id);
    deviceKey = k.key;
    await store.read((db) => db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, fx.moisture.id)));
    httpPort = await freePort();
    env = { ...store.env, MQTT_PORT: String(await freePort()), MQTT_TOPIC_PREFIX: `live-test-${randomBytes(3).toString('hex')}` };
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await store.drop();
  });

  it('loses no acknowledged reading', async () => {
    app = await startAppProcess(env, httpPort);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${env.MQTT_PORT}`, {
      clientId: `kill-dev-${randomBytes(3).toString('hex')}`,
      reconnectPeriod: 0,
      username: fx.moisture.sensorId,
      password: deviceKey,
    });
    device.on('error', () => {});
    const topic = readingsTopic(env.MQTT_TOPIC_PREFIX, fx.field.id, fx.moisture.sensorId);
    const acked = new Set<number>();
    const base = Date.now() - 3600_000;
    let sent = 0;
    let stop = false;
    const pump = (async () => {
      while (!stop) {
        // Keep up to 200 messages in flight, each one reading with its own timestamp.
        while (!stop && sent - acked.size < 200) {
          const ts = base + sent++;
          device.publish(topic, JSON.stringify({ sensorId: fx.moisture.sensorId, type: 'moisture', value: 30 + (ts % 10), timestamp: ts }), { qos: 1 }, (err) => {
            if (!err) acked.add(ts);
          });
        }
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    // Killed once 300 readings are acknowledged, with up to 200 more in flight (not after a fixed time: on a loaded
    // machine the app acknowledged barely 100 in 2.5 s, on a quiet one it need not wait that long).
    for (const until = Date.now() + 60_000; acked.size < 300 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
    app.child.kill('SIGKILL');
    await new Promise((r) => app!.child.once('exit', r));
    stop = true;
    await pump;
    device.end(true);
    const ackedAtKill = [...acked];
    expect(ackedAtKill.length).toBeGreaterThan(100);
    expect(sent).toBeGreaterThan(ackedAtKill.length);

    // The app comes back on the same database after the crash (PGlite: recovers its data folder).
    app = await startAppProcess(env, httpPort);
    if (store.appHoldsIt) {
      await app.stop();
      app = null;
    }
    const rows = await store.read((db) => db.select({ t: sensorReadings.recordedAt }).from(sensorReadings).where(eq(sensorReadings.sensorId, fx.moisture.id)));
    const storedTimes = new Set(rows.map((r) => r.t.getTime()));
    const lost = ackedAtKill.filter((ts) => !storedTimes.has(ts));
    expect(lost).toEqual([]);
    expect(storedTimes.size).toBeGreaterThanOrEqual(ackedAtKill.length);
    // Two app starts (tsx compiles the server each time) take long on a busy machine.
  }, 120_000);
});
