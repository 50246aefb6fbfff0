/**
 * SQL for field lists, field details, field creation and locations. Every read is limited by `fieldScope(user)`.
 */
import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { FieldPin } from '../../../../contracts/fields';
import type { Db } from '../../db/client';
import { cropHistory, fieldFinancials, fieldNotes, fields, gpsFieldLocations, sensors, users } from '../../db/schema';
import { fieldOwnerScope, fieldScope, type AuthUser } from '../../lib/access';
import type { AddFieldPayload } from '../../../../contracts/addField';
import { normaliseCropName } from '../../domain/crops/catalogue';
import { counted, matchesWhenSearching, pageInfo, searchPattern } from '../people/repository';
import { scopeKey, versionStamp, type CountCache, type CountedTable } from '../../lib/countCache';

export type FieldHealthFilter = 'all' | 'good' | 'warning' | 'alert';
export type FieldListQuery = { page: number; limit: number; search?: string; status?: FieldHealthFilter };

/** Area in acres whatever unit it was entered in (the lists show acres). */
const areaInAcres = sql<number | null>`case ${fields.areaUnit}
  when 'hectares' then ${fields.areaValue} * 2.4710538
  when 'sq_meters' then ${fields.areaValue} / 4046.8564
  else ${fields.areaValue} end`;

function listFilter(user: AuthUser, q: FieldListQuery): SQL {
  const parts: (SQL | undefined)[] = [fieldScope(user)];
  if (q.search?.trim()) {
    const pattern = searchPattern(q.search);
    // Both branches on `fields` (the owner's name through their ids), so each uses its trigram index
    // (fields.search_text; lower(users.name)) and the count needs no join. A coordinator's owners are looked
    // for among their own farmers only (an index walk, not every user's name).
    const ownerMatch = and(sql`lower(${users.name}) like ${pattern}`, fieldOwnerScope(user));
    parts.push(or(like(fields.searchText, pattern), sql`${fields.farmerId} = any(array(select ${users.id} from ${users} where ${ownerMatch}))`));
  }
  if (q.status && q.status !== 'all') parts.push(eq(fields.health, q.status));
  return and(...parts)!;
}

/** The scope and the owner-name search read users too. */
const FIELD_TABLES: CountedTable[] = ['fields', 'users'];

/** What every sensor reading changes: read afresh even for a kept page. */
const liveColumns = {
  _id: fields.id,
  lastMoisture: fields.lastMoisture,
  lastTemperature: fields.lastTemperature,
  lastReadingAt: fields.lastReadingAt,
};
type Live = { lastMoisture: number | null; lastTemperature: number | null; lastReadingAt: Date | null };

const liveShape = (l: Live) => ({
  lastSensorUpdate: l.lastReadingAt?.toISOString() ?? null,
  lastSensorData: l.lastMoisture === null && l.lastTemperature === null ? null : { moisture: l.lastMoisture, temperature: l.lastTemperature },
});

/**
 * One page of field rows in the listing shape of spec section 3. A kept page (lib/countCache.ts) costs one query:
 * the current versions and its fields' last readings, read together.
 */
export function listFields(db: Db, user: AuthUser, q: FieldListQuery, counts?: CountCache) {
  if (!counts) return fieldPage(db, user, q).then((p) => p.value);
  const key = `fields-page|${scopeKey(user)}|${q.status ?? 'all'}|${q.search?.trim() ?? ''}|${q.page}|${q.limit}`;
  type Page = Awaited<ReturnType<typeof fieldPage>>['value'];
  const stamp = () => counts.stamp(db, FIELD_TABLES);
  const revalidate = async (cached: { stamp: string; value: Page }) => {
    const ids = cached.value.fields.map((f) => f._id);
    if (!ids.length) return (await stamp()) === cached.stamp ? cached.value : undefined;
    const live = await db.select({ ...liveColumns, stamp: versionStamp(FIELD_TABLES) }).from(fields).where(inArray(fields.id, ids));
    if (live.length !== ids.length || live[0].stamp !== cached.stamp) return undefined;
    const byId = new Map(live.map((l) => [l._id, l]));
    return { ...cached.value, fields: cached.value.fields.map((f) => ({ ...f, ...liveShape(byId.get(f._id)!) })) };
  };
  return counts.page(key, { stamp, revalidate, compute: () => fieldPage(db, user, q, counts) });
}

