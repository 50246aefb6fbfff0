/** SQL for one-time codes sent by SMS: sign-in codes and password-reset codes (`purpose`). */
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mobileOtps } from '../../db/schema';

export type SmsCodePurpose = 'login' | 'reset';

/** Every code sent to the number, whatever it was for: the per-number cap guards one phone's SMS budget. */
export async function countRecentOtps(db: Db, phoneNumber: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(mobileOtps.createdAt) })
    .from(mobileOtps)
    .where(and(eq(mobileOtps.phoneNumber, phoneNumber), gt(mobileOtps.createdAt, since)));
  return row;
}

/** A new code replaces any earlier unused one for the number and purpose. */
export async function saveOtp(db: Db, phoneNumber: string, codeHash: string, expiresAt: Date, purpose: SmsCodePurpose = 'login') {
  await db.transaction(async (tx) => {
    await tx
      .update(mobileOtps)
      .set({ consumedAt: new Date() })
      .where(and(eq(mobileOtps.phoneNumber, phoneNumber), eq(mobileOtps.purpose, purpose), isNull(mobileOtps.consumedAt)));
    await tx.insert(mobileOtps).values({ phoneNumber, codeHash, expiresAt, purpose });
  });
}

export async function latestLiveOtp(db: Db, phoneNumber: string, now: Date, purpose: SmsCodePurpose = 'login') {
  const [row] = await db
    .select()
    .from(mobileOtps)
    .where(and(eq(mobileOtps.phoneNumber, phoneNumber), eq(mobileOtps.purpose, purpose), isNull(mobileOtps.consumedAt), gt(mobileOtps.expiresAt, now)))
    .orderBy(desc(mobileOtps.createdAt))
    .limit(1);
  return row;
}

/** Counts a guess; the row is burnt when it reaches the limit. Returns attempts so far. */
export async function countAttempt(db: Db, id: string, maxAttempts: number) {
  const [row] = await db
    .update(mobileOtps)
    .set({
      attempts: sql`${mobileOtps.attempts} + 1`,
      consumedAt: sql`case when ${mobileOtps.attempts} + 1 >= ${maxAttempts} then now() else ${mobileOtps.consumedAt} end`,
    })
    .where(eq(mobileOtps.id, id))
    .returning({ attempts: mobileOtps.attempts });
  return row?.attempts ?? maxAttempts;
}

/** Spends the code; false if a concurrent request already did. */
export async function consumeOtp(db: Db, id: string) {
  const rows = await db
    .update(mobileOtps)
    .set({ consumedAt: new Date() })
    .where(and(eq(mobileOtps.id, id), isNull(mobileOtps.consumedAt)))
    .returning({ id: mobileOtps.id });
  return rows.length === 1;
}
