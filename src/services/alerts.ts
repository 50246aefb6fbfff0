/** Alert calls (spec section 7, 'People and alerts', and the alarm lifecycle of issue 16). */
import type { AlertDetailResponse, AlertItem, AlertState, AlertStatus, Severity, AlertType, TimelineEntry } from '../../contracts/alerts';
import type { Pagination } from '../../contracts/common';
import { http } from './http';
import { sendOrQueue } from './outbox';

export type { AlertDetailResponse, AlertItem, AlertState, AlertStatus, Severity, AlertType, TimelineEntry };
export type CoordinatorOption = { _id: string; name: string; email?: string };

/** Filters every list takes; the server orders every page active first, then by severity, then newest. */
export type AlertFilters = { severity?: Severity; type?: AlertType; state?: AlertState; status?: AlertStatus };
export type AlertQuery = AlertFilters & { page: number; limit: number; search?: string };
export type AlertPage = { alerts: AlertItem[]; pagination: Pagination; unread: number };

const at = (id: string) => `/alerts/${encodeURIComponent(id)}`;

export const adminAlerts = (q: AlertFilters & { page?: number; limit?: number }, signal?: AbortSignal) =>
  http.get<{ alerts: AlertItem[]; pagination: Pagination }>('/admin/alerts', { params: q, signal });

export const coordinatorAlerts = (q: AlertQuery, signal?: AbortSignal) =>
  http.get<AlertPage>('/coordinator/alerts', { params: q, signal });

/** The caller's own alerts (a farmer's; read-only). */
export const myAlerts = (q: AlertFilters & { page?: number; limit?: number }, signal?: AbortSignal) =>
  http.get<{ alerts: AlertItem[]; pagination: Pagination }>('/alerts', { params: q, signal });

/** One alert with its timeline. */
export const alertDetail = (id: string, signal?: AbortSignal) => http.get<AlertDetailResponse>(at(id), { signal });

/**
 * Acknowledge (admins any alert, coordinators their farmers'), optionally saying why in the same step. Offline
 * (or with no answer) it waits in the outbox with its idempotency key (issue 17): `{ queued }`; `summary` is what
 * the outbox panel shows for it (the field's name).
 */
export const acknowledgeAlert = (id: string, comment: string | undefined, summary: string) =>
  sendOrQueue<AlertDetailResponse>('acknowledge', { method: 'patch', url: `${at(id)}/acknowledge`, body: comment ? { comment } : {} }, summary);

export const assignAlert = (id: string, coordinatorId: string) =>
  http.patch<AlertDetailResponse>(`/admin/alerts/${encodeURIComponent(id)}/assign`, { coordinatorId });

export const clearAlert = (id: string) => http.patch<AlertDetailResponse>(`${at(id)}/clear`);

export const commentOnAlert = (id: string, text: string) => http.post<AlertDetailResponse>(`${at(id)}/comments`, { text });

export const markAlertRead = (id: string) => http.post<{ ok: true }>(`/coordinator/alerts/${encodeURIComponent(id)}/read`);

export const markAllAlertsRead = () => http.post<{ marked: number; unread: number }>('/coordinator/alerts/read-all');

export const listCoordinators = (signal?: AbortSignal) =>
  http.get<{ users: CoordinatorOption[] }>('/coordinators', { signal }).then((r) => r.users);
