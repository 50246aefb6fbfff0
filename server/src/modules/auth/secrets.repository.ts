/** SQL for app_secrets: a secret generated once and kept, so every app instance and every restart agrees on it. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

/** The stored value of `key`, storing `candidate` first if there is none yet (the first instance wins). */
export async function keptSecret(db: Db, key: string, candidate: string) {
  await db.insert(appSecrets).values({ key, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  return row.value;
}
