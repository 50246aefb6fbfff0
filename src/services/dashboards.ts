/** Dashboard stat calls. */
import { http } from './http';
import type { AdminOverview, CoordinatorStats } from '../../contracts/dashboards';
import type { AlertItem } from '../../contracts/alerts';

export type { AdminOverview, CoordinatorStats };

export const getAdminOverview = (signal?: AbortSignal) => http.get<AdminOverview>('/admin/overview', { signal });
export const getCoordinatorStats = (signal?: AbortSignal) =>
  http.get<{ stats: CoordinatorStats }>('/coordinator/dashboard-stats', { signal }).then((r) => r.stats);

/** The dashboards' Recent Alerts preview (the alerts endpoints belong to the alerts screens). */
/** The dashboards show the same alert items as the alerts screens. */
export type AlertPreview = AlertItem;
export const listRecentAlerts = (admin: boolean, limit: number, signal?: AbortSignal) =>
  admin
    ? http.get<{ alerts: AlertPreview[] }>('/admin/alerts', { params: { page: 1, limit }, signal }).then((r) => r.alerts.slice(0, limit))
    : http.get<{ alerts: AlertPreview[] }>('/coordinator/alerts', { params: { page: 1, limit }, signal }).then((r) => r.alerts.slice(0, limit));
