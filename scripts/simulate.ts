/**
 * npm run simulate — publishes realistic readings for the demo fields' sensors over MQTT, each sensor signed
 * in with its own device key, as a real device would.
 *
 *   npm run simulate -- [--url mqtt://127.0.0.1:1884] [--interval 5000] [--speed 60]
 *
 * The broker is MQTT_URL, else the app's embedded broker on MQTT_HOST:MQTT_PORT. With DATABASE_URL the
 * sensors come from PostgreSQL and their keys are derived from the app's MQTT secret (MQTT_PASSWORD, or the one
 * the app generated into the database); sensors whose key staff issued themselves are left out. Without it, from
 * the list a running demo app writes to DATA_DIR/demo-devices.json (the embedded PGlite database belongs to
 * the running app and cannot be opened twice).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { mqttAppCredentials } from '../server/src/realtime/mqtt/appCredentials';
import { demoDevices } from '../server/src/sim/demoDevices';
import { DEMO_DEVICES_FILE, startSimulator, type SimDevice } from '../server/src/sim/simulator';

const { values } = parseArgs({
  options: { url: { type: 'string' }, interval: { type: 'string', default: '5000' }, speed: { type: 'string', default: '60' } },
});
const config = loadConfig();

async function fromDatabase(databaseUrl: string): Promise<SimDevice[]> {
  const d = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    const { password } = await mqttAppCredentials(d.db, config);
    const { devices, skipped } = await demoDevices(d.db, password, { issueMissing: false });
    if (skipped > 0) console.log(`${skipped} sensors have a key staff issued (or none): not simulated`);
    return devices;
  } finally {
    await d.close();
  }
}

function fromDemoFile(): { devices: SimDevice[]; url?: string } {
  const file = join(config.dataDir, DEMO_DEVICES_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { devices: SimDevice[]; url?: string };
  } catch {
    throw new Error(`no device list in ${file}: is the app running in demo mode with this DATA_DIR?`);
  }
}

const listed = config.databaseUrl ? { devices: await fromDatabase(config.databaseUrl), url: undefined } : fromDemoFile();
const url = values.url ?? config.mqttUrl ?? listed.url ?? `mqtt://127.0.0.1:${config.mqttPort}`;
const sim = startSimulator({
  url,
  prefix: config.mqttTopicPrefix,
  sensors: listed.devices,
  intervalMs: Number(values.interval),
  speed: Number(values.speed),
  onError: (err) => console.error('publish failed:', err instanceof Error ? err.message : err),
});
console.log(`simulating ${listed.devices.length} sensors on ${url} every ${values.interval} ms (time ×${values.speed}); Ctrl-C stops`);
const stop = async () => {
  await sim.stop();
  console.log(`published ${sim.published()} readings`);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
