/** Sensor data calls (spec section 7, 'Sensors'). */
import type { FieldReadingSummary, LatestReading, Series24hResponse } from '../../contracts/sensors';
import { API_BASE, currentAccessToken, HttpError, http, reasonFor, refreshAccessToken } from './http';

export type { FieldReadingSummary, LatestReading, Series24hResponse };
export type { SeriesPoint, ReadingEvent } from '../../contracts/sensors';

export const listMyFields = (signal?: AbortSignal) =>
  http.get<{ fields: FieldReadingSummary[] }>('/sensor-data', { signal }).then((r) => r.fields);

export const latestReading = (fieldId: string, signal?: AbortSignal) =>
  http.get<{ data: LatestReading }>('/sensor-data/latest', { params: { fieldId }, signal }).then((r) => r.data);

/** The last 24 hours, or only what came after `since` (catching up after a reconnect). */
export const last24h = (fieldId: string, since?: string, signal?: AbortSignal) =>
  http.get<Series24hResponse>('/sensor-data/24h', { params: { fieldId, since }, signal });

/**
 * A field's readings from `from` to `to` (calendar days, `to` exclusive) as a CSV file, read as it streams in.
 * Rows come in time order, so `onProgress` gets the share of the range covered so far (0…1) from the last complete
 * row's timestamp. A refusal (bad range, field out of reach) throws HttpError with the server's translated words.
 */
export async function downloadReadings(
  fieldId: string,
  range: { from: string; to: string },
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const url = `${API_BASE}/fields/${encodeURIComponent(fieldId)}/readings/export?${new URLSearchParams(range)}`;
  const call = (token: string | null) => fetch(url, { signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  let res = await call(currentAccessToken());
  if (res.status === 401) res = await call(await refreshAccessToken());
  if (!res.ok || !res.body) {
    const body = await res.json().catch(() => undefined);
    throw new HttpError(res.status, reasonFor(res.status), body);
  }
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const span = Date.parse(`${range.to}T00:00:00Z`) - start;
  const parts: BlobPart[] = [];
  const reader = res.body.getReader();
  const text = new TextDecoder();
  let tail = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    tail = (tail + text.decode(value, { stream: true })).slice(-400);
    const lines = tail.split('\n');
    const last = Date.parse(lines[lines.length - 2]?.split(',')[0] ?? '');
    if (Number.isFinite(last) && span > 0) onProgress(Math.min(1, Math.max(0, (last - start) / span)));
  }
  onProgress(1);
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'readings.csv';
  return { blob: new Blob(parts, { type: 'text/csv' }), filename };
}
