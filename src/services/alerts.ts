/** Alert calls (spec section 7, 'People and alerts'). */
import type { AlertItem, AlertState, Severity, AlertType } from '../../contracts/alerts';
import type { Pagination } from '../../contracts/common';
import { http } from './http';

export type { AlertItem, AlertState, Severity, AlertType };
export type CoordinatorOption = { _id: string; name: string; email?: string };

/** Filters both lists take; the server orders every page open first, then by severity, then newest. */
export type AlertFilters = { severity?: Severity; type?: AlertType; state?: AlertState };
export type AlertQuery = AlertFilters & { page: number; limit: number; search?: string };
export type AlertPage = { alerts: AlertItem[]; pagination: Pagination; unread: number };

export const adminAlerts = (q: AlertFilters & { page?: number; limit?: number }, signal?: AbortSignal) =>
  http.get<{ alerts: AlertItem[]; pagination: Pagination }>('/admin/alerts', { params: q, signal });

export const coordinatorAlerts = (q: AlertQuery, signal?: AbortSignal) =>
  http.get<AlertPage>('/coordinator/alerts', { params: q, signal });

export const acknowledgeAlert = (id: string) =>
  http.patch<{ alert: AlertItem }>(`/admin/alerts/${encodeURIComponent(id)}/acknowledge`).then((r) => r.alert);

export const assignAlert = (id: string, coordinatorId: string) =>
  http.patch<{ alert: AlertItem }>(`/admin/alerts/${encodeURIComponent(id)}/assign`, { coordinatorId }).then((r) => r.alert);

export const markAlertRead = (id: string) => http.post<{ ok: true }>(`/coordinator/alerts/${encodeURIComponent(id)}/read`);

export const markAllAlertsRead = () => http.post<{ marked: number; unread: number }>('/coordinator/alerts/read-all');

export const listCoordinators = (signal?: AbortSignal) =>
  http.get<{ users: CoordinatorOption[] }>('/coordinators', { signal }).then((r) => r.users);
