/**
 * The land health report: what it is built from (rating tables, crops, sources), the report itself in the
 * asked language (else the caller's), and its PDF. Nothing is stored, so the module has no repository.
 */
import type { LandReportRequest } from '../../../../contracts/land';
import type { Db } from '../../db/client';
import { CROPS, CROPS_SOURCE } from '../../domain/land/cropSuitability';
import { REGIONS_SOURCE } from '../../domain/land/regions';
import { buildLandReport, type LandReport } from '../../domain/land/report';
import { renderLandReportPdf } from '../../domain/land/reportPdf';
import { DEFAULT_STATE, RATING_TABLES } from '../../domain/land/soilRating';
import type { AuthUser } from '../../lib/access';
import { preferredLanguage } from '../userLanguage';

export function basis() {
  return {
    defaultState: DEFAULT_STATE,
    ratingTables: Object.entries(RATING_TABLES).map(([state, t]) => ({ state, name: t.name, source: t.source })),
    crops: CROPS.map((c) => c.id),
    sources: [CROPS_SOURCE, REGIONS_SOURCE],
  };
}

export async function report(db: Db, user: AuthUser, body: LandReportRequest) {
  const lang = body.language ?? (await preferredLanguage(db, user.id));
  return { success: true, report: buildLandReport(body, lang, new Date()) };
}

/** The PDF of a report the client already has (the schema has checked its shape). */
export function reportPdf(report: LandReport) {
  return renderLandReportPdf(report);
}
