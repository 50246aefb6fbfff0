/** Analytics & Reports (spec section 7): one function per endpoint. */
import type { Analytics, AnalyticsResponse, Period } from '../../server/src/contracts/analytics';
import type { AdvancedAnalytics, AdvancedAnalyticsResponse, Range } from '../../server/src/contracts/advancedAnalytics';
import { http } from './http';

export type { Analytics, Period, AdvancedAnalytics, Range };

export const getAnalytics = (period: Period, signal?: AbortSignal) =>
  http.get<AnalyticsResponse>('/coordinator/analytics', { params: { period }, signal }).then((r) => r.analytics);

/** Advanced Analytics of one field over a range (computed from its records on the server). */
export const getAdvancedAnalytics = (fieldId: string, range: Range, signal?: AbortSignal) =>
  http.get<AdvancedAnalyticsResponse>('/advanced-analytics', { params: { fieldId, range }, signal }).then((r) => r.analytics);
