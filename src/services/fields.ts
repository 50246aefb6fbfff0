/** Field calls (spec section 7, Fields). One function per endpoint. */
import { http } from './http';
import { decodePins } from '../shared/fieldPins';
import type { AddFieldBody as AddFieldPayload, FieldChoice, FieldDetail, FieldEditBody, FieldEdited, FieldList, FieldPins } from '../../contracts/fields';

export type { FieldChoice, FieldDetail, FieldEditBody, FieldEdited, FieldList, FieldPin, FieldPins, FieldRow } from '../../contracts/fields';
export type { AddFieldPayload };

export type FieldQuery = { page: number; limit: number; search?: string; status?: 'all' | 'good' | 'warning' | 'alert' };

export const createField = (payload: AddFieldPayload, signal?: AbortSignal) =>
  http.post<{ field: { _id: string; fieldId: string } }>('/fields', payload, { signal });

/** The fields behind every field dropdown (spec: GET /fields → data.fields[]). */
export const listFieldChoices = (signal?: AbortSignal) =>
  http.get<{ data: { fields: FieldChoice[] } }>('/fields', { signal }).then((r) => r.data.fields);

export const listCoordinatorFields = (q: FieldQuery, signal?: AbortSignal) =>
  http.get<FieldList>('/coordinator/field-overview', { params: q, signal });
export const listAdminFields = (q: FieldQuery, signal?: AbortSignal) => http.get<FieldList>('/admin/fields', { params: q, signal });
/** The caller's own reach (a farmer: their own fields): field monitoring for a farmer. */
export const listMyFields = (q: FieldQuery, signal?: AbortSignal) => http.get<FieldList>('/fields/overview', { params: q, signal });

export { decodePins };

/**
 * Every pinned field in reach. The server answers with an ETag and `no-cache`: the browser revalidates with
 * If-None-Match and, while nothing changed, gets a bodiless 304 and reuses its copy.
 */
export const listFieldPins = (signal?: AbortSignal) => http.get<FieldPins>('/fields/map', { signal }).then(decodePins);

export const getFieldDetail = (id: string, signal?: AbortSignal) => http.get<FieldDetail>(`/admin/fields/${id}`, { signal });
/** Field Details of a field within the caller's reach (a farmer: their own; else 404). */
export const getMyFieldDetail = (id: string, signal?: AbortSignal) => http.get<FieldDetail>(`/fields/${encodeURIComponent(id)}`, { signal });

/** Staff: changes the sent attributes of a field (PATCH /fields/:id). */
export const editField = (id: string, body: FieldEditBody, signal?: AbortSignal) =>
  http.patch<FieldEdited>(`/fields/${encodeURIComponent(id)}`, body, { signal });
export const saveFieldLocation = (id: string, lat: number, lng: number) => http.put<unknown>(`/admin/fields/${id}/location`, { lat, lng });

export type SensorTimeline = { sensors: { type: string; readings: { timestamp: string; value: number }[] }[] };
export const getSensorTimeline = (id: string, days: number, signal?: AbortSignal) =>
  http.get<SensorTimeline>(`/admin/fields/${id}/sensor-data`, { params: { days }, signal });
export const getMySensorTimeline = (id: string, days: number, signal?: AbortSignal) =>
  http.get<SensorTimeline>(`/fields/${encodeURIComponent(id)}/sensor-data`, { params: { days }, signal });
