/** Field list, detail, creation and location shapes (spec sections 3 and 7). */
import { Type, type Static } from 'typebox';
import { PageQuery, Pagination } from './common';
import { PINCODE_PATTERN } from './contactRules';
import { AREA_UNITS, CROP_STATUSES, FIELD_HEALTHS, IRRIGATION_TYPES, SOIL_TYPES, YIELD_UNITS } from './fieldValues';
import { literalUnion } from './literals';
import { SENSOR_STATUSES, SENSOR_TYPES } from './sensorTypes';

const oneOf = <V extends string[]>(values: readonly [...V]) => Type.Enum(values);
const num = (opts: { minimum?: number; maximum?: number } = {}) => Type.Optional(Type.Number(opts));
const text = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const day = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }));
const closed = { additionalProperties: false } as const;

/** The add-field body; bounds of spec section 5 are enforced here and again by the domain rules. */
export const AddFieldBody = Type.Object(
  {
    fieldId: Type.String({ maxLength: 40 }),
    name: Type.String({ maxLength: 120 }),
    farmerId: Type.Optional(Type.String({ format: 'uuid' })),
    location: Type.Optional(
      Type.Object(
        {
          coordinates: Type.Optional(Type.Object({ lat: num({ minimum: -90, maximum: 90 }), lng: num({ minimum: -180, maximum: 180 }) }, closed)),
          address: Type.Optional(
            Type.Object({ state: text(), district: text(), village: text(), pincode: Type.Optional(Type.String({ pattern: PINCODE_PATTERN })), fullAddress: text(500) }, closed),
          ),
          area: Type.Optional(Type.Object({ value: num({ minimum: 0 }), unit: Type.Optional(oneOf(AREA_UNITS)) }, closed)),
        },
        closed,
      ),
    ),
    soilInfo: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(oneOf(SOIL_TYPES)),
          ph: num({ minimum: 0, maximum: 14 }),
          organicMatter: num({ minimum: 0, maximum: 100 }),
          nitrogen: num({ minimum: 0 }),
          phosphorus: num({ minimum: 0 }),
          potassium: num({ minimum: 0 }),
          lastTested: day,
        },
        closed,
      ),
    ),
    currentCrop: Type.Optional(
      Type.Object(
        {
          name: text(),
          variety: text(),
          plantedDate: day,
          expectedHarvest: day,
          status: Type.Optional(oneOf(CROP_STATUSES)),
          yield: Type.Optional(Type.Object({ expected: num({ minimum: 0 }), actual: num({ minimum: 0 }), unit: Type.Optional(oneOf(YIELD_UNITS)) }, closed)),
        },
        closed,
      ),
    ),
    sensors: Type.Optional(
      Type.Array(
        Type.Object(
          {
            sensorId: Type.String({ minLength: 1, maxLength: 60 }),
            type: oneOf(SENSOR_TYPES),
            status: oneOf(SENSOR_STATUSES),
            location: Type.Optional(Type.Object({ lat: num({ minimum: -90, maximum: 90 }), lng: num({ minimum: -180, maximum: 180 }) }, closed)),
          },
          closed,
        ),
        { maxItems: 50 },
      ),
    ),
    irrigation: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(oneOf(IRRIGATION_TYPES)),
          automation: Type.Optional(Type.Boolean()),
          schedule: Type.Optional(
            Type.Object(
              {
                frequency: text(60),
                duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
                timeSlots: Type.Optional(Type.Array(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }), { maxItems: 24 })),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
  },
  closed,
);

export type AddFieldBody = Static<typeof AddFieldBody>;

export const FieldListQuery = Type.Object(
  {
    ...PageQuery,
    search: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('good'), Type.Literal('warning'), Type.Literal('alert')])),
  },
  closed,
);

export const FieldChoicesQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  closed,
);

export const FieldPinsQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50_000, default: 20_000 })) }, closed);

export const LocationBody = Type.Object(
  { lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) },
  closed,
);

