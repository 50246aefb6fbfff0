/** Satellite field registrations: one per user and coordinate pair (unique index ndvi_fields_user_position_key). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ndviFields } from '../../db/schema';

export async function findRegistration(db: Db, userId: string, lat: number, lon: number) {
  const [row] = await db
    .select()
    .from(ndviFields)
    .where(and(eq(ndviFields.userId, userId), eq(ndviFields.lat, lat), eq(ndviFields.lon, lon)))
    .limit(1);
  return row;
}

export async function insertRegistration(
  db: Db,
  r: { userId: string; lat: number; lon: number; radius: number; name: string; provider: string; providerFieldId: string | null },
) {
  // Two tabs registering the same spot at once: the second insert yields and reads the first.
  const [row] = await db.insert(ndviFields).values(r).onConflictDoNothing().returning();
  return row ?? (await findRegistration(db, r.userId, r.lat, r.lon))!;
}

export async function registrationOf(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(ndviFields).where(and(eq(ndviFields.id, id), eq(ndviFields.userId, userId))).limit(1);
  return row;
}
