/** AI crop recommendations (spec section 7): one function per endpoint. */
import type {
  Recommendation,
  RecommendationResponse,
  RecommendationsResponse,
  RecommendationStats,
  RecommendationStatus,
} from '../../contracts/recommendations';
import { http } from './http';

export type { Recommendation, RecommendationStatus };
export type Stats = RecommendationStats['stats'];

export const listRecommendations = (fieldId: string | null, signal?: AbortSignal) =>
  http.get<RecommendationsResponse>('/ai-recommendations', { params: fieldId ? { fieldId } : {}, signal }).then((r) => r.recommendations);

export const getRecommendationStats = (signal?: AbortSignal) =>
  http.get<RecommendationStats>('/ai-recommendations/stats', { signal }).then((r) => r.stats);

export const updateRecommendationStatus = (id: string, status: RecommendationStatus) =>
  http.put<RecommendationResponse>(`/ai-recommendations/${id}/status`, { status }).then((r) => r.recommendation);

export const generateRecommendations = (fieldId: string) =>
  http.post<RecommendationsResponse>('/ai-recommendations/generate', { fieldId }).then((r) => r.recommendations);
