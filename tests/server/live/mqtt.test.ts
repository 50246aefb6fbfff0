import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { sensorReadings, sensors } from '../../../server/src/db/schema';
import { readingsTopic } from '../../../server/src/domain/ingest/topic';
import { createIngestPipeline } from '../../../server/src/modules/sensors/ingestPipeline';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { createMqttAccess, type MqttAccess } from '../../../server/src/realtime/mqtt/access';
import { startEmbeddedBroker } from '../../../server/src/realtime/mqtt/embeddedBroker';
import { startBrokerSubscriber } from '../../../server/src/realtime/mqtt/brokerSubscriber';
import { mosquittoFiles } from '../../../server/src/realtime/mqtt/mosquittoFiles';
import { isReadingsTopic, readingsHandler } from '../../../server/src/realtime/mqtt/readingsHandler';
import { freshDatabase, liveFixture, type LiveDb } from './db';
import { startMosquitto, type TestMosquitto } from './mosquitto';
import { freePort } from './ports';

let d: LiveDb;
let fx: Awaited<ReturnType<typeof liveFixture>>;
let pipeline: ReturnType<typeof createIngestPipeline>;
let access: MqttAccess;
const prefix = `live-test-${randomBytes(4).toString('hex')}`;
const APP = { username: 'shetmitra-app', password: randomBytes(24).toString('base64url') };
/** Device credentials: username = sensor id, password = its device key. */
const creds: Record<string, { username: string; password: string }> = {};

beforeAll(async () => {
  d = await freshDatabase();
  fx = await liveFixture(d.db);
  for (const s of [fx.moisture, fx.temperature]) {
    const k = newDeviceKey(s.id);
    await d.db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, s.id));
    creds[s.sensorId] = { username: s.sensorId, password: k.key };
  }
  pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 5 } });
  access = createMqttAccess({ db: d.db, prefix, appUsername: APP.username, appPassword: APP.password });
});
afterAll(async () => {
  await pipeline.close();
  await d.drop();
});

const rowsOf = async (sensorUuid: string) =>
  (await d.db.select({ n: sql<number>`count(*)::int` }).from(sensorReadings).where(eq(sensorReadings.sensorId, sensorUuid)))[0].n;
const waitFor = async (cond: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};
const reading = (value: number, offsetMs: number) => ({
  sensorId: fx.moisture.sensorId,
  type: 'moisture',
  value,
  timestamp: new Date(Date.now() - 600_000 + offsetMs).toISOString(),
});

/** The embedded broker on a free port, wired to this file's device access rules and ingest pipeline. */
const startBroker = async () => {
  const port = await freePort();
  const broker = await startEmbeddedBroker({
    port,
    host: '127.0.0.1',
    access,
    isReadings: (t) => isReadingsTopic(prefix, t),
    handle: readingsHandler(prefix, pipeline),
  });
  return { broker, port };
};