async function fieldPage(db: Db, user: AuthUser, q: FieldListQuery, counts?: CountCache) {
  const where = listFilter(user, q);
  const key = `fields|${scopeKey(user)}|${q.status ?? 'all'}|${q.search?.trim() ?? ''}`;
  const rows = await db
    .select({
      ...liveColumns,
      fieldId: fields.fieldId,
      fieldName: fields.name,
      status: fields.health,
      operationalStatus: fields.operationalStatus,
      farmerId: fields.farmerId,
      farmerName: users.name,
      crop: fields.cropName,
      area: areaInAcres,
      lat: fields.lat,
      lng: fields.lng,
      stamp: versionStamp(FIELD_TABLES),
      matches: matchesWhenSearching(q),
    })
    .from(fields)
    .leftJoin(users, eq(users.id, fields.farmerId))
    .where(where)
    .orderBy(asc(fields.name), asc(fields.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const stamp = rows[0]?.stamp;
  const total =
    rows[0]?.matches ?? (await counted(counts, db, key, FIELD_TABLES, stamp, async () => (await db.select({ total: count() }).from(fields).where(where))[0].total));
  return {
    stamp,
    value: {
      fields: rows.map(({ lastMoisture, lastTemperature, lastReadingAt, stamp: _, matches: __, ...r }) => ({
        ...r,
        ...liveShape({ lastMoisture, lastTemperature, lastReadingAt }),
        owner: { name: r.farmerName },
        cropType: r.crop,
      })),
      pagination: pageInfo(q, total),
    },
  };
}

/** Every field the caller may see that has a position: the map pins them all at once. */
/** Every pinned field in reach, in a stable order (the cached answer's ETag depends on it). */
export function fieldPins(db: Db, user: AuthUser, limit: number): Promise<FieldPin[]> {
  return db
    .select({
      fieldId: fields.fieldId,
      fieldName: fields.name,
      status: fields.health,
      crop: fields.cropName,
      farmerName: users.name,
      lat: fields.lat,
      lng: fields.lng,
    })
    .from(fields)
    .leftJoin(users, eq(users.id, fields.farmerId))
    .where(and(fieldScope(user), sql`${fields.lat} is not null and ${fields.lng} is not null`))
    .orderBy(asc(fields.fieldId))
    .limit(limit) as Promise<FieldPin[]>;
}

/** The short list behind field dropdowns (GET /fields). */
export async function fieldChoices(db: Db, user: AuthUser, q: { page: number; limit: number }) {
  const where = fieldScope(user);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ _id: fields.id, fieldId: fields.fieldId, name: fields.name, farmerId: fields.farmerId, lat: fields.lat, lng: fields.lng })
      .from(fields)
      .where(where)
      .orderBy(asc(fields.name), asc(fields.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(fields).where(where),
  ]);
  return { fields: rows, pagination: pageInfo(q, total) };
}

export async function fieldIdTaken(db: Db, fieldId: string) {
  const [row] = await db.select({ id: fields.id }).from(fields).where(eq(fields.fieldId, fieldId)).limit(1);
  return !!row;
}

export async function takenSensorIds(db: Db, sensorIds: string[]) {
  if (!sensorIds.length) return [];
  const rows = await db
    .select({ sensorId: sensors.sensorId })
    .from(sensors)
    .where(sql`${sensors.sensorId} in ${sensorIds}`);
  return rows.map((r) => r.sensorId);
}

