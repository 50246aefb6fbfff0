/**
 * npm run simulate — publishes realistic readings for the demo fields' sensors over MQTT.
 *
 *   npm run simulate -- [--url mqtt://127.0.0.1:1884] [--interval 5000] [--speed 60]
 *
 * The broker is MQTT_URL, else the app's embedded broker on MQTT_PORT. The sensors come from PostgreSQL
 * when DATABASE_URL is set, else from the list a demo app keeps retained on `<prefix>/demo/sensors`
 * (the embedded PGlite database belongs to the running app and cannot be opened twice).
 */
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { fields, sensors } from '../server/src/db/schema';
import { catalogTopic, startSimulator, type SimSensor } from '../server/src/sim/simulator';

const { values } = parseArgs({
  options: { url: { type: 'string' }, interval: { type: 'string', default: '5000' }, speed: { type: 'string', default: '60' } },
});
const config = loadConfig();
const url = values.url ?? config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`;
const client = await mqtt.connectAsync(url, { clientId: `shetmitra-simulator-${process.pid}` });

async function fromDatabase(databaseUrl: string): Promise<SimSensor[]> {
  const d = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    return await d.db
      .select({ fieldRef: fields.id, sensorId: sensors.sensorId, type: sensors.type, lastMoisture: fields.lastMoisture })
      .from(sensors)
      .innerJoin(fields, eq(fields.id, sensors.fieldId));
  } finally {
    await d.close();
  }
}

async function fromCatalog(): Promise<SimSensor[]> {
  const topic = catalogTopic(config.mqttTopicPrefix);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no sensor list on ${topic}: is the app running in demo mode?`)), 5000);
    client.on('message', (t, payload) => {
      if (t !== topic) return;
      clearTimeout(timer);
      resolve(JSON.parse(payload.toString()) as SimSensor[]);
    });
    void client.subscribeAsync(topic);
  });
}

const list = config.databaseUrl ? await fromDatabase(config.databaseUrl) : await fromCatalog();
const sim = startSimulator({
  client,
  prefix: config.mqttTopicPrefix,
  sensors: list,
  intervalMs: Number(values.interval),
  speed: Number(values.speed),
  onError: (err) => console.error('publish failed:', err instanceof Error ? err.message : err),
});
console.log(`simulating ${list.length} sensors on ${url} every ${values.interval} ms (time ×${values.speed}); Ctrl-C stops`);
const stop = async () => {
  sim.stop();
  await client.endAsync();
  console.log(`published ${sim.published()} readings`);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
