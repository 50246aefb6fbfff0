/** SQL for the farmer's own diagnosis history (disease_diagnoses): every read is limited to the caller's rows. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { DiseaseResult } from '../../../../contracts/disease';
import type { Db } from '../../db/client';
import { diseaseDiagnoses } from '../../db/schema';

/** Keeps a diagnosis and answers its id (the farmer may rate the result by it). */
export async function recordDiagnosis(db: Db, userId: string, result: DiseaseResult, thumbnail: string): Promise<string> {
  const [row] = await db.insert(diseaseDiagnoses).values({ userId, result, thumbnail }).returning({ id: diseaseDiagnoses.id });
  return row.id;
}

/** One page of the user's diagnoses, newest first, and how many there are in all. */
export async function listDiagnoses(db: Db, userId: string, page: number, limit: number) {
  const [{ total }] = await db.select({ total: count() }).from(diseaseDiagnoses).where(eq(diseaseDiagnoses.userId, userId));
  const rows = await db
    .select()
    .from(diseaseDiagnoses)
    .where(eq(diseaseDiagnoses.userId, userId))
    .orderBy(desc(diseaseDiagnoses.createdAt), desc(diseaseDiagnoses.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total };
}

/** The user's own diagnosis with this id (a UUID), or undefined. */
export async function findDiagnosis(db: Db, userId: string, id: string) {
  const [r] = await db
    .select()
    .from(diseaseDiagnoses)
    .where(and(eq(diseaseDiagnoses.id, id), eq(diseaseDiagnoses.userId, userId)));
  return r;
}
