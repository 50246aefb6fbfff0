/** SQL for recommendations, always limited to the fields the caller may reach (lib/access fieldScope). */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiRecommendations, fields, sensorRollupsHourly } from '../../db/schema';
import { fieldScope, type AuthUser } from '../../lib/access';
import type { Recommendation } from '../../../../contracts/recommendations';

const columns = {
  rec: aiRecommendations,
  fieldName: fields.name,
  fieldCode: fields.fieldId,
};

type Row = { rec: typeof aiRecommendations.$inferSelect; fieldName: string; fieldCode: string };

export const toItem = ({ rec, fieldName, fieldCode }: Row): Recommendation => ({
  _id: rec.id,
  fieldId: rec.fieldId,
  fieldName,
  fieldCode,
  cropName: rec.cropName,
  season: rec.season,
  status: rec.status,
  confidence: rec.confidence,
  expectedYield: rec.expectedYield,
  yieldUnit: rec.yieldUnit,
  plantingDate: rec.plantingDate,
  marketConditions: { currentPrice: rec.currentPrice },
  riskFactors: rec.riskFactors as Recommendation['riskFactors'],
  recommendations: rec.recommendations as Recommendation['recommendations'],
  createdAt: rec.createdAt.toISOString(),
});

export async function listRecommendations(db: Db, user: AuthUser, fieldId?: string) {
  const rows = await db
    .select(columns)
    .from(aiRecommendations)
    .innerJoin(fields, eq(fields.id, aiRecommendations.fieldId))
    .where(and(fieldScope(user), fieldId ? eq(aiRecommendations.fieldId, fieldId) : undefined))
    .orderBy(desc(aiRecommendations.createdAt), desc(aiRecommendations.confidence));
  return rows.map(toItem);
}

export async function findRecommendation(db: Db, user: AuthUser, id: string) {
  const [row] = await db
    .select(columns)
    .from(aiRecommendations)
    .innerJoin(fields, eq(fields.id, aiRecommendations.fieldId))
    .where(and(eq(aiRecommendations.id, id), fieldScope(user)))
    .limit(1);
  return row;
}

export async function recommendationStats(db: Db, user: AuthUser) {
  const [row] = await db
    .select({
      total: count(),
      implemented: sql<number>`count(*) filter (where ${aiRecommendations.status} = 'implemented')`.mapWith(Number),
    })
    .from(aiRecommendations)
    .innerJoin(fields, eq(fields.id, aiRecommendations.fieldId))
    .where(fieldScope(user));
  const total = row?.total ?? 0;
  const implemented = row?.implemented ?? 0;
  return { total, implemented, implementationRate: total ? Math.round((implemented / total) * 1000) / 10 : 0 };
}

/** Average soil moisture (%) of the field over the last week of readings (hourly rollups), or null with none. */
export async function recentMoisture(db: Db, fieldId: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - 7 * 86_400_000 - 3_600_000);
  const [row] = await db
    .select({ value: sql<number | null>`sum(${sensorRollupsHourly.sum}) / nullif(sum(${sensorRollupsHourly.count}), 0)`.mapWith(Number) })
    .from(sensorRollupsHourly)
    .where(and(eq(sensorRollupsHourly.fieldId, fieldId), eq(sensorRollupsHourly.type, 'moisture'), gt(sensorRollupsHourly.bucket, since)));
  return row?.value == null || Number.isNaN(row.value) ? null : row.value;
}

/**
 * Moves a recommendation from the status it was read with to `to`, decided by `actorId`. The status read is
 * part of the condition, so two staff deciding at once cannot both win: undefined for the loser.
 */
export async function moveStatus(db: Db, id: string, from: Recommendation['status'], to: Recommendation['status'], actorId: string) {
  const [rec] = await db
    .update(aiRecommendations)
    .set({ status: to, decidedBy: actorId, updatedAt: new Date() })
    .where(and(eq(aiRecommendations.id, id), eq(aiRecommendations.status, from)))
    .returning();
  return rec;
}

export async function insertRecommendations(db: Db, rows: (typeof aiRecommendations.$inferInsert)[]) {
  return db.insert(aiRecommendations).values(rows).returning();
}
