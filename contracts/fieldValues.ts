/**
 * A field's enumerations and the numeric bounds of the Add Field form (spec sections 3 and 5). The form, the
 * request schema (fields.ts), the rules (addField.ts) and the database enums (db/schema.ts) are built from these.
 */
export const AREA_UNITS = ['acres', 'hectares', 'sq_meters'] as const;
export const SOIL_TYPES = ['black', 'red', 'laterite', 'alluvial', 'mountain', 'desert', 'other'] as const;
export const CROP_STATUSES = ['planning', 'prepared', 'planted', 'growing', 'flowering', 'fruiting', 'harvested', 'fallow'] as const;
export const YIELD_UNITS = ['kg', 'quintal', 'ton'] as const;
export const IRRIGATION_TYPES = ['manual', 'drip', 'sprinkler', 'flood', 'canal', 'none'] as const;
/** Health of a field as the server judges it from readings and alerts. */
export const FIELD_HEALTHS = ['good', 'warning', 'alert'] as const;

export type AreaUnit = (typeof AREA_UNITS)[number];
export type SoilType = (typeof SOIL_TYPES)[number];
export type CropStatus = (typeof CROP_STATUSES)[number];
export type YieldUnit = (typeof YIELD_UNITS)[number];
export type IrrigationType = (typeof IRRIGATION_TYPES)[number];
export type FieldHealth = (typeof FIELD_HEALTHS)[number];

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
