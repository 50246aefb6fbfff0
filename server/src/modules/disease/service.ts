/**
 * Leaf disease detection and the farmer's own diagnosis history. The photo is analysed in memory and never
 * stored; each successful detection is kept (repository.ts) with a small WebP thumbnail made from it.
 * Every read is scoped to the caller, so another user's entry is a 404.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DiseaseHistoryEntry, DiseaseHistoryItem, DiseaseResult } from '../../../../contracts/disease';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Lang } from '../../domain/language';
import { DISEASE_SOURCE, DISEASES, diseaseById } from '../../domain/disease/knowledgeBase';
import { SEVERITY_BANDS } from '../../domain/disease/severity';
import { isUuid, type AuthUser } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { preferredLanguage } from '../userLanguage';
import { createAnalysisPool } from './analysisPool';
import * as repo from './repository';

export { makeThumbnail, THUMBNAIL_SIDE } from './thumbnail';

const nameOf = (result: DiseaseResult) =>
  diseaseById(result.diseaseId)?.name ?? { english: result.disease, marathi: result.disease, hindi: result.disease };

/**
 * The configured leaf classifier (a model when one loads, else colour analysis, which says so), run in worker
 * threads (analysisPool.ts): the analysis and the thumbnail never block the event loop. `close()` stops them.
 */
export function createDiseaseService(config: Config, log: FastifyBaseLogger) {
  const pool = createAnalysisPool({ size: config.diseaseWorkers, diseaseModelPath: config.diseaseModelPath, diseaseLabelsPath: config.diseaseLabelsPath });
  // The workers start once the server listens (warm), or with the first photo or catalogue asked of an app that does
  // not listen (the server tests' injected requests), and say once whether the configured model loaded.
  let said = false;
  const started = async () => {
    const readiness = await pool.start();
    if (readiness.loadError && !said) log.error({ err: { message: readiness.loadError } }, 'disease model could not be loaded; using colour analysis');
    said = true;
    return readiness;
  };
  return {
    close: () => pool.close(),
    /** Starts the workers in the background (the server calls it once it is listening). */
    warm: () => void started().catch((err: unknown) => log.error({ err }, 'leaf analysis workers did not start')),
    /** The knowledge base: the method in use, its source, the severity bands and the diseases. */
    catalogue: async () => ({
      method: (await started()).method,
      source: DISEASE_SOURCE,
      severityBands: SEVERITY_BANDS.map((b) => ({ grade: b.grade, upToPercent: Number.isFinite(b.below) ? b.below * 100 : null })),
      diseases: DISEASES.map(({ id, pattern, crops, scientificName, name }) => ({ id, pattern, crops, scientificName, name })),
    }),

    /** Analyses the photo in the asked language (else the caller's); the row is written only for a result. */
    async detect(db: Db, user: AuthUser, image: Buffer, opts: { lang?: Lang; crop?: string }) {
      const lang = opts.lang ?? (await preferredLanguage(db, user.id));
      void started().catch(() => {});
      const { result, thumbnail } = await pool.analyse(image, { lang, crop: opts.crop });
      const diagnosisId = await repo.recordDiagnosis(db, user.id, result, thumbnail);
      return { ...result, diagnosisId };
    },
  };
}

export async function listDiagnoses(db: Db, user: AuthUser, page: number, limit: number) {
  const { rows, total } = await repo.listDiagnoses(db, user.id, page, limit);
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

/** Only the caller's own entries exist for them: someone else's id answers exactly like a missing one. */
export async function diagnosis(db: Db, user: AuthUser, id: string): Promise<DiseaseHistoryEntry> {
  const r = isUuid(id) ? await repo.findDiagnosis(db, user.id, id) : undefined;
  if (!r) throw notFound();
  return { _id: r.id, createdAt: r.createdAt.toISOString(), thumbnail: r.thumbnail, result: r.result };
}
