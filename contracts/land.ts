import { Type, type Static } from 'typebox';

const Lang = Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]);
const Text = (max = 600) => Type.String({ maxLength: max });
const Lines = Type.Array(Text(), { maxItems: 20 });

export const NdviPoint = Type.Object(
  { date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), ndvi: Type.Number({ minimum: -1, maximum: 1 }) },
  { additionalProperties: false },
);
export type NdviPoint = Static<typeof NdviPoint>;

/** Nutrients in kg/ha as printed on the soil health card; organic matter in %. */
export const LandReportRequest = Type.Object(
  {
    ph: Type.Number({ minimum: 0, maximum: 14 }),
    nitrogen: Type.Number({ minimum: 0, maximum: 5000 }),
    phosphorus: Type.Number({ minimum: 0, maximum: 2000 }),
    potassium: Type.Number({ minimum: 0, maximum: 5000 }),
    organicMatter: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
    location: Type.Optional(Type.String({ maxLength: 200 })),
    lat: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    lon: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
    state: Type.Optional(Type.String({ maxLength: 40 })),
    language: Type.Optional(Lang),
    ndvi: Type.Optional(Type.Array(NdviPoint, { maxItems: 400 })),
    ndviEstimated: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LandReportRequest = Static<typeof LandReportRequest>;

const SoilParameter = Type.Object({ label: Text(80), value: Type.Number(), unit: Text(20), status: Text(80), statusKey: Text(40) });

export const LandReport = Type.Object({
  language: Lang,
  generatedAt: Type.String({ maxLength: 40 }),
  location: Text(200),
  locationAnalysis: Type.Object({
    known: Type.Boolean(),
    district: Type.Union([Text(80), Type.Null()]),
    region: Text(120),
    climate: Text(),
    soilType: Text(),
    marketAdvantages: Lines,
    recommendations: Lines,
  }),
  soilAnalysis: Type.Object({
    overallScore: Type.Integer({ minimum: 0, maximum: 100 }),
    overallHealth: Text(40),
    healthKey: Type.Union([Type.Literal('good'), Type.Literal('moderate'), Type.Literal('poor')]),
    ratingTable: Type.Object({ state: Text(40), name: Text(200), source: Text(1000) }),
    ph: SoilParameter,
    nitrogen: SoilParameter,
    phosphorus: SoilParameter,
    potassium: SoilParameter,
    organicMatter: Type.Optional(SoilParameter),
  }),
  cropRecommendations: Type.Array(
    Type.Object({
      id: Text(40),
      name: Text(80),
      suitability: Type.Integer({ minimum: 0, maximum: 100 }),
      season: Text(80),
      category: Text(80),
      marketPotential: Text(40),
      investmentRequired: Text(40),
      reason: Text(),
    }),
    { maxItems: 20 },
  ),
  additionalRecommendations: Lines,
  ndvi: Type.Array(NdviPoint, { maxItems: 400 }),
  ndviSummary: Type.Object({
    latest: Type.Array(NdviPoint, { maxItems: 3 }),
    average30d: Type.Union([Type.Number(), Type.Null()]),
    estimated: Type.Boolean(),
  }),
});
export type LandReport = Static<typeof LandReport>;

export const LandReportResponse = Type.Object({ success: Type.Boolean(), report: LandReport });
export const PdfRequest = Type.Object({ report: LandReport }, { additionalProperties: false });

export const NdviRegisterRequest = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    radius: Type.Optional(Type.Integer({ minimum: 50, maximum: 5000, default: 500 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  { additionalProperties: false },
);
export type NdviRegisterRequest = Static<typeof NdviRegisterRequest>;
export const NdviRegisterResponse = Type.Object({ fieldId: Type.String(), reused: Type.Boolean(), provider: Type.String() });
export type NdviRegisterResponse = Static<typeof NdviRegisterResponse>;

export const NdviTimeseriesResponse = Type.Object({
  fieldId: Type.String(),
  ndvi: Type.Array(NdviPoint),
  /** The newest three readings and the 30-day mean, rounded to 2 decimals as the report and its PDF print them. */
  summary: Type.Object({ latest: Type.Array(NdviPoint, { maxItems: 3 }), average30d: Type.Union([Type.Number(), Type.Null()]) }),
  estimated: Type.Boolean(),
  source: Type.String(),
});
export type NdviTimeseriesResponse = Static<typeof NdviTimeseriesResponse>;
