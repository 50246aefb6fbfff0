/** Sensor data calls (spec section 7, 'Sensors'). */
import type { FieldReadingSummary, LatestReading, Series24hResponse } from '../../contracts/sensors';
import { http } from './http';

export type { FieldReadingSummary, LatestReading, Series24hResponse };
export type { SeriesPoint, ReadingEvent } from '../../contracts/sensors';

export const listMyFields = (signal?: AbortSignal) =>
  http.get<{ fields: FieldReadingSummary[] }>('/sensor-data', { signal }).then((r) => r.fields);

export const latestReading = (fieldId: string, signal?: AbortSignal) =>
  http.get<{ data: LatestReading }>('/sensor-data/latest', { params: { fieldId }, signal }).then((r) => r.data);

/** The last 24 hours, or only what came after `since` (catching up after a reconnect). */
export const last24h = (fieldId: string, since?: string, signal?: AbortSignal) =>
  http.get<Series24hResponse>('/sensor-data/24h', { params: { fieldId, since }, signal });
