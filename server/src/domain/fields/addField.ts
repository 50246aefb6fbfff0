/**
 * The add-field payload (spec sections 3, 5, 9): what the form sends, how empty values are dropped,
 * and which enumerations and bounds apply. Shared by the web form (type-only) and POST /fields.
 */
export const AREA_UNITS = ['acres', 'hectares', 'sq_meters'] as const;
export const SOIL_TYPES = ['black', 'red', 'laterite', 'alluvial', 'mountain', 'desert', 'other'] as const;
export const CROP_STATUSES = ['planning', 'prepared', 'planted', 'growing', 'flowering', 'fruiting', 'harvested', 'fallow'] as const;
export const YIELD_UNITS = ['kg', 'quintal', 'ton'] as const;
export const SENSOR_TYPES = ['moisture', 'temperature', 'humidity', 'ph', 'nitrogen', 'weather'] as const;
export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'offline'] as const;
export const IRRIGATION_TYPES = ['manual', 'drip', 'sprinkler', 'flood', 'canal', 'none'] as const;

export type SensorInput = {
  sensorId: string;
  type: (typeof SENSOR_TYPES)[number];
  status: (typeof SENSOR_STATUSES)[number];
  location?: { lat?: number; lng?: number };
};

export type AddFieldPayload = {
  fieldId: string;
  name: string;
  farmerId?: string;
  location?: {
    coordinates?: { lat?: number; lng?: number };
    address?: { state?: string; district?: string; village?: string; pincode?: string; fullAddress?: string };
    area?: { value?: number; unit?: (typeof AREA_UNITS)[number] };
  };
  soilInfo?: {
    type?: (typeof SOIL_TYPES)[number];
    ph?: number;
    organicMatter?: number;
    nitrogen?: number;
    phosphorus?: number;
    potassium?: number;
    lastTested?: string;
  };
  currentCrop?: {
    name?: string;
    variety?: string;
    plantedDate?: string;
    expectedHarvest?: string;
    status?: (typeof CROP_STATUSES)[number];
    yield?: { expected?: number; actual?: number; unit?: (typeof YIELD_UNITS)[number] };
  };
  sensors?: SensorInput[];
  irrigation?: {
    type?: (typeof IRRIGATION_TYPES)[number];
    automation?: boolean;
    schedule?: { frequency?: string; duration?: number; timeSlots?: string[] };
  };
};

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
