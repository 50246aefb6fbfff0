/** The signed-in user's preferred language (users.preferred_language), for texts the server writes. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Lang } from '../domain/language';

export async function preferredLanguage(db: Db, userId: string): Promise<Lang> {
  const [row] = await db.select({ lang: users.preferredLanguage }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.lang ?? 'marathi';
}
