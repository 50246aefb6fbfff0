/**
 * The secret box (lib/secretBox.ts) keyed by APP_SECRET (lib/appSecret.ts), checked against the database
 * before anything uses it, and the move of plain-text TOTP secrets to their encrypted form.
 *
 * The check: app_secrets holds a value sealed with the key the database's secrets are encrypted with. A
 * different APP_SECRET cannot open it and the server refuses to start, saying so, instead of failing every
 * two-factor sign-in later.
 */
import fp from 'fastify-plugin';
import { and, eq, like, not } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appSecrets, twoFactor } from '../db/schema';
import { resolveAppSecret } from '../lib/appSecret';
import { SecretBoxError, createSecretBox, type SecretBox } from '../lib/secretBox';

declare module 'fastify' {
  interface FastifyInstance {
    secretBox: SecretBox;
  }
}

const CHECK_KEY = 'app-secret-check';
const CHECK_TEXT = 'shetmitra app secret check';

/** The context a user's TOTP secret is sealed with: it opens on that user's row only. */
export const totpContext = (userId: string) => `totp:${userId}`;

export async function assertKeyMatches(db: Db, box: SecretBox) {
  await db.insert(appSecrets).values({ key: CHECK_KEY, value: box.seal(CHECK_TEXT, CHECK_KEY) }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, CHECK_KEY));
  try {
    if (box.open(row.value, CHECK_KEY) === CHECK_TEXT) return;
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
  }
  throw new Error(
    'APP_SECRET does not match the key this database\'s secrets were encrypted with. Start with the APP_SECRET (or DATA_DIR/app-secret) used before; the two-factor secrets cannot be read without it.',
  );
}

/** Seals every TOTP secret still stored in plain text. Idempotent; a row changed meanwhile is left to the next start. */
export async function sealPlainTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.select({ userId: twoFactor.userId, secret: twoFactor.secret }).from(twoFactor).where(not(like(twoFactor.secret, 'v1.%')));
  let sealed = 0;
  for (const row of rows) {
    if (box.isSealed(row.secret)) continue;
    const done = await db
      .update(twoFactor)
      .set({ secret: box.seal(row.secret, totpContext(row.userId)) })
      .where(and(eq(twoFactor.userId, row.userId), eq(twoFactor.secret, row.secret)))
      .returning({ userId: twoFactor.userId });
    sealed += done.length;
  }
  return sealed;
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const box = createSecretBox(resolveAppSecret(config, app.log));
    await assertKeyMatches(app.db, box);
    const sealed = await sealPlainTotpSecrets(app.db, box);
    if (sealed) app.log.info({ sealed }, 'two-factor secrets encrypted');
    app.decorate('secretBox', box);
  },
  { name: 'secrets', dependencies: ['db'] },
);
