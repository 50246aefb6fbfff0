/** Analytics & Reports (spec sections 3 and 7): coordinator analytics, field status overview, yield trends. */
import { Type, type Static } from 'typebox';

export const Period = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('quarter'), Type.Literal('year')]);
export type Period = Static<typeof Period>;

const Trend = Type.Object({ current: Type.Number(), change: Type.Number() });

export const AnalyticsQuery = Type.Object({ period: Type.Optional(Period) }, { additionalProperties: false });
export const Analytics = Type.Object({
  totalFarmers: Type.Integer(),
  totalFields: Type.Integer(),
  averageYield: Type.Number(),
  /** How many fields the average is over (a current crop with expected and actual yield); 0: no harvest recorded. */
  yieldFields: Type.Integer(),
  /** Litres, estimated from irrigation events seen in the moisture readings (see analytics/repository). */
  waterUsage: Type.Intersect([Trend, Type.Object({ estimated: Type.Literal(true) })]),
  pestIssues: Trend,
  fieldHealth: Type.Object({ excellent: Type.Integer(), good: Type.Integer(), fair: Type.Integer(), poor: Type.Integer() }),
  cropDistribution: Type.Record(Type.String(), Type.Number()),
});
export type Analytics = Static<typeof Analytics>;
export const AnalyticsResponse = Type.Object({ analytics: Analytics, period: Period });
export type AnalyticsResponse = Static<typeof AnalyticsResponse>;

export const FieldStatusOverview = Type.Object({
  analytics: Type.Object({
    byStatus: Type.Object({ active: Type.Integer(), maintenance: Type.Integer(), inactive: Type.Integer(), harvested: Type.Integer() }),
  }),
});
export type FieldStatusOverview = Static<typeof FieldStatusOverview>;

export const YieldTrendsQuery = Type.Object({ crops: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export const YieldTrends = Type.Object({
  yieldTrends: Type.Array(
    Type.Object({
      crop: Type.String(),
      data: Type.Array(Type.Object({ month: Type.Integer(), year: Type.Integer(), averageYield: Type.Number() })),
    }),
  ),
  crops: Type.Array(Type.String()),
});
export type YieldTrends = Static<typeof YieldTrends>;