describe('embedded broker', () => {
  it('acknowledges a QoS 1 reading only once it is committed', async () => {
    const { broker, port } = await startBroker();
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `dev-${randomBytes(3).toString('hex')}`, ...creds[fx.moisture.sensorId] });
    try {
      const topic = readingsTopic(prefix, fx.field.fieldId, fx.moisture.sensorId);
      const before = await rowsOf(fx.moisture.id);
      await device.publishAsync(topic, JSON.stringify([reading(40, 1), reading(41, 2), reading(42, 3)]), { qos: 1 });
      // The PUBACK has arrived: the rows must already be there.
      expect(await rowsOf(fx.moisture.id)).toBe(before + 3);
      // A refused payload is acknowledged too (a resend would not help) and counted.
      await device.publishAsync(topic, 'not json', { qos: 1 });
      await device.publishAsync(topic, JSON.stringify({ ...reading(400, 4) }), { qos: 1 });
      expect(pipeline.rejections.get('malformed')).toBeGreaterThanOrEqual(1);
      expect(pipeline.rejections.get('out_of_range')).toBeGreaterThanOrEqual(1);
      expect(await rowsOf(fx.moisture.id)).toBe(before + 3);
    } finally {
      await device.endAsync();
      await broker.close();
    }
  });

  it('keeps acknowledging every reading of a normal device while another publishes a poison timestamp every 20 ms', async () => {
    const { broker, port } = await startBroker();
    const victim = await liveFixture(d.db);
    const rogue = await liveFixture(d.db);
    // The attacker is a registered device with its own key: authentication lets it in, validation must stop it.
    const keyOf = async (s: { id: string; sensorId: string }) => {
      const k = newDeviceKey(s.id);
      await d.db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, s.id));
      return { username: s.sensorId, password: k.key };
    };
    const normal = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `normal-${randomBytes(3).toString('hex')}`, ...(await keyOf(victim.moisture)) });
    const attacker = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `poison-${randomBytes(3).toString('hex')}`, ...(await keyOf(rogue.temperature)) });
    const poisons: unknown[] = [-8640000000000000, 1e308, '-000001-01-01T00:00:00Z', 0, '1970-01-01T00:00:00Z'];
    let sent = 0;
    // Poisons the broker has answered (a refused payload is acknowledged too, and counted).
    let refused = 0;
    const waiting: { n: number; go: () => void }[] = [];
    const flood = setInterval(() => {
      const timestamp = poisons[sent++ % poisons.length];
      void attacker
        .publishAsync(readingsTopic(prefix, rogue.field.id, rogue.temperature.sensorId), JSON.stringify({ sensorId: rogue.temperature.sensorId, type: 'temperature', value: 21, timestamp }), {
          qos: 1,
        })
        .then(() => {
          refused++;
          for (let i = waiting.length - 1; i >= 0; i--) if (refused >= waiting[i].n) waiting.splice(i, 1)[0].go();
        })
        .catch(() => {});
    }, 20);
    /** Resolves once the broker has answered `n` poisons. */
    const poisonsAnswered = (n: number) => new Promise<void>((go) => (refused >= n ? go() : waiting.push({ n, go })));
    const tooOldBefore = pipeline.rejections.get('timestamp_too_old');
    const N = 150;
    // The normal device's readings go out between the poisons: reading k once the broker has answered k / 5 of them
    // (not on a clock: on a loaded machine the 20 ms flood's timer fires late, and a clock-paced device had finished
    // before the flood had sent 20). So 30 poisons are handled while the 150 readings are.
    const POISON_EVERY = 5;
    let acked = 0;
    try {
      const base = Date.now() - 1_800_000;
      const topic = readingsTopic(prefix, victim.field.id, victim.moisture.sensorId);
      const publishing = Array.from({ length: N }, async (_, k) => {
        await poisonsAnswered(Math.floor(k / POISON_EVERY));
        await normal
          .publishAsync(topic, JSON.stringify({ sensorId: victim.moisture.sensorId, type: 'moisture', value: 30 + (k % 10), timestamp: base + k * 1000 }), { qos: 1 })
          .then(() => acked++, () => {});
      });
      // Counts, not timings: a generous deadline only keeps a failure from hanging the run.
      await Promise.race([Promise.all(publishing), new Promise((r) => setTimeout(r, 20_000))]);
    } finally {
      clearInterval(flood);
    }
    try {
      // Every reading acknowledged (and so published: the last one after the broker had answered 29 poisons).
      expect(acked).toBe(N);
      expect(await rowsOf(victim.moisture.id)).toBe(N);
      // The poison was refused at the door with its reason, none of it stored.
      expect(pipeline.rejections.get('timestamp_too_old')).toBeGreaterThan(tooOldBefore);
      expect(pipeline.rejections.get('bad_timestamp')).toBeGreaterThan(0);
      expect(await rowsOf(rogue.temperature.id)).toBe(0);
    } finally {
      await normal.endAsync(true);
      await attacker.endAsync(true);
      await broker.close();
    }
  }, 60_000);

  it('does not acknowledge while the database refuses; the device resends and nothing is lost', async () => {
    const { broker, port } = await startBroker();
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `dev-${randomBytes(3).toString('hex')}`, reconnectPeriod: 200, clean: false, ...creds[fx.moisture.sensorId] });
    try {
      await d.db.execute(sql`alter table sensor_readings add constraint live_mqtt_block check (value <> 55)`);
      const topic = readingsTopic(prefix, fx.field.fieldId, fx.moisture.sensorId);
      let acked = false;
      const pub = device.publishAsync(topic, JSON.stringify(reading(55, 10)), { qos: 1 }).then(() => (acked = true));
      await new Promise((r) => setTimeout(r, 700));
      expect(acked).toBe(false);
      expect((await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 55))).length).toBe(0);
      await d.db.execute(sql`alter table sensor_readings drop constraint live_mqtt_block`);
      await pub;
      expect((await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 55))).length).toBe(1);
    } finally {
      await d.db.execute(sql`alter table sensor_readings drop constraint if exists live_mqtt_block`);
      await device.endAsync(true);
      await broker.close();
    }
  });

  it('fails with a message naming MQTT_PORT when the port is taken', async () => {
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', () => r()));
    try {
      await expect(
        startEmbeddedBroker({ port, host: '127.0.0.1', access, isReadings: () => false, handle: async () => {} }),
      ).rejects.toThrow(/MQTT_PORT 3\d\d\d is already in use.*MQTT_URL/);
    } finally {
      squatter.close();
    }
  });
});

