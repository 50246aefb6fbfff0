/**
 * kill -9 of the app while devices publish over MQTT: every reading the broker acknowledged is in the
 * database after a restart (acks follow commits). On PostgreSQL (TEST_DATABASE_URL), the durable one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { sensorReadings } from '../../../server/src/db/schema';
import { readingsTopic } from '../../../server/src/domain/ingest/topic';
import { freshDatabase, liveFixture, type LiveDb } from './db';
import { startAppProcess, type AppProcess } from './appProcess';
import { freePort } from './ports';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('kill -9 during MQTT ingest', () => {
  let d: LiveDb;
  let app: AppProcess | null = null;
  let env: Record<string, string>;
  let httpPort: number;
  let fx: Awaited<ReturnType<typeof liveFixture>>;

  beforeAll(async () => {
    d = await freshDatabase('postgres');
    fx = await liveFixture(d.db);
    httpPort = await freePort();
    env = { DATABASE_URL: d.url!, MQTT_PORT: String(await freePort()), MQTT_TOPIC_PREFIX: `live-test-${randomBytes(3).toString('hex')}` };
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await d.drop();
  });

  it('loses no acknowledged reading', async () => {
    app = await startAppProcess(env, httpPort);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${env.MQTT_PORT}`, { clientId: `kill-dev-${randomBytes(3).toString('hex')}`, reconnectPeriod: 0 });
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
    await new Promise((r) => setTimeout(r, 2500));
    app.child.kill('SIGKILL');
    await new Promise((r) => app!.child.once('exit', r));
    stop = true;
    await pump;
    device.end(true);
    const ackedAtKill = [...acked];
    expect(ackedAtKill.length).toBeGreaterThan(100);
    expect(sent).toBeGreaterThan(ackedAtKill.length);

    app = await startAppProcess(env, httpPort);
    const rows = await d.db.select({ t: sensorReadings.recordedAt }).from(sensorReadings).where(eq(sensorReadings.sensorId, fx.moisture.id));
    const storedTimes = new Set(rows.map((r) => r.t.getTime()));
    const lost = ackedAtKill.filter((ts) => !storedTimes.has(ts));
    expect(lost).toEqual([]);
    expect(storedTimes.size).toBeGreaterThanOrEqual(ackedAtKill.length);
  });
});
