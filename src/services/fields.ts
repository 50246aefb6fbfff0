/** Field calls (spec section 7, Fields). One function per endpoint. */
import { http } from './http';
import type { AddFieldBody as AddFieldPayload, FieldChoice, FieldDetail, FieldList, FieldPin, FieldPins } from '../../server/src/contracts/fields';

export type { FieldChoice, FieldDetail, FieldList, FieldPin, FieldPins, FieldRow } from '../../server/src/contracts/fields';
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

const STATUS_OF = { g: 'good', w: 'warning', a: 'alert' } as const;

/** The map's columns (contracts/fields.ts FieldPins) → one object per pin; the server's encodePins is the inverse. */
export function decodePins(c: FieldPins): FieldPin[] {
  const pins = new Array<FieldPin>(c.count);
  for (let i = 0; i < c.count; i++) {
    const crop = c.crop[i];
    const farmer = c.farmer[i];
    pins[i] = {
      fieldId: c.fieldId[i],
      fieldName: c.name[i],
      status: STATUS_OF[c.status[i] as keyof typeof STATUS_OF] ?? 'good',
      crop: crop >= 0 ? c.crops[crop] : null,
      farmerName: farmer >= 0 ? c.farmers[farmer] : null,
      lat: c.lat[i],
      lng: c.lng[i],
    };
  }
  return pins;
}

/**
 * Every pinned field in reach. The server answers with an ETag and `no-cache`: the browser revalidates with
 * If-None-Match and, while nothing changed, gets a bodiless 304 and reuses its copy.
 */
export const listFieldPins = (signal?: AbortSignal) => http.get<FieldPins>('/fields/map', { signal }).then(decodePins);

export const getFieldDetail = (id: string, signal?: AbortSignal) => http.get<FieldDetail>(`/admin/fields/${id}`, { signal });

export const saveFieldLocation = (id: string, lat: number, lng: number) => http.put<unknown>(`/admin/fields/${id}/location`, { lat, lng });

export type SensorTimeline = { sensors: { type: string; readings: { timestamp: string; value: number }[] }[] };
export const getSensorTimeline = (id: string, days: number, signal?: AbortSignal) =>
  http.get<SensorTimeline>(`/admin/fields/${id}/sensor-data`, { params: { days }, signal });
