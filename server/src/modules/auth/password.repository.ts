/** SQL for passwords: the hash, and the single-use reset links (only their SHA-256 is stored). */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';

export async function passwordOwner(db: Db, userId: string) {
  const [row] = await db.select({ hash: users.passwordHash, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select({ id: users.id, name: users.name, status: users.status }).from(users).where(eq(users.email, email));
  return user;
}

/** Reset mails (not invitations) sent to this account in the last hour (counted in the database, so every app process agrees). */
export async function resetMailsInLastHour(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.purpose, 'reset'),
        gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
      ),
    );
  return row.n;
}

const usable = (tokenHash: string) => and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));

/** Whose unused, unexpired link this is (their e-mail and name, for the password rules). */
export async function resetLinkOwner(db: Db, tokenHash: string) {
  const [owner] = await db
    .select({ email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usable(tokenHash));
  return owner;
}

/** Claims the link and sets the password together, or neither; the user's id, or null if the link was gone. */
export async function claimResetLink(db: Db, tokenHash: string, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(usable(tokenHash))
      .returning({ userId: passwordResets.userId });
    if (!claimed) return null;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, claimed.userId));
    return claimed.userId;
  });
}

/** Cancels the person's unused links (only the newest link works). */
export async function cancelUnusedLinks(db: Db, userId: string) {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertLinks(db: Db, rows: (typeof passwordResets.$inferInsert)[]) {
  await db.insert(passwordResets).values(rows);
}
