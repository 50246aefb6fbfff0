/** AI crop recommendations (spec sections 3 and 7). Generation is rule-based; the API says so in `method`. */
import { Type, type Static } from 'typebox';
import { Uuid } from './common';

export const RecommendationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('implemented'),
]);
export type RecommendationStatus = Static<typeof RecommendationStatus>;

const Level = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);

export const Recommendation = Type.Object({
  _id: Uuid,
  fieldId: Uuid,
  fieldName: Type.String(),
  fieldCode: Type.String(),
  cropName: Type.String(),
  season: Type.String(),
  status: RecommendationStatus,
  confidence: Type.Number(),
  expectedYield: Type.Union([Type.Number(), Type.Null()]),
  yieldUnit: Type.String(),
  plantingDate: Type.Union([Type.String(), Type.Null()]),
  marketConditions: Type.Object({ currentPrice: Type.Union([Type.Number(), Type.Null()]) }),
  riskFactors: Type.Array(Type.Object({ factor: Type.String(), severity: Level })),
  recommendations: Type.Array(Type.Object({ description: Type.String(), timeline: Type.String(), priority: Level, cost: Type.Number() })),
  createdAt: Type.String(),
});
export type Recommendation = Static<typeof Recommendation>;

/** How recommendations are made: rules over soil, district, season and moisture, not a language model. */
export const Method = Type.Literal('rule-based');

export const RecommendationsQuery = Type.Object({ fieldId: Type.Optional(Uuid) }, { additionalProperties: false });
export const RecommendationsResponse = Type.Object({ recommendations: Type.Array(Recommendation), method: Method, source: Type.String() });
export type RecommendationsResponse = Static<typeof RecommendationsResponse>;

export const RecommendationStats = Type.Object({
  stats: Type.Object({ total: Type.Integer(), implemented: Type.Integer(), implementationRate: Type.Number() }),
});
export type RecommendationStats = Static<typeof RecommendationStats>;

export const StatusBody = Type.Object({ status: RecommendationStatus }, { additionalProperties: false });
export const RecommendationResponse = Type.Object({ recommendation: Recommendation });
export type RecommendationResponse = Static<typeof RecommendationResponse>;

export const GenerateBody = Type.Object({ fieldId: Uuid }, { additionalProperties: false });
