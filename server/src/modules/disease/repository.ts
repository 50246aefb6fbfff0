/**
 * The farmer's own diagnosis history: each successful detection is kept with a small WebP thumbnail
 * (the photo itself is not). Every read is scoped to the caller, so another user's entry is a 404.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DiseaseHistoryEntry, DiseaseHistoryItem, DiseaseResult } from '../../../../contracts/disease';
import type { Db } from '../../db/client';
import { diseaseDiagnoses } from '../../db/schema';
import { diseaseById } from '../../domain/disease/knowledgeBase';
import { MAX_PIXELS } from '../../domain/disease/imageGuard';

export const THUMBNAIL_SIDE = 160;

/** A ~160 px WebP data URL (EXIF orientation applied); the upload was already checked by analyseLeaf. */
export async function makeThumbnail(image: Buffer): Promise<string> {
  const out = await sharp(image, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
  return `data:image/webp;base64,${out.toString('base64')}`;
}

export async function recordDiagnosis(db: Db, userId: string, result: DiseaseResult, thumbnail: string) {
  await db.insert(diseaseDiagnoses).values({ userId, result, thumbnail });
}

const nameOf = (result: DiseaseResult) =>
  diseaseById(result.diseaseId)?.name ?? { english: result.disease, marathi: result.disease, hindi: result.disease };

export async function listDiagnoses(db: Db, userId: string, page: number, limit: number) {
  const [{ total }] = await db.select({ total: count() }).from(diseaseDiagnoses).where(eq(diseaseDiagnoses.userId, userId));
  const rows = await db
    .select()
    .from(diseaseDiagnoses)
    .where(eq(diseaseDiagnoses.userId, userId))
    .orderBy(desc(diseaseDiagnoses.createdAt), desc(diseaseDiagnoses.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const items: DiseaseHistoryItem[] = rows.map((r) => ({
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    diseaseId: r.result.diseaseId,
    name: nameOf(r.result),
    severity: r.result.severity,
    thumbnail: r.thumbnail,
  }));
  return { items, pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findDiagnosis(db: Db, userId: string, id: string): Promise<DiseaseHistoryEntry | null> {
  if (!UUID.test(id)) return null;
  const [r] = await db
    .select()
    .from(diseaseDiagnoses)
    .where(and(eq(diseaseDiagnoses.id, id), eq(diseaseDiagnoses.userId, userId)));
  return r ? { _id: r.id, createdAt: r.createdAt.toISOString(), thumbnail: r.thumbnail, result: r.result } : null;
}
