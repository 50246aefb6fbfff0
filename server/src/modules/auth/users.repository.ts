/** SQL on the users table for the /auth routes: finding the caller or a signing-in user, and saving profile edits. */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function userById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The Active user with this phone number (OTP sign-in), or undefined. */
export async function activeUserByPhone(db: Db, phoneNumber: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.status, 'Active')));
  return user;
}

/** Whether another account than `exceptId` holds this e-mail. */
export async function emailHeldByOther(db: Db, email: string, exceptId: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)));
  return !!taken;
}

/** Saves profile edits; the saved row, or undefined if the user is gone. A unique-index clash rejects (23505). */
export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
