/**
 * Device authentication and authorisation on MQTT (issue 13 item 1), against the embedded broker and
 * against a real Mosquitto the test starts itself with the files `npm run mqtt:acl` writes
 * (mosquittoFiles): nobody connects anonymously or with a wrong key, a device publishes only its own
 * sensor's readings and reads nothing, oversized and retained messages do not get in, a revoked key stops
 * working, and the app's own account receives and stores the readings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { loadConfig } from '../../../server/src/config';
import { sensorReadings, sensors } from '../../../server/src/db/schema';
import { readingsFilter, readingsTopic } from '../../../server/src/domain/ingest/topic';
import { createIngestPipeline, type CommittedReading } from '../../../server/src/modules/sensors/ingestPipeline';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { createMqttAccess, type MqttAccess } from '../../../server/src/realtime/mqtt/access';
import { startBrokerSubscriber, type BrokerSubscriber } from '../../../server/src/realtime/mqtt/brokerSubscriber';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../../server/src/realtime/mqtt/embeddedBroker';
import { mosquittoFiles } from '../../../server/src/realtime/mqtt/mosquittoFiles';
import { isReadingsTopic, readingsHandler } from '../../../server/src/realtime/mqtt/readingsHandler';
import { freshDatabase, liveFixture, type LiveDb } from './db';
import { startMosquitto, type TestMosquitto } from './mosquitto';
import { freePort } from './ports';

const APP = { username: 'shetmitra-app', password: randomBytes(24).toString('base64url') };
const MAX_PACKET = 16 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Fx = Awaited<ReturnType<typeof liveFixture>>;
type Outcome = 'acked' | 'failed' | 'closed' | 'no answer';

describe.each(['embedded', 'mosquitto'] as const)('MQTT devices on the %s broker', (kind) => {
  let d: LiveDb;
  let a: Fx;
  let b: Fx;
  const keys: Record<string, string> = {};
  const committed: CommittedReading[] = [];
  let pipeline: ReturnType<typeof createIngestPipeline>;
  let url: string;
  let access: MqttAccess | undefined;
  let embedded: EmbeddedBroker | undefined;
  let mosquitto: TestMosquitto | undefined;
  let subscriber: BrokerSubscriber | undefined;
  const prefix = `auth-${randomBytes(3).toString('hex')}`;
  const clients: MqttClient[] = [];

  const issueKey = async (sensorUuid: string) => {
    const k = newDeviceKey(sensorUuid);
    await d.db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, sensorUuid));
    keys[sensorUuid] = k.key;
    return k.key;
  };
  const files = () => mosquittoFiles(d.db, { prefix, appUsername: APP.username, appPassword: APP.password });

  beforeAll(async () => {
    d = await freshDatabase();
    a = await liveFixture(d.db);
    b = await liveFixture(d.db);
    for (const s of [a.moisture, a.temperature, b.moisture, b.temperature]) await issueKey(s.id);
    pipeline = createIngestPipeline({ db: d.db, kind: d.kind, tuning: { maxDelayMs: 5 }, onCommitted: (r) => committed.push(...r) });
    const handle = readingsHandler(prefix, pipeline);
    if (kind === 'embedded') {
      access = createMqttAccess({ db: d.db, prefix, appUsername: APP.username, appPassword: APP.password, cacheMs: 400 });
      embedded = await startEmbeddedBroker({ port: await freePort(), access, maxPacketBytes: MAX_PACKET, isReadings: (t) => isReadingsTopic(prefix, t), handle });
      url = `mqtt://127.0.0.1:${embedded.port}`;
    } else {
      mosquitto = await startMosquitto(await files(), MAX_PACKET);
      url = mosquitto.url;
      subscriber = await startBrokerSubscriber({ url, prefix, handle, clientId: `${prefix}-ingest`, ...APP });
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await subscriber?.close();
    await embedded?.close();
    await mosquitto?.stop();
    await pipeline?.close();
    await d?.drop();
  });

  const connect = async (opts: { username?: string; password?: string }) => {
    const c = await mqtt.connectAsync(url, { clientId: `${prefix}-${randomBytes(4).toString('hex')}`, reconnectPeriod: 0, connectTimeout: 4000, ...opts });
    c.on('error', () => {});
    clients.push(c);
    return c;
  };
  const device = (s: { id: string; sensorId: string }) => connect({ username: s.sensorId, password: keys[s.id] });
  const rowsOf = async (sensorUuid: string) =>
    (await d.db.select({ n: sql<number>`count(*)::int` }).from(sensorReadings).where(eq(sensorReadings.sensorId, sensorUuid)))[0].n;
  const waitFor = async (cond: () => Promise<boolean>, ms = 10_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await cond()) return;
      await sleep(50);
    }
    throw new Error('timed out');
  };
  const reading = (s: { sensorId: string }, type: string, value: number) => ({
    sensorId: s.sensorId,
    type,
    value,
    timestamp: new Date(Date.now() - 60_000 - Math.floor(Math.random() * 600_000)).toISOString(),
  });
  /** What became of one QoS 1 publish: acknowledged, refused, or the connection closed on it. */
  const publish = (c: MqttClient, topic: string, payload: string, opts: { retain?: boolean } = {}): Promise<Outcome> =>
    Promise.race([
      c.publishAsync(topic, payload, { qos: 1, ...opts }).then(
        () => 'acked' as const,
        () => 'failed' as const,
      ),
      new Promise<Outcome>((r) => c.once('close', () => r('closed'))),
      sleep(3000).then(() => 'no answer' as const),
    ]);
  const topicOf = (fx: Fx, s: { sensorId: string }) => readingsTopic(prefix, fx.field.id, s.sensorId);

  it('refuses a client without credentials', async () => {
    await expect(connect({})).rejects.toThrow(/not authorized|bad user|refused/i);
  });

  it('refuses a wrong password, another sensor’s key, and a key for an unknown sensor', async () => {
    const forged = `sk_${a.moisture.id.replace(/-/g, '')}_${randomBytes(32).toString('base64url')}`;
    await expect(connect({ username: a.moisture.sensorId, password: forged })).rejects.toThrow(/not authorized|bad user|refused/i);
    await expect(connect({ username: a.moisture.sensorId, password: keys[b.moisture.id] })).rejects.toThrow(/not authorized|bad user|refused/i);
    await expect(connect({ username: a.moisture.sensorId, password: 'letmein' })).rejects.toThrow(/not authorized|bad user|refused/i);
    await expect(connect({ username: APP.username, password: 'wrong' })).rejects.toThrow(/not authorized|bad user|refused/i);
  });

  it('stores a device’s own reading (under its field’s UUID or code), received by the app’s account', async () => {
    const dev = await device(a.moisture);
    const before = await rowsOf(a.moisture.id);
    expect(await publish(dev, topicOf(a, a.moisture), JSON.stringify(reading(a.moisture, 'moisture', 41)))).toBe('acked');
    expect(await publish(dev, readingsTopic(prefix, a.field.fieldId, a.moisture.sensorId), JSON.stringify(reading(a.moisture, 'moisture', 42)))).toBe('acked');
    await waitFor(async () => (await rowsOf(a.moisture.id)) === before + 2);
  });

  it('does not take a device’s publish to another sensor’s topic: nothing stored, nothing for the alert engine', async () => {
    const attacker = await device(a.moisture);
    const victimBefore = await rowsOf(b.moisture.id);
    const committedBefore = committed.length;
    // The attack of the issue: a low moisture reading for another farmer's sensor, which would raise an alert.
    const outcome = await publish(attacker, topicOf(b, b.moisture), JSON.stringify(reading(b.moisture, 'moisture', 2.5)));
    if (kind === 'embedded') expect(outcome).not.toBe('acked');
    // Its own sensor id under another field, and another sensor of its own field, fare no better.
    const attacker2 = await device(a.moisture);
    await publish(attacker2, readingsTopic(prefix, b.field.id, a.moisture.sensorId), JSON.stringify(reading(a.moisture, 'moisture', 3)));
    const attacker3 = await device(a.moisture);
    await publish(attacker3, topicOf(a, a.temperature), JSON.stringify(reading(a.temperature, 'temperature', 60)));
    // A legitimate reading after them proves the path was open: then nothing else arrived.
    const honest = await device(b.temperature);
    const tBefore = await rowsOf(b.temperature.id);
    expect(await publish(honest, topicOf(b, b.temperature), JSON.stringify(reading(b.temperature, 'temperature', 25)))).toBe('acked');
    await waitFor(async () => (await rowsOf(b.temperature.id)) === tBefore + 1);
    await sleep(300);
    expect(await rowsOf(b.moisture.id)).toBe(victimBefore);
    expect(committed.slice(committedBefore).map((r) => r.sensorId)).toEqual([b.temperature.sensorId]);
  });

  it('lets a device read nothing: `#`, `+` and other fields’ topics deliver no message', async () => {
    const spy = await device(a.moisture);
    const got: string[] = [];
    spy.on('message', (t) => got.push(t));
    const granted = await spy.subscribeAsync(['#', `${prefix}/fields/+/sensors/+/readings`, topicOf(b, b.moisture)], { qos: 1 }).catch(() => []);
    if (kind === 'embedded') expect(granted.every((g) => g.qos === 128)).toBe(true);
    const dev = await device(b.moisture);
    const before = await rowsOf(b.moisture.id);
    expect(await publish(dev, topicOf(b, b.moisture), JSON.stringify(reading(b.moisture, 'moisture', 33)))).toBe('acked');
    await waitFor(async () => (await rowsOf(b.moisture.id)) === before + 1);
    await sleep(300);
    expect(got).toEqual([]);
  });

  it('refuses a packet above the size limit before it is stored', async () => {
    const dev = await device(a.temperature);
    const before = await rowsOf(a.temperature.id);
    const big = JSON.stringify(Array.from({ length: 250 }, (_, i) => ({ ...reading(a.temperature, 'temperature', 20 + i / 100), note: 'x'.repeat(40) })));
    expect(big.length).toBeGreaterThan(MAX_PACKET);
    expect(await publish(dev, topicOf(a, a.temperature), big)).not.toBe('acked');
    await sleep(500);
    expect(await rowsOf(a.temperature.id)).toBe(before);
  });

  it('keeps no retained reading', async () => {
    const dev = await device(a.temperature);
    const before = await rowsOf(a.temperature.id);
    const outcome = await publish(dev, topicOf(a, a.temperature), JSON.stringify(reading(a.temperature, 'temperature', 31)), { retain: true });
    if (kind === 'embedded') {
      expect(outcome).not.toBe('acked');
      await sleep(300);
      expect(await rowsOf(a.temperature.id)).toBe(before);
    }
    // Whatever became of it, nobody who subscribes later gets it (not even the app's account).
    const later = await connect(APP);
    const got: string[] = [];
    later.on('message', (t) => got.push(t));
    await later.subscribeAsync(readingsFilter(prefix), { qos: 1 });
    await sleep(500);
    expect(got).toEqual([]);
  });

  it('stops taking a device’s readings once its key is revoked', async () => {
    const dev = await device(b.temperature);
    const before = await rowsOf(b.temperature.id);
    await d.db.update(sensors).set({ deviceKeyHash: null }).where(eq(sensors.id, b.temperature.id));
    if (kind === 'embedded') {
      // Another app process revoked it: this one notices within its cache time (400 ms here).
      await sleep(500);
    } else {
      await mosquitto!.reload(await files());
    }
    await publish(dev, topicOf(b, b.temperature), JSON.stringify(reading(b.temperature, 'temperature', 27)));
    await sleep(500);
    expect(await rowsOf(b.temperature.id)).toBe(before);
    await expect(device(b.temperature)).rejects.toThrow(/not authorized|bad user|refused/i);
    // A new key works at once.
    await issueKey(b.temperature.id);
    access?.forget(b.temperature.id);
    if (mosquitto) await mosquitto.reload(await files());
    const renewed = await device(b.temperature);
    expect(await publish(renewed, topicOf(b, b.temperature), JSON.stringify(reading(b.temperature, 'temperature', 28)))).toBe('acked');
    await waitFor(async () => (await rowsOf(b.temperature.id)) === before + 1);
  });
});

describe('embedded broker address', () => {
  it('listens on 127.0.0.1 unless MQTT_HOST says otherwise', async () => {
    const saved = process.env.MQTT_HOST;
    delete process.env.MQTT_HOST;
    try {
      expect(loadConfig().mqttHost).toBe('127.0.0.1');
    } finally {
      if (saved !== undefined) process.env.MQTT_HOST = saved;
    }
    const d = await freshDatabase('pglite');
    const access = createMqttAccess({ db: d.db, prefix: 'x', appUsername: APP.username, appPassword: APP.password });
    const broker = await startEmbeddedBroker({ port: await freePort(), access, isReadings: () => false, handle: async () => {} });
    try {
      expect(broker.host).toBe('127.0.0.1');
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal);
      if (outside) {
        await expect(mqtt.connectAsync(`mqtt://${outside.address}:${broker.port}`, { reconnectPeriod: 0, connectTimeout: 2000, ...APP })).rejects.toThrow();
      }
    } finally {
      await broker.close();
      await d.drop();
    }
  });
});
