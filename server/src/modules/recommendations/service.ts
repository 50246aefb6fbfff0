/**
 * Recommendations within the caller's reach: the list, the stats, generating and storing them for one field from
 * its soil, place, season and moisture, and moving one along its lifecycle. The SQL is in repository.ts.
 */
import type { Db } from '../../db/client';
import { loadFieldFor, type AuthUser } from '../../lib/access';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { Recommendation } from '../../../../contracts/recommendations';
import { canMove } from '../../domain/recommendations/lifecycle';
import type { Lang } from '../../domain/language';
import { ECONOMICS_SOURCE, generateRecommendations, METHOD } from '../../domain/recommendations/generate';
import { analyticsChanged } from '../advancedAnalytics/cache';
import { preferredLanguage } from '../userLanguage';
import { findRecommendation, insertRecommendations, listRecommendations, moveStatus, recentMoisture, recommendationStats, toItem } from './repository';
import { recommendationText } from './messages';

type Field = Awaited<ReturnType<typeof loadFieldFor>>;

/** One field's recommendations (404 outside reach), or those of every field in reach. */
export async function list(db: Db, user: AuthUser, fieldRef?: string) {
  if (fieldRef) await loadFieldFor(db, user, fieldRef);
  return { recommendations: await listRecommendations(db, user, fieldRef), method: METHOD, source: ECONOMICS_SOURCE };
}

export async function stats(db: Db, user: AuthUser) {
  return { stats: await recommendationStats(db, user) };
}

/** New recommendations for a field in reach (404 otherwise), in the caller's language. */
export async function generate(db: Db, user: AuthUser, fieldRef: string) {
  const field = await loadFieldFor(db, user, fieldRef);
  const lang = await preferredLanguage(db, user.id);
  return { recommendations: await generateFor(db, user, field, lang), method: METHOD, source: ECONOMICS_SOURCE };
}

const ACRES_PER = { acres: 1, hectares: 2.471, sq_meters: 1 / 4046.86 } as const;

export async function generateFor(db: Db, user: AuthUser, field: Field, lang: Lang, now = new Date()) {
  const { ph, nitrogen, phosphorus, potassium } = field;
  if (ph == null || nitrogen == null || phosphorus == null || potassium == null) {
    throw unprocessable(recommendationText.noSoilTest, { fields: ['ph', 'nitrogen', 'phosphorus', 'potassium'] });
  }
  const generated = generateRecommendations(
    {
      ph,
      nitrogen,
      phosphorus,
      potassium,
      organicMatter: field.organicMatter,
      district: [field.district, field.fullAddress].filter(Boolean).join(' '),
      state: field.addressState,
      lat: field.lat,
      lng: field.lng,
      acres: field.areaValue == null ? null : field.areaValue * ACRES_PER[field.areaUnit],
      moisture: await recentMoisture(db, field.id, now),
    },
    lang,
    now,
  );
  if (generated.length === 0) return [];
  const rows = await insertRecommendations(
    db,
    generated.map((g) => ({
      fieldId: field.id,
      cropName: g.cropName,
      season: g.season,
      confidence: g.confidence,
      expectedYield: g.expectedYield,
      yieldUnit: g.yieldUnit,
      plantingDate: g.plantingDate,
      currentPrice: g.currentPrice,
      riskFactors: g.riskFactors,
      recommendations: g.recommendations,
      createdBy: user.id,
    })),
  );
  // Advanced Analytics lists a field's last recommendations: its kept answers go.
  await analyticsChanged(db, [field.id]);
  return rows.map((rec) => toItem({ rec, fieldName: field.name, fieldCode: field.fieldId }));
}

/** Moves a recommendation within the caller's reach (404 otherwise) along the lifecycle; 409 for a move it forbids or lost. */
export async function changeStatus(db: Db, user: AuthUser, id: string, to: Recommendation['status']) {
  const found = await findRecommendation(db, user, id);
  if (!found) throw notFound();
  if (!canMove(found.rec.status, to)) throw conflict(recommendationText.illegalMove, 'ILLEGAL_STATUS_CHANGE');
  // The status we read is part of the condition, so two staff deciding at once cannot both win.
  const rec = await moveStatus(db, found.rec.id, found.rec.status, to, user.id);
  if (!rec) throw conflict(recommendationText.illegalMove, 'ILLEGAL_STATUS_CHANGE');
  await analyticsChanged(db, [rec.fieldId]);
  return { recommendation: toItem({ ...found, rec }) };
}
