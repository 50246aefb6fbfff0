/**
 * Field rules: who may create a field for whom, unique field and sensor ids (409 with the clashing id),
 * and the Field Details shape of spec section 3.
 */
import type { Db } from '../../db/client';
import { loadFarmerFor, loadFieldFor, type AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { badRequest, conflict, forbidden, translated } from '../../lib/errors';
import { dropEmpty, fieldProblems, type AddFieldPayload } from '../../../../contracts/addField';
import { FIELD_EDIT_KEYS, type FieldDetail, type FieldEditBody, type FieldEdited, type FieldEditKey } from '../../../../contracts/fields';
import type { CountCache } from '../../lib/countCache';
import { normaliseCropName } from '../../domain/crops/catalogue';
import { createPinCache, fieldsChanged } from './pinCache';
import * as repo from './repository';

export const FIELD_TEXT = {
  required: translated('Field name and Field ID are required', 'शेताचे नाव आणि शेत आयडी आवश्यक आहेत', 'खेत का नाम और खेत आईडी आवश्यक हैं'),
  outOfRange: translated('Some values are out of range.', 'काही मूल्ये मर्यादेबाहेर आहेत.', 'कुछ मान सीमा से बाहर हैं।'),
  fieldIdTaken: (id: string) =>
    translated(`Field ID ${id} already exists.`, `शेत आयडी ${id} आधीच अस्तित्वात आहे.`, `खेत आईडी ${id} पहले से मौजूद है।`),
  nameRequired: translated('Field name is required', 'शेताचे नाव आवश्यक आहे', 'खेत का नाम आवश्यक है'),
  sensorIdTaken: (id: string) =>
    translated(`Sensor ID ${id} is already in use.`, `सेन्सर आयडी ${id} आधीच वापरात आहे.`, `सेंसर आईडी ${id} पहले से उपयोग में है।`),
};

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * A farmer's field is always their own; staff may name any farmer they can reach (else 404),
 * or none. Field and sensors are written in one transaction.
 */
export async function createField(db: Db, user: AuthUser, body: AddFieldPayload) {
  const p = (dropEmpty(body) ?? {}) as AddFieldPayload;
  const problems = fieldProblems(p);
  if (problems.includes('required')) throw badRequest(FIELD_TEXT.required, undefined, 'FIELD_REQUIRED');
  if (problems.length) throw badRequest(FIELD_TEXT.outOfRange, { problems }, 'FIELD_OUT_OF_RANGE');
  let farmerId: string | null = null;
  if (user.role === 'farmer') farmerId = user.id;
  else if (p.farmerId) farmerId = (await loadFarmerFor(db, user, p.farmerId)).id;

  if (await repo.fieldIdTaken(db, p.fieldId)) throw conflict(FIELD_TEXT.fieldIdTaken(p.fieldId), 'FIELD_ID_TAKEN');
  const sensorIds = (p.sensors ?? []).map((s) => s.sensorId);
  const dupInBody = sensorIds.find((id, i) => sensorIds.indexOf(id) !== i);
  if (dupInBody) throw conflict(FIELD_TEXT.sensorIdTaken(dupInBody), 'SENSOR_ID_TAKEN');
  const [takenSensor] = await repo.takenSensorIds(db, sensorIds);
  if (takenSensor) throw conflict(FIELD_TEXT.sensorIdTaken(takenSensor), 'SENSOR_ID_TAKEN');
  try {
    const created = await db.transaction(async (tx) => {
      const row = await repo.insertField(tx as Db, p, farmerId, user.id);
      await recordAudit(tx, user, { action: 'field.create', target: { type: 'field', id: row.id }, after: { fieldId: row.fieldId, name: row.name, farmerId: row.farmerId, sensors: sensorIds.length } });
      return row;
    });
    await fieldsChanged(db);
    return created;
  } catch (e) {
    // Lost a race for the same id between the check and the insert.
    if (isUniqueViolation(e)) throw conflict(FIELD_TEXT.fieldIdTaken(p.fieldId), 'FIELD_ID_TAKEN');
    throw e;
  }
}

const dateOnly = (d: string | null) => d ?? null;

export async function fieldDetails(db: Db, user: AuthUser, id: string): Promise<FieldDetail> {
  const row = await loadFieldFor(db, user, id);
  const { field: f, ownerName, history, money, notes, sensors } = await repo.fieldDetail(db, row.id);
  const hasSoil = [f.soilType, f.ph, f.organicMatter, f.nitrogen, f.phosphorus, f.potassium, f.soilLastTested].some((v) => v !== null);
  const investment = money && {
    seeds: money.seeds,
    fertilizers: money.fertilizers,
    pesticides: money.pesticides,
    labor: money.labor,
    irrigation: money.irrigation,
    other: money.other,
  };
  const spent = investment ? Object.values(investment).reduce((a, b) => a + b, 0) : 0;
  return {
    _id: f.id,
    fieldId: f.fieldId,
    name: f.name,
    status: f.health,
    owner: { _id: f.farmerId, name: ownerName },
    location: {
      coordinates: { lat: f.lat, lng: f.lng },
      address: { state: f.addressState, district: f.district, village: f.village, pincode: f.pincode, fullAddress: f.fullAddress },
      area: { value: f.areaValue, unit: f.areaUnit },
    },
    currentCrop: {
      name: f.cropName,
      variety: f.cropVariety,
      plantedDate: dateOnly(f.plantedDate),
      expectedHarvest: dateOnly(f.expectedHarvest),
      status: f.cropStatus,
      yield: { expected: f.yieldExpected, actual: f.yieldActual, unit: f.yieldUnit },
    },
    soilInfo: hasSoil
      ? {
          type: f.soilType,
          ph: f.ph,
          organicMatter: f.organicMatter,
          nitrogen: f.nitrogen,
          phosphorus: f.phosphorus,
          potassium: f.potassium,
          lastTested: f.soilLastTested,
        }
      : null,
    // Every field has an irrigation record (type defaults to manual), so the section always has content.
    irrigation: {
      type: f.irrigationType,
      automation: f.irrigationAutomation,
      schedule: { frequency: f.irrigationFrequency, duration: f.irrigationDurationMinutes, timeSlots: f.irrigationTimeSlots },
    },
    sensors,
    cropHistory: history.map((h) => ({
      crop: h.crop,
      variety: h.variety,
      season: h.season,
      plantedDate: h.plantedDate,
      harvestedDate: h.harvestedDate,
      yield: h.yield,
      yieldUnit: h.yieldUnit,
      notes: h.notes,
    })),
    financial: money
      ? {
          investment,
          revenue: { expected: money.revenueExpected, actual: money.revenueActual },
          profit: money.revenueActual === null ? null : money.revenueActual - spent,
        }
      : null,
    notes: notes.map((n) => ({ content: n.content, author: n.author, createdAt: n.createdAt.toISOString() })),
    lastSensorData:
      f.lastReadingAt === null ? null : { moisture: f.lastMoisture, temperature: f.lastTemperature, timestamp: f.lastReadingAt.toISOString() },
  };
}

export async function setFieldLocation(db: Db, user: AuthUser, id: string, lat: number, lng: number) {
  const row = await loadFieldFor(db, user, id);
  await db.transaction(async (tx) => {
    await repo.setLocation(tx as Db, row.id, lat, lng);
    await recordAudit(tx, user, { action: 'field.locate', target: { type: 'field', id: row.id }, before: { lat: row.lat, lng: row.lng }, after: { lat, lng } });
  });
  await fieldsChanged(db);
  return { _id: row.id, lat, lng };
}

/** The field dropdown: the caller's fields, paged (spec section 7: data.fields[]). */
export async function fieldChoices(db: Db, user: AuthUser, q: { page: number; limit: number }) {
  const { fields, pagination } = await repo.fieldChoices(db, user, q);
  return { data: { fields }, pagination };
}

/** Field lists in reach (a farmer: their own; a coordinator: their farmers'; an admin: all), through the count cache. */
export function listFields(db: Db, user: AuthUser, q: Parameters<typeof repo.listFields>[2], counts: CountCache) {
  return repo.listFields(db, user, q, counts);
}

/** The map's answer per scope, serialised and compressed once (pinCache.ts says when it is cleared). */
export function createFieldPins(db: Db, ttlMs: number) {
  return createPinCache((user, limit) => repo.fieldPins(db, user, limit), ttlMs);
}

/** The column each editable attribute is kept in (contracts/fields.ts FIELD_EDIT_KEYS). */
const EDIT_COLUMNS = {
  name: 'name',
  cropName: 'cropName',
  cropVariety: 'cropVariety',
  cropStatus: 'cropStatus',
  areaValue: 'areaValue',
  areaUnit: 'areaUnit',
  soilType: 'soilType',
  irrigationType: 'irrigationType',
  village: 'village',
  district: 'district',
  state: 'addressState',
  pincode: 'pincode',
  fullAddress: 'fullAddress',
} as const satisfies Record<FieldEditKey, keyof repo.FieldRecord>;

type EditValues = Partial<Record<FieldEditKey, string | number | null>>;

/** The body as values to store: text trimmed, an empty text is null (cleared); the name may not be cleared. */
function editValues(body: FieldEditBody): EditValues {
  const out: EditValues = {};
  for (const key of FIELD_EDIT_KEYS) {
    const v = body[key];
    if (v === undefined) continue;
    out[key] = typeof v === 'string' ? v.trim() || null : v;
  }
  // Stored as the catalogue key when the name is known, as Add Field does (analytics counts one crop).
  if (typeof out.cropName === 'string') out.cropName = normaliseCropName(out.cropName);
  if ('name' in out && !out.name) throw badRequest(FIELD_TEXT.nameRequired, { field: 'name' }, 'FIELD_NAME_REQUIRED');
  return out;
}

/**
 * Staff edit a field's attributes (issue 19): admins any field, a coordinator their farmers' fields (else 404,
 * as every field read). Farmers do not: the spec keeps Add Field and the field screens for staff (routes
 * /add-field, /fields; docs/fields.md says why). Only attributes whose value changes are written, with one audit
 * entry `field.edit` holding their before/after, in one transaction; an edit that changes nothing writes nothing.
 */
export async function editField(db: Db, user: AuthUser, id: string, body: FieldEditBody): Promise<FieldEdited> {
  if (user.role === 'farmer') throw forbidden();
  const values = editValues(body);
  const reached = await loadFieldFor(db, user, id);
  const result = await db.transaction(async (tx) => {
    // Read again under a row lock, so two edits at once each record what they really changed.
    const row = await repo.lockField(tx as Db, reached.id);
    const before: EditValues = {};
    const after: EditValues = {};
    const set: Partial<repo.FieldRecord> = {};
    for (const [key, value] of Object.entries(values) as [FieldEditKey, string | number | null][]) {
      const column = EDIT_COLUMNS[key];
      const old = row[column] as string | number | null;
      if (old === value) continue;
      before[key] = old;
      after[key] = value;
      (set as Record<string, unknown>)[column] = value;
    }
    const changed = Object.keys(after);
    if (!changed.length) return { row, changed };
    const updated = await repo.updateField(tx as Db, row.id, set);
    await recordAudit(tx, user, { action: 'field.edit', target: { type: 'field', id: row.id }, before, after });
    return { row: updated, changed };
  });
  if (result.changed.length) await fieldsChanged(db);
  return { _id: result.row.id, fieldId: result.row.fieldId, name: result.row.name, changed: result.changed };
}
