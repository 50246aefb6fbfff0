/**
 * Route /: the admin dashboard (admin, superadmin), the coordinator dashboard (coordinator) or the
 * farmer home (everyone else). Each is its own chunk, so a farmer never downloads staff screens.
 */
import { Suspense } from 'react';
import { isAdmin } from '@/machines/roles';
import { SessionContext } from '@/machines/session.context';
import { Loading } from '@/views/ui/Loading';
import { lazyRetry } from '@/shared/lazyRetry';

const AdminDashboardView = lazyRetry(() => import('@/views/admin/AdminDashboardView').then((x) => ({ default: x.AdminDashboardView })));
const CoordinatorDashboardView = lazyRetry(() =>
  import('@/views/coordinator/CoordinatorDashboardView').then((x) => ({ default: x.CoordinatorDashboardView })),
);
const FarmerHomeView = lazyRetry(() => import('@/views/farmer/FarmerHomeView').then((x) => ({ default: x.FarmerHomeView })));
const FarmerAlerts = lazyRetry(() => import('@/views/alerts/FarmerAlerts').then((x) => ({ default: x.FarmerAlerts })));

export function HomeView() {
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  return (
    <Suspense fallback={<Loading />}>
      {isAdmin(role) ? <AdminDashboardView /> : role === 'coordinator' ? <CoordinatorDashboardView /> : <FarmerHomeView alerts={<FarmerAlerts />} />}
    </Suspense>
  );
}