/** Inserts the field and its sensors; run inside the caller's transaction. */
export async function insertField(db: Db, p: AddFieldPayload, farmerId: string | null, createdBy: string) {
  const loc = p.location ?? {};
  const soil = p.soilInfo ?? {};
  const crop = p.currentCrop ?? {};
  const irr = p.irrigation ?? {};
  const [row] = await db
    .insert(fields)
    .values({
      fieldId: p.fieldId,
      name: p.name,
      farmerId,
      createdBy,
      lat: loc.coordinates?.lat ?? null,
      lng: loc.coordinates?.lng ?? null,
      addressState: loc.address?.state,
      district: loc.address?.district,
      village: loc.address?.village,
      pincode: loc.address?.pincode,
      fullAddress: loc.address?.fullAddress,
      areaValue: loc.area?.value,
      areaUnit: loc.area?.unit,
      soilType: soil.type,
      ph: soil.ph,
      organicMatter: soil.organicMatter,
      nitrogen: soil.nitrogen,
      phosphorus: soil.phosphorus,
      potassium: soil.potassium,
      soilLastTested: soil.lastTested,
      // Stored as the catalogue key when the name is known ('कांदा', 'kanda' → 'onion'), so analytics counts one crop.
      cropName: normaliseCropName(crop.name),
      cropVariety: crop.variety,
      plantedDate: crop.plantedDate,
      expectedHarvest: crop.expectedHarvest,
      cropStatus: crop.status,
      yieldExpected: crop.yield?.expected,
      yieldActual: crop.yield?.actual,
      yieldUnit: crop.yield?.unit,
      irrigationType: irr.type,
      irrigationAutomation: irr.automation,
      irrigationFrequency: irr.schedule?.frequency,
      irrigationDurationMinutes: irr.schedule?.duration,
      irrigationTimeSlots: irr.schedule?.timeSlots ?? [],
    })
    .returning({ id: fields.id, fieldId: fields.fieldId, name: fields.name, farmerId: fields.farmerId });
  if (p.sensors?.length) {
    await db.insert(sensors).values(
      p.sensors.map((s) => ({
        sensorId: s.sensorId,
        fieldId: row.id,
        type: s.type,
        status: s.status,
        lat: s.location?.lat ?? null,
        lng: s.location?.lng ?? null,
      })),
    );
  }
  return row;
}

/** The Field Details modal: the field plus its soil, irrigation, crop history, financials and notes. */
export async function fieldDetail(db: Db, fieldUuid: string) {
  const [[f], history, [money], notes, fieldSensors] = await Promise.all([
    db
      .select({ field: fields, ownerName: users.name })
      .from(fields)
      .leftJoin(users, eq(users.id, fields.farmerId))
      .where(eq(fields.id, fieldUuid)),
    db.select().from(cropHistory).where(eq(cropHistory.fieldId, fieldUuid)).orderBy(desc(cropHistory.plantedDate)),
    db.select().from(fieldFinancials).where(eq(fieldFinancials.fieldId, fieldUuid)),
    db
      .select({ content: fieldNotes.content, createdAt: fieldNotes.createdAt, author: users.name })
      .from(fieldNotes)
      .leftJoin(users, eq(users.id, fieldNotes.authorId))
      .where(eq(fieldNotes.fieldId, fieldUuid))
      .orderBy(desc(fieldNotes.createdAt))
      .limit(50),
    db
      .select({ sensorId: sensors.sensorId, type: sensors.type, status: sensors.status })
      .from(sensors)
      .where(eq(sensors.fieldId, fieldUuid)),
  ]);
  return { field: f.field, ownerName: f.ownerName, history, money, notes, sensors: fieldSensors };
}

/**
 * A field has one location: its own lat/lng. A GPS survey of it (gps_field_locations) keeps its survey details
 * and always carries the same point, so every screen reads the same place; both change in one transaction.
 */
export async function setLocation(db: Db, fieldUuid: string, lat: number, lng: number, survey?: { accuracy: number | null; surveyMethod: string }) {
  await db.transaction(async (tx) => {
    await tx.update(fields).set({ lat, lng, updatedAt: new Date() }).where(eq(fields.id, fieldUuid));
    await tx
      .update(gpsFieldLocations)
      .set({ lat, lng, ...(survey ? { accuracy: survey.accuracy, surveyMethod: survey.surveyMethod, lastSurveyAt: new Date() } : {}) })
      .where(eq(gpsFieldLocations.fieldId, fieldUuid));
  });
}

export type FieldRecord = typeof fields.$inferSelect;

/** The field's row, locked until the transaction ends (an edit reads what it changes under this lock). */
export async function lockField(db: Db, fieldUuid: string): Promise<FieldRecord> {
  const [row] = await db.select().from(fields).where(eq(fields.id, fieldUuid)).for('update');
  return row;
}

/** Writes the edited columns and answers the row as it is now. */
export async function updateField(db: Db, fieldUuid: string, set: Partial<FieldRecord>): Promise<FieldRecord> {
  const [row] = await db
    .update(fields)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(fields.id, fieldUuid))
    .returning();
  return row;
}
