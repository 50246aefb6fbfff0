/** GPS field locations inside the caller's reach, and weather stations, with great-circle distances. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fields, gpsFieldLocations, weatherStations } from '../../db/schema';
import { fieldScope, type AuthUser } from '../../lib/access';
import { distanceKm } from '../../domain/land/regions';
import type { FieldLocation } from '../../../../contracts/gpsMapping';

type Row = typeof gpsFieldLocations.$inferSelect;
export type NewLocation = typeof gpsFieldLocations.$inferInsert;

const ACRES_PER = { acres: 1, hectares: 2.471, sq_meters: 1 / 4046.86 } as const;

export const toLocation = (r: Row): FieldLocation => ({
  _id: r.id,
  fieldId: r.fieldId,
  name: r.name,
  status: r.status,
  location: { type: 'Point', coordinates: [r.lng, r.lat] },
  area: { value: r.areaValue, unit: r.areaUnit },
  elevation: { value: r.elevation, unit: 'meters' },
  soilType: r.soilType,
  irrigationType: r.irrigationType,
  metadata: r.metadata,
  accuracy: r.accuracy,
  lastSurvey: { date: r.lastSurveyAt?.toISOString() ?? null, method: r.surveyMethod },
});

export async function locationsFor(db: Db, user: AuthUser): Promise<Row[]> {
  const rows = await db
    .select({ loc: gpsFieldLocations })
    .from(gpsFieldLocations)
    .innerJoin(fields, eq(fields.id, gpsFieldLocations.fieldId))
    .where(fieldScope(user))
    .orderBy(gpsFieldLocations.name);
  return rows.map((r) => r.loc);
}

export async function locationOfField(db: Db, fieldId: string) {
  const [row] = await db.select().from(gpsFieldLocations).where(eq(gpsFieldLocations.fieldId, fieldId)).limit(1);
  return row;
}

/** A new survey row; the field's own lat/lng is written by the caller in the same transaction (movePin). */
export async function insertLocation(db: Db, values: NewLocation) {
  const [inserted] = await db.insert(gpsFieldLocations).values(values).returning();
  return inserted;
}

/** Moves the field's own pin (its one location). */
export async function movePin(db: Db, fieldId: string, lat: number, lng: number) {
  await db.update(fields).set({ lat, lng, updatedAt: new Date() }).where(eq(fields.id, fieldId));
}

/**
 * Totals over the caller's mapped fields: count, area in acres, mean elevation of those that have one — summed by
 * the database (the screen loads them for every caller; reading every row to add it up here cost ~40× more).
 */
export async function statistics(db: Db, user: AuthUser) {
  const perAcre = sql`case ${gpsFieldLocations.areaUnit} when 'hectares' then ${ACRES_PER.hectares}::float8 when 'sq_meters' then ${ACRES_PER.sq_meters}::float8 else 1.0::float8 end`;
  const [row] = await db
    .select({
      totalFields: sql<number>`count(*)::int`,
      totalArea: sql<number>`coalesce(sum(coalesce(${gpsFieldLocations.areaValue}, 0) * ${perAcre}), 0)::float8`,
      avgElevation: sql<number | null>`avg(${gpsFieldLocations.elevation})::float8`,
    })
    .from(gpsFieldLocations)
    .innerJoin(fields, eq(fields.id, gpsFieldLocations.fieldId))
    .where(fieldScope(user));
  return {
    totalFields: row.totalFields,
    totalArea: Math.round(row.totalArea * 100) / 100,
    avgElevation: row.avgElevation == null ? 0 : Math.round(row.avgElevation * 10) / 10,
  };
}

export function nearby(rows: Row[], lat: number, lng: number, radiusKm: number) {
  return rows
    .map((r) => ({ r, km: distanceKm(lat, lng, r.lat, r.lng) }))
    .filter((x) => x.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .map((x) => ({ ...toLocation(x.r), distanceKm: Math.round(x.km * 100) / 100 }));
}

export async function stationsNear(db: Db, lat: number, lng: number, radiusKm: number) {
  const rows = await db.select().from(weatherStations);
  return rows
    .map((s) => ({ s, km: distanceKm(lat, lng, s.lat, s.lng) }))
    .filter((x) => x.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .map(({ s, km }) => ({
      _id: s.id,
      stationId: s.stationId,
      name: s.name,
      location: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
      temperature: s.temperature,
      humidity: s.humidity,
      observedAt: s.observedAt?.toISOString() ?? null,
      distanceKm: Math.round(km * 100) / 100,
    }));
}

