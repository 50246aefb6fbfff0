/**
 * The server's VAPID key pair (Web Push): VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY when both are set; otherwise
 * generated on first start and kept in app_secrets like the JWT signing key, shared by every app instance.
 * The private key is sealed with APP_SECRET (lib/secretBox.ts), so a copy of the database alone cannot sign.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';
import type { SecretBox } from '../../lib/secretBox';
import { generateVapidKeys, type VapidKeys } from '../../providers/push/webPush';

const KEY = 'vapid';

export async function vapidKeys(db: Db, box: SecretBox, config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject'>): Promise<VapidKeys> {
  const subject = config.vapidSubject;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  if (config.vapidPublicKey || config.vapidPrivateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  const fresh = generateVapidKeys();
  // Two instances starting together: the first key pair written wins, and both read it back.
  await db
    .insert(appSecrets)
    .values({ key: KEY, value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: box.seal(fresh.privateKey, KEY) }) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, KEY));
  const stored = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: box.open(stored.privateKey, KEY), subject };
}
