/** SQL for a user's TOTP secret and backup codes. */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupCodes, twoFactor } from '../../db/schema';

export async function findTwoFactor(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new pending secret (not yet enabled) and a fresh set of backup codes, replacing any old ones. */
export async function savePendingSetup(db: Db, userId: string, secret: string, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx
      .insert(twoFactor)
      .values({ userId, secret, enabled: false })
      .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabled: false, lastUsedStep: null, enabledAt: null } });
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function replaceBackupCodes(db: Db, userId: string, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

const sqlStepBefore = (step: number) => sql`(${twoFactor.lastUsedStep} is null or ${twoFactor.lastUsedStep} < ${step})`;

/**
 * Records an accepted TOTP step, only if it is later than the last one: two concurrent requests
 * with the same code cannot both win.
 */
export async function acceptStep(db: Db, userId: string, step: number, enable: boolean): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, ...(enable ? { enabled: true, enabledAt: new Date() } : {}) })
    .where(and(eq(twoFactor.userId, userId), sqlStepBefore(step)))
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/** Spends an unused backup code; false when it was never issued or already used. */
export async function spendBackupCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return rows.length === 1;
}

export async function countUnusedBackupCodes(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row.n;
}

export async function removeTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}
