/**
 * Route / for staff: the admin dashboard (admin, superadmin) or the coordinator dashboard (coordinator), each its
 * own chunk. A chunk of its own too (HomeView loads it for staff only): the dashboards' preload lists (~40 chunk
 * names) are not in the farmer's first JavaScript (issue 17's 100 KB). main.tsx starts it beside the catalog when
 * a signed-in staff member opens /.
 */
import { isAdmin } from '@/machines/roles';
import type { Role } from '../../../contracts/roles';
import { lazyRetry } from '@/shared/lazyRetry';

const AdminDashboardView = lazyRetry(() => import('@/views/admin/AdminDashboardView').then((x) => ({ default: x.AdminDashboardView })));
const CoordinatorDashboardView = lazyRetry(() =>
  import('@/views/coordinator/CoordinatorDashboardView').then((x) => ({ default: x.CoordinatorDashboardView })),
);

export default function StaffHome({ role }: { role: Role | undefined }) {
  return isAdmin(role) ? <AdminDashboardView /> : <CoordinatorDashboardView />;
}
