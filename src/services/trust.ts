/** The trust dashboard's measured figures, and a farmer's rating of their own answer or result. */
import type { RateRequest, RateResponse, TrustFigures } from '../../contracts/trust';
import { http } from './http';

export type { TrustFigures, RateRequest };

export const getTrustFigures = (signal?: AbortSignal) => http.get<TrustFigures>('/trust', { signal });

export const rate = (body: RateRequest, signal?: AbortSignal) => http.post<RateResponse>('/ratings', body, { signal });
