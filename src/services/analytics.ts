/** Analytics & Reports (spec section 7): one function per endpoint. */
import type { Analytics, AnalyticsResponse, Period } from '../../server/src/contracts/analytics';
import { http } from './http';

export type { Analytics, Period };

export const getAnalytics = (period: Period, signal?: AbortSignal) =>
  http.get<AnalyticsResponse>('/coordinator/analytics', { params: { period }, signal }).then((r) => r.analytics);
