/**
 * The Add Field rules on the browser side: enumerations, bounds, dropping empty values and the field-id
 * format (spec sections 3, 5, 9). The server applies the same rules in server/src/domain/fields; the
 * browser may not import server code, so tests/unit/addFieldRules.test.ts keeps the two identical.
 */
import type { AddFieldBody } from '../../contracts/fields';

export const AREA_UNITS = ['acres', 'hectares', 'sq_meters'] as const;
export const SOIL_TYPES = ['black', 'red', 'laterite', 'alluvial', 'mountain', 'desert', 'other'] as const;
export const CROP_STATUSES = ['planning', 'prepared', 'planted', 'growing', 'flowering', 'fruiting', 'harvested', 'fallow'] as const;
export const YIELD_UNITS = ['kg', 'quintal', 'ton'] as const;
export const SENSOR_TYPES = ['moisture', 'temperature', 'humidity', 'ph', 'nitrogen', 'weather'] as const;
export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline'] as const;
export const IRRIGATION_TYPES = ['manual', 'drip', 'sprinkler', 'flood', 'canal', 'none'] as const;

export type AddFieldPayload = AddFieldBody;

/** Numeric bounds the form and the server both enforce; `step` is only a UI hint. */
export const BOUNDS = {
  ph: { min: 0, max: 14, step: 0.1 },
  organicMatter: { min: 0, max: 100, step: 0.1 },
  nitrogen: { min: 0 },
  phosphorus: { min: 0 },
  potassium: { min: 0 },
  expectedYield: { min: 0 },
  duration: { min: 0 },
  area: { min: 0, step: 0.01 },
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
} as const;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));

/**
 * Drops empty strings, nulls, NaN, empty arrays and objects left empty by that, at every depth,
 * so "not filled in" is never sent as "" or 0.
 */
export function dropEmpty<T>(value: T): T | undefined {
  if (Array.isArray(value)) {
    const items = value.map(dropEmpty).filter((x) => x !== undefined);
    return (items.length ? items : undefined) as T | undefined;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = dropEmpty(v);
      if (kept !== undefined) out[k] = kept;
    }
    return (Object.keys(out).length ? out : undefined) as T | undefined;
  }
  if (typeof value === 'string') return (isEmpty(value) ? undefined : (value.trim() as T));
  return isEmpty(value) ? undefined : value;
}

export type FieldProblem =
  | 'required'
  | 'ph'
  | 'organicMatter'
  | 'nitrogen'
  | 'phosphorus'
  | 'potassium'
  | 'expectedYield'
  | 'duration'
  | 'area'
  | 'lat'
  | 'lng'
  | 'sensorId'
  | 'timeSlot';

const outside = (v: number | undefined, b: { min?: number; max?: number }) =>
  v !== undefined && ((b.min !== undefined && v < b.min) || (b.max !== undefined && v > b.max));

const TIME_SLOT = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every rule of spec section 5 for Add Field; an empty list means the payload may be sent. */
export function fieldProblems(p: Partial<AddFieldPayload>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!p.name?.trim() || !p.fieldId?.trim()) problems.push('required');
  const s = p.soilInfo ?? {};
  if (outside(s.ph, BOUNDS.ph)) problems.push('ph');
  if (outside(s.organicMatter, BOUNDS.organicMatter)) problems.push('organicMatter');
  if (outside(s.nitrogen, BOUNDS.nitrogen)) problems.push('nitrogen');
  if (outside(s.phosphorus, BOUNDS.phosphorus)) problems.push('phosphorus');
  if (outside(s.potassium, BOUNDS.potassium)) problems.push('potassium');
  if (outside(p.currentCrop?.yield?.expected, BOUNDS.expectedYield)) problems.push('expectedYield');
  if (outside(p.irrigation?.schedule?.duration, BOUNDS.duration)) problems.push('duration');
  if (outside(p.location?.area?.value, BOUNDS.area)) problems.push('area');
  if (outside(p.location?.coordinates?.lat, BOUNDS.lat)) problems.push('lat');
  if (outside(p.location?.coordinates?.lng, BOUNDS.lng)) problems.push('lng');
  if (p.sensors?.some((x) => !x.sensorId?.trim())) problems.push('sensorId');
  if (p.irrigation?.schedule?.timeSlots?.some((t) => !TIME_SLOT.test(t))) problems.push('timeSlot');
  return problems;
}

/** Field codes: 'FLD' + the last 6 digits of the current time + 3 random uppercase letters. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const FIELD_ID_PATTERN = /^FLD\d{6}[A-Z]{3}$/;

export function generateFieldId(now: number = Date.now(), random: () => number = Math.random): string {
  const digits = String(now).slice(-6).padStart(6, '0');
  let letters = '';
  for (let i = 0; i < 3; i++) letters += LETTERS[Math.floor(random() * LETTERS.length) % LETTERS.length];
  return `FLD${digits}${letters}`;
}
