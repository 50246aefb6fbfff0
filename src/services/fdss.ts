/** Farm decision support endpoints: the caller's fields, weather and insights per field. */
import type { FieldChoice, Insight, InsightsResponse, WeatherNow } from '../../contracts/fdss';
import { http } from './http';

export type { FieldChoice, Insight, WeatherNow };
export { listFieldChoices } from './fields';

export const getWeather = (fieldId: string, signal?: AbortSignal) =>
  http.get<WeatherNow>('/fdss/weather/current', { params: { fieldId }, signal });

export const getInsights = async (fieldId: string, signal?: AbortSignal) =>
  (await http.get<InsightsResponse>('/fdss/insights', { params: { fieldId }, signal })).data.insights;
