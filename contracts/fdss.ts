import { Type, type Static } from 'typebox';
import { Translated } from './common';

export const FieldQuery = Type.Object({ fieldId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

export const WeatherNow = Type.Object({
  temperature: Type.Number(),
  humidity: Type.Number(),
  rainChance: Type.Number(),
  rainMmNext48h: Type.Number(),
  maxTemperatureNext3d: Type.Number(),
  estimated: Type.Boolean(),
  source: Type.String(),
  at: Type.String(),
});
export type WeatherNow = Static<typeof WeatherNow>;

export const Insight = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('alert'), Type.Literal('recommendation')]),
  priority: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
  message: Translated,
  basis: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()])),
  timestamp: Type.String(),
});
export type Insight = Static<typeof Insight>;

export const InsightsResponse = Type.Object({
  data: Type.Object({ fieldId: Type.String(), insights: Type.Array(Insight), weatherEstimated: Type.Boolean() }),
});
export type InsightsResponse = Static<typeof InsightsResponse>;

export const FieldChoice = Type.Object({ _id: Type.String(), fieldId: Type.String(), name: Type.String() });
export type FieldChoice = Static<typeof FieldChoice>;
export const FieldChoices = Type.Object({ data: Type.Object({ fields: Type.Array(FieldChoice) }) });
