/**
 * SQL on the users table for the /auth routes: finding the caller or a signing-in user, registering a user,
 * saving profile edits, and the fields the profile lists.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, users } from '../../db/schema';
import { fieldScope, type AuthUser } from '../../lib/access';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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
export async function updateUser(db: Db, id: string, patch: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Whether any account holds this e-mail. */
export async function emailExists(db: Db, email: string) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return !!existing;
}

/** The id of the Active coordinator with this id, or undefined. */
export async function activeCoordinatorId(db: Db, id: string) {
  const [coordinator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'coordinator'), eq(users.status, 'Active')))
    .limit(1);
  return coordinator?.id;
}

/** The new user's row; a unique-index clash (the e-mail) rejects (23505). */
export async function insertUser(db: Db, values: NewUser) {
  const [created] = await db.insert(users).values(values).returning();
  return created;
}

/** Stamps the sign-in time; the fresh row. */
export async function touchLastActive(db: Db, id: string) {
  const [fresh] = await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, id)).returning();
  return fresh;
}

/** The fields the caller may see, by name (at most 500). */
export function fieldsInReach(db: Db, caller: AuthUser) {
  return db.select().from(fields).where(fieldScope(caller)).orderBy(asc(fields.name)).limit(500);
}
