/**
 * The app's own MQTT account: MQTT_USERNAME and MQTT_PASSWORD, or, when no password is configured, one
 * generated on first run and kept in the database (app_secrets 'mqtt'), like the JWT signing key. The same
 * secret derives the demo's simulated device keys (deviceKeys.demoDeviceKey).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

export type MqttAppCredentials = { username: string; password: string };

export async function mqttAppCredentials(db: Db, config: { mqttUsername: string; mqttPassword?: string }): Promise<MqttAppCredentials> {
  if (config.mqttPassword) return { username: config.mqttUsername, password: config.mqttPassword };
  // Two instances starting together both try; the first insert wins and both read it back.
  await db.insert(appSecrets).values({ key: 'mqtt', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, 'mqtt'));
  return { username: config.mqttUsername, password: row.value };
}
