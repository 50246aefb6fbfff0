/**
 * `npm run mqtt:acl` end to end: the CLI writes passwd, acl and shetmitra.conf from a registry, a real
 * Mosquitto runs on exactly that configuration, and then a device publishes to its own topic (which the app's
 * account receives) but not to another sensor's, and an anonymous client is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { sensors } from '../../../server/src/db/schema';
import { readingsFilter, readingsTopic } from '../../../server/src/domain/ingest/topic';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { liveFixture } from './db';
import { pgliteFolder } from '../support/templates';
import { MOSQUITTO_BIN } from './mosquitto';
import { freePort } from './ports';

const cli = fileURLToPath(new URL('../../../server/src/cli/mqttAcl.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mqtt-acl-cli-'));
const out = join(dir, 'mosquitto');
const prefix = `cli-${randomBytes(3).toString('hex')}`;
const APP = { username: 'ingest-app', password: randomBytes(24).toString('base64url') };
let fx: Awaited<ReturnType<typeof liveFixture>>;
const keys: Record<string, string> = {};
let port: number;
let broker: ChildProcess | undefined;
let cliOutput = '';

beforeAll(async () => {
  const d = await pgliteFolder('empty', join(dir, 'data'));
  try {
    fx = await liveFixture(d.db);
    for (const s of [fx.moisture, fx.temperature]) {
      const k = newDeviceKey(s.id);
      keys[s.id] = k.key;
      await d.db.update(sensors).set({ deviceKeyHash: k.hash }).where(eq(sensors.id, s.id));
    }
  } finally {
    await d.close();
  }
  port = await freePort();
  cliOutput = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, '--out', out, '--listener', `${port} 127.0.0.1`],
      { env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '', MQTT_TOPIC_PREFIX: prefix, MQTT_USERNAME: APP.username, MQTT_PASSWORD: APP.password } },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
  // The generated settings as they are; only the user to run as is added (the test runs as root, and
  // Mosquitto would otherwise drop to `mosquitto`, who cannot read the owner-only files).
  writeFileSync(join(dir, 'main.conf'), `user ${userInfo().username}\npersistence false\n${readFileSync(join(out, 'shetmitra.conf'), 'utf8')}`);
  broker = spawn(MOSQUITTO_BIN, ['-c', join(dir, 'main.conf')], { stdio: 'ignore' });
  const end = Date.now() + 10_000;
  while (
    !(await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => s.end(() => resolve(true)));
      s.once('error', () => resolve(false));
    }))
  ) {
    if (Date.now() > end || broker.exitCode !== null) throw new Error('mosquitto did not start on the generated configuration');
    await new Promise((r) => setTimeout(r, 50));
  }
}, 90_000);
afterAll(async () => {
  if (broker && broker.exitCode === null) {
    const exited = new Promise((r) => broker!.once('exit', r));
    broker.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run mqtt:acl', () => {
  it('writes owner-only files naming the app and each device', () => {
    expect(cliOutput).toMatch(/"ingest-app" and 2 devices/);
    for (const f of ['passwd', 'acl', 'shetmitra.conf']) expect(statSync(join(out, f)).mode & 0o077).toBe(0);
    const acl = readFileSync(join(out, 'acl'), 'utf8');
    expect(acl).toContain(`user ${fx.moisture.sensorId}\ntopic write ${readingsTopic(prefix, fx.field.id, fx.moisture.sensorId)}`);
    expect(acl).not.toMatch(/^pattern|^topic (read|readwrite) #/m);
    expect(readFileSync(join(out, 'passwd'), 'utf8')).not.toContain(keys[fx.moisture.id]);
  });

  it('configures a Mosquitto that takes a device’s own readings only, for the app’s account, and refuses strangers', async () => {
    const url = `mqtt://127.0.0.1:${port}`;
    await expect(mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toThrow(/not authori[sz]ed|bad user/i);
    const app = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...APP });
    const device = await mqtt.connectAsync(url, { reconnectPeriod: 0, username: fx.moisture.sensorId, password: keys[fx.moisture.id] });
    try {
      const got: string[] = [];
      app.on('message', (topic) => got.push(topic));
      await app.subscribeAsync(readingsFilter(prefix), { qos: 1 });
      const own = readingsTopic(prefix, fx.field.fieldId, fx.moisture.sensorId);
      const other = readingsTopic(prefix, fx.field.id, fx.temperature.sensorId);
      await device.publishAsync(other, JSON.stringify({ sensorId: fx.temperature.sensorId, type: 'temperature', value: 60 }), { qos: 1 });
      await device.publishAsync(own, JSON.stringify({ sensorId: fx.moisture.sensorId, type: 'moisture', value: 30 }), { qos: 1 });
      const until = Date.now() + 5000;
      while (got.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([own]);
    } finally {
      await device.endAsync(true);
      await app.endAsync(true);
    }
  });
});
