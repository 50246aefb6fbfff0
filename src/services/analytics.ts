/** Analytics & Reports (spec section 7): one function per endpoint. */
import type { Analytics, AnalyticsResponse, FieldStatusOverview, Period, YieldTrends } from '../../contracts/analytics';
import type { AdvancedAnalytics, AdvancedAnalyticsResponse, Range } from '../../contracts/advancedAnalytics';
import { http } from './http';

export type { Analytics, Period, AdvancedAnalytics, Range };

export const getAnalytics = (period: Period, signal?: AbortSignal) =>
  http.get<AnalyticsResponse>('/coordinator/analytics', { params: { period }, signal }).then((r) => r.analytics);

export type YieldTrendsResponse = YieldTrends;
export type YieldTrend = YieldTrends['yieldTrends'][number];
export type FieldStatusCounts = FieldStatusOverview['analytics']['byStatus'];

export const getFieldStatusCounts = (signal?: AbortSignal) =>
  http.get<FieldStatusOverview>('/fields/analytics/overview', { signal }).then((r) => r.analytics.byStatus);

/** Yield trends of the given crops (all crops when none); `crops` in the answer is every crop there is. */
export const getYieldTrends = (crops: string[], signal?: AbortSignal) =>
  http.get<YieldTrends>('/fields/analytics/yield-trends', { params: crops.length ? { crops: crops.join(',') } : {}, signal });

/** Advanced Analytics of one field over a range (computed from its records on the server). */
export const getAdvancedAnalytics = (fieldId: string, range: Range, signal?: AbortSignal) =>
  http.get<AdvancedAnalyticsResponse>('/advanced-analytics', { params: { fieldId, range }, signal }).then((r) => r.analytics);