export const FieldHealth = literalUnion(FIELD_HEALTHS);
export type FieldHealth = Static<typeof FieldHealth>;
const nullableNumber = Type.Union([Type.Number(), Type.Null()]);
const nullableString = Type.Union([Type.String(), Type.Null()]);

export const FieldRow = Type.Object({
  _id: Type.String(),
  fieldId: Type.String(),
  fieldName: Type.String(),
  status: FieldHealth,
  operationalStatus: Type.String(),
  farmerId: nullableString,
  farmerName: nullableString,
  owner: Type.Object({ name: nullableString }),
  crop: nullableString,
  cropType: nullableString,
  area: nullableNumber,
  lastSensorData: Type.Union([Type.Object({ moisture: nullableNumber, temperature: nullableNumber }), Type.Null()]),
  lastSensorUpdate: Type.Union([Type.String(), Type.Null()]),
  lat: nullableNumber,
  lng: nullableNumber,
});
export type FieldRow = Static<typeof FieldRow>;
export const FieldList = Type.Object({ fields: Type.Array(FieldRow), pagination: Pagination });
export type FieldList = Static<typeof FieldList>;

/** One pinned field as the map draws it (the web client decodes FieldPins into these: src/services/fields.ts). */
export type FieldPin = {
  fieldId: string;
  fieldName: string;
  status: FieldHealth;
  crop: string | null;
  farmerName: string | null;
  lat: number;
  lng: number;
};

/**
 * GET /fields/map: every pinned field in columns, not one object per pin (20,000 pins: ~1.2 MB raw, ~190 KB
 * brotli, instead of ~4 MB of objects; docs/field-map.md). Column i of every array is pin i. Crops and farmer
 * names repeat, so they are dictionaries indexed by `crop` / `farmer` (-1 = none). `status` holds one letter per
 * pin: g(ood), w(arning), a(lert). Coordinates are rounded to 5 decimals (about a metre). The server encodes in
 * modules/fields/pinCache.ts, the web client decodes in src/services/fields.ts.
 */
export const FieldPins = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  fieldId: Type.Array(Type.String()),
  name: Type.Array(Type.String()),
  status: Type.String({ pattern: '^[gwa]*$' }),
  crop: Type.Array(Type.Integer({ minimum: -1 })),
  crops: Type.Array(Type.String()),
  farmer: Type.Array(Type.Integer({ minimum: -1 })),
  farmers: Type.Array(Type.String()),
  lat: Type.Array(Type.Number()),
  lng: Type.Array(Type.Number()),
});
export type FieldPins = Static<typeof FieldPins>;

export const FieldChoice = Type.Object({
  _id: Type.String(),
  fieldId: Type.String(),
  name: Type.String(),
  farmerId: nullableString,
  lat: nullableNumber,
  lng: nullableNumber,
});
export type FieldChoice = Static<typeof FieldChoice>;

export const FieldChoices = Type.Object({ data: Type.Object({ fields: Type.Array(FieldChoice) }), pagination: Pagination });
export type FieldChoices = Static<typeof FieldChoices>;

