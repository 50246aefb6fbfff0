/** Dashboard stat calls. */
import { http } from './http';
import type { AdminOverview, CoordinatorStats } from '../../server/src/contracts/dashboards';

export type { AdminOverview, CoordinatorStats };

export const getAdminOverview = (signal?: AbortSignal) => http.get<AdminOverview>('/admin/overview', { signal });
export const getCoordinatorStats = (signal?: AbortSignal) =>
  http.get<{ stats: CoordinatorStats }>('/coordinator/dashboard-stats', { signal }).then((r) => r.stats);