describe('outside broker (a Mosquitto of the test’s own, configured by mosquittoFiles)', () => {
  let mosquitto: TestMosquitto;
  beforeAll(async () => {
    mosquitto = await startMosquitto(await mosquittoFiles(d.db, { prefix, appUsername: APP.username, appPassword: APP.password }));
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });

  it('ingests through a shared subscription split between two instances, acknowledging after commit', async () => {
    const seen = [0, 0];
    const subs = await Promise.all(
      [0, 1].map((i) =>
        startBrokerSubscriber({
          url: mosquitto.url,
          ...APP,
          prefix,
          clientId: `${prefix}-ingest-${i}`,
          handle: async (topic, payload) => {
            seen[i]++;
            await readingsHandler(prefix, pipeline)(topic, payload);
          },
        }),
      ),
    );
    const device = await mqtt.connectAsync(mosquitto.url, { clientId: `${prefix}-dev`, ...creds[fx.temperature.sensorId] });
    try {
      const topic = readingsTopic(prefix, fx.field.id, fx.temperature.sensorId);
      const before = await rowsOf(fx.temperature.id);
      for (let i = 0; i < 40; i++) {
        await device.publishAsync(
          topic,
          JSON.stringify({ sensorId: fx.temperature.sensorId, type: 'temperature', value: 20 + i / 10, timestamp: new Date(Date.now() - 900_000 + i * 1000).toISOString() }),
          { qos: 1 },
        );
      }
      await waitFor(async () => (await rowsOf(fx.temperature.id)) === before + 40);
      expect(seen[0] + seen[1]).toBe(40);
      expect(seen[0]).toBeGreaterThan(0);
      expect(seen[1]).toBeGreaterThan(0);
    } finally {
      await device.endAsync();
      await Promise.all(subs.map((s) => s.close()));
    }
  });

  it('gets a message again when its commit failed', async () => {
    const sub = await startBrokerSubscriber({ url: mosquitto.url, ...APP, prefix, clientId: `${prefix}-ingest-retry`, handle: readingsHandler(prefix, pipeline) });
    const device = await mqtt.connectAsync(mosquitto.url, { clientId: `${prefix}-dev2`, ...creds[fx.moisture.sensorId] });
    try {
      await d.db.execute(sql`alter table sensor_readings add constraint live_mqtt_block2 check (value <> 66)`);
      await device.publishAsync(readingsTopic(prefix, fx.field.id, fx.moisture.sensorId), JSON.stringify(reading(66, 20)), { qos: 1 });
      await new Promise((r) => setTimeout(r, 500));
      expect((await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 66))).length).toBe(0);
      await d.db.execute(sql`alter table sensor_readings drop constraint live_mqtt_block2`);
      await waitFor(async () => (await d.db.select().from(sensorReadings).where(eq(sensorReadings.value, 66))).length === 1);
    } finally {
      await d.db.execute(sql`alter table sensor_readings drop constraint if exists live_mqtt_block2`);
      await device.endAsync();
      await sub.close();
    }
  });
});
