/**
 * npm run mqtt:acl -- --out <dir> [--listener "1883 0.0.0.0"]
 *
 * Writes the Mosquitto password file (`passwd`), ACL file (`acl`) and settings (`shetmitra.conf`) for an
 * external broker (MQTT_URL) from the device registry in the configured database (docs/security.md
 * "MQTT devices"). The files hold hashes only; they are written readable by their owner alone. Rerun it after
 * device keys are issued or revoked and reload Mosquitto (`kill -HUP`). The app's account is MQTT_USERNAME
 * with MQTT_PASSWORD (or the password the app generated into the database).
 * With the embedded PGlite database, stop the app first (its data folder opens in one process at a time).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { mqttAppCredentials } from '../realtime/mqtt/appCredentials';
import { mosquittoConf, mosquittoFiles } from '../realtime/mqtt/mosquittoFiles';

const { values } = parseArgs({ options: { out: { type: 'string' }, listener: { type: 'string' } } });
if (!values.out) {
  process.stderr.write('usage: npm run mqtt:acl -- --out <dir> [--listener "1883 0.0.0.0"]\n');
  process.exit(2);
}
const out = resolve(values.out);
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 1 } : { dataDir: config.dataDir });
try {
  await database.migrate();
  const app = await mqttAppCredentials(database.db, config);
  const files = await mosquittoFiles(database.db, { prefix: config.mqttTopicPrefix, appUsername: app.username, appPassword: app.password });
  mkdirSync(out, { recursive: true });
  const write = (name: string, text: string) => {
    writeFileSync(join(out, name), text, { mode: 0o600 });
    chmodSync(join(out, name), 0o600);
  };
  write('passwd', files.passwd);
  write('acl', files.acl);
  write('shetmitra.conf', mosquittoConf({ passwdPath: join(out, 'passwd'), aclPath: join(out, 'acl'), maxPacketBytes: config.mqttMaxPacketBytes, listener: values.listener }));
  process.stdout.write(`Wrote ${out}/passwd, acl and shetmitra.conf: the app account "${app.username}" and ${files.devices} devices.\n`);
  for (const s of files.skipped) process.stdout.write(`  left out ${s.sensorId}: ${s.reason}\n`);
} finally {
  await database.close();
}
