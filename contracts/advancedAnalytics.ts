/**
 * Advanced Analytics for one field over a time range, computed from the field's own records: sensor
 * readings in the range, its current crop and crop history, its soil test, its costs and revenue, and
 * the decision-support insights and crop recommendations. Anything not recorded comes back null/empty.
 */
import { Type, type Static } from 'typebox';
import { Insight } from './fdss';

export const RANGES = ['7d', '30d', '90d', '1y'] as const;
export type Range = (typeof RANGES)[number];

export const AdvancedAnalyticsQuery = Type.Object(
  { fieldId: Type.String({ minLength: 1, maxLength: 64 }), range: Type.Optional(Type.Union(RANGES.map((r) => Type.Literal(r)))) },
  { additionalProperties: false },
);

const num = Type.Union([Type.Number(), Type.Null()]);
const str = Type.Union([Type.String(), Type.Null()]);

export const SensorTrend = Type.Object({
  type: Type.String(),
  readings: Type.Integer(),
  average: Type.Number(),
  min: Type.Number(),
  max: Type.Number(),
  latest: Type.Number(),
  latestAt: Type.String(),
  /** Mean of the second half of the range minus the mean of the first half; null when a half has no readings. */
  change: num,
  /** Mean per day (per week for '1y'), oldest first. */
  series: Type.Array(Type.Object({ bucket: Type.String(), average: Type.Number(), readings: Type.Integer() })),
});
export type SensorTrend = Static<typeof SensorTrend>;

export const AdvancedAnalytics = Type.Object({
  field: Type.Object({ _id: Type.String(), fieldId: Type.String(), name: Type.String() }),
  range: Type.String(),
  from: Type.String(),
  to: Type.String(),
  sensorTrends: Type.Array(SensorTrend),
  crop: Type.Object({
    cropName: str,
    variety: str,
    status: Type.String(),
    plantedDate: str,
    expectedHarvest: str,
    yieldExpected: num,
    yieldActual: num,
    yieldUnit: Type.String(),
    /** Actual yield as a percent of expected, when both are recorded. */
    achievedPercent: num,
    history: Type.Array(
      Type.Object({ crop: Type.String(), season: str, harvestedDate: str, yield: num, yieldUnit: Type.String() }),
    ),
  }),
  soil: Type.Object({
    soilType: str,
    ph: num,
    organicMatter: num,
    nitrogen: num,
    phosphorus: num,
    potassium: num,
    lastTested: str,
    /** Mean soil pH from pH sensors in the range, when the field has one. */
    sensorPh: num,
  }),
  financial: Type.Union([
    Type.Object({
      costs: Type.Object({ seeds: Type.Number(), fertilizers: Type.Number(), pesticides: Type.Number(), labor: Type.Number(), irrigation: Type.Number(), other: Type.Number() }),
      totalCost: Type.Number(),
      revenueExpected: num,
      revenueActual: num,
      /** Revenue (actual if recorded, else expected) minus total cost; null without any revenue. */
      profit: num,
      profitBasis: Type.Union([Type.Literal('actual'), Type.Literal('expected'), Type.Null()]),
    }),
    Type.Null(),
  ]),
  insights: Type.Array(Insight),
  weatherEstimated: Type.Boolean(),
  recommendations: Type.Array(Type.Object({ _id: Type.String(), cropName: Type.String(), status: Type.String(), confidence: Type.Number(), createdAt: Type.String() })),
});
export type AdvancedAnalytics = Static<typeof AdvancedAnalytics>;
export const AdvancedAnalyticsResponse = Type.Object({ analytics: AdvancedAnalytics });
export type AdvancedAnalyticsResponse = Static<typeof AdvancedAnalyticsResponse>;
