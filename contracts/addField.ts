/**
 * The Add Field rules both sides run (spec sections 3, 5, 9): how empty values are dropped before sending, and
 * which values are out of bounds. The web form checks them before it sends; POST /fields checks them again.
 */
import type { AddFieldBody } from './fields';
import { BOUNDS } from './fieldValues';

/** What the form sends and POST /fields takes. */
export type AddFieldPayload = AddFieldBody;

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