/** GET /admin/fields/{id} and GET /fields/{id}: the Field Details modal (spec section 3). Dates are YYYY-MM-DD. */
export const FieldDetail = Type.Object({
  _id: Type.String(),
  fieldId: Type.String(),
  name: Type.String(),
  status: FieldHealth,
  owner: Type.Object({ _id: nullableString, name: nullableString }),
  location: Type.Object({
    coordinates: Type.Object({ lat: nullableNumber, lng: nullableNumber }),
    address: Type.Object({ state: nullableString, district: nullableString, village: nullableString, pincode: nullableString, fullAddress: nullableString }),
    area: Type.Object({ value: nullableNumber, unit: literalUnion(AREA_UNITS) }),
  }),
  currentCrop: Type.Object({
    name: nullableString,
    variety: nullableString,
    plantedDate: nullableString,
    expectedHarvest: nullableString,
    status: literalUnion(CROP_STATUSES),
    yield: Type.Object({ expected: nullableNumber, actual: nullableNumber, unit: literalUnion(YIELD_UNITS) }),
  }),
  soilInfo: Type.Union([
    Type.Object({
      type: Type.Union([literalUnion(SOIL_TYPES), Type.Null()]),
      ph: nullableNumber,
      organicMatter: nullableNumber,
      nitrogen: nullableNumber,
      phosphorus: nullableNumber,
      potassium: nullableNumber,
      lastTested: nullableString,
    }),
    Type.Null(),
  ]),
  irrigation: Type.Object({
    type: literalUnion(IRRIGATION_TYPES),
    automation: Type.Boolean(),
    schedule: Type.Object({ frequency: nullableString, duration: Type.Union([Type.Integer(), Type.Null()]), timeSlots: Type.Array(Type.String()) }),
  }),
  sensors: Type.Array(Type.Object({ sensorId: Type.String(), type: literalUnion(SENSOR_TYPES), status: literalUnion(SENSOR_STATUSES) })),
  cropHistory: Type.Array(
    Type.Object({
      crop: Type.String(),
      variety: nullableString,
      season: nullableString,
      plantedDate: nullableString,
      harvestedDate: nullableString,
      yield: nullableNumber,
      yieldUnit: literalUnion(YIELD_UNITS),
      notes: nullableString,
    }),
  ),
  financial: Type.Union([
    Type.Object({
      investment: Type.Object({
        seeds: Type.Number(),
        fertilizers: Type.Number(),
        pesticides: Type.Number(),
        labor: Type.Number(),
        irrigation: Type.Number(),
        other: Type.Number(),
      }),
      revenue: Type.Object({ expected: nullableNumber, actual: nullableNumber }),
      profit: nullableNumber,
    }),
    Type.Null(),
  ]),
  notes: Type.Array(Type.Object({ content: Type.String(), author: nullableString, createdAt: Type.String() })),
  lastSensorData: Type.Union([Type.Object({ moisture: nullableNumber, temperature: nullableNumber, timestamp: Type.String() }), Type.Null()]),
});
export type FieldDetail = Static<typeof FieldDetail>;

/** PUT /admin/fields/{id}/location. */
export const FieldLocation = Type.Object({ _id: Type.String(), lat: Type.Number(), lng: Type.Number() });
/** POST /fields: the created field. */
export const CreatedField = Type.Object({ field: Type.Object({ _id: Type.String(), fieldId: Type.String(), name: Type.String(), farmerId: nullableString }) });

/**
 * PATCH /fields/{id}: the attributes staff may edit on an existing field (issue 19). Only the attributes sent
 * change; text is trimmed and an empty text clears the attribute (the name cannot be cleared). The field ID,
 * the farmer, the health status and the alert thresholds are not edited here.
 */
export const FIELD_EDIT_KEYS = [
  'name',
  'cropName',
  'cropVariety',
  'cropStatus',
  'areaValue',
  'areaUnit',
  'soilType',
  'irrigationType',
  'village',
  'district',
  'state',
  'pincode',
  'fullAddress',
] as const;
export type FieldEditKey = (typeof FIELD_EDIT_KEYS)[number];
const editText = (max = 200) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
export const FieldEditBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 120 })),
    cropName: editText(),
    cropVariety: editText(),
    cropStatus: Type.Optional(oneOf(CROP_STATUSES)),
    areaValue: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
    areaUnit: Type.Optional(oneOf(AREA_UNITS)),
    soilType: Type.Optional(Type.Union([oneOf(SOIL_TYPES), Type.Null()])),
    irrigationType: Type.Optional(oneOf(IRRIGATION_TYPES)),
    village: editText(),
    district: editText(),
    state: editText(),
    // '' clears it; anything else must be six digits.
    pincode: Type.Optional(Type.Union([Type.String({ pattern: '^([0-9]{6})?$' }), Type.Null()])),
    fullAddress: editText(500),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type FieldEditBody = Static<typeof FieldEditBody>;
/** The answer: the field's ids and name after the edit, and which attributes changed (none: nothing was written). */
export const FieldEdited = Type.Object({ _id: Type.String(), fieldId: Type.String(), name: Type.String(), changed: Type.Array(Type.String()) });
export type FieldEdited = Static<typeof FieldEdited>;
