/**
 * Route /: the admin dashboard (admin, superadmin), the coordinator dashboard (coordinator) or the
 * farmer home (everyone else). Each is its own chunk, so a farmer never downloads staff screens.
 */
import { lazy, Suspense } from 'react';
import { isAdmin } from '@/machines/roles';
import { SessionContext } from '@/machines/session.context';
import { Loading } from '@/views/ui/Loading';

const AdminDashboardView = lazy(() => import('@/views/admin/AdminDashboardView').then((x) => ({ default: x.AdminDashboardView })));
const CoordinatorDashboardView = lazy(() =>
  import('@/views/coordinator/CoordinatorDashboardView').then((x) => ({ default: x.CoordinatorDashboardView })),
);
const FarmerHomeView = lazy(() => import('@/views/farmer/FarmerHomeView').then((x) => ({ default: x.FarmerHomeView })));
const FarmerAlerts = lazy(() => import('@/views/alerts/FarmerAlerts').then((x) => ({ default: x.FarmerAlerts })));

export function HomeView() {
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  return (
    <Suspense fallback={<Loading />}>
      {isAdmin(role) ? <AdminDashboardView /> : role === 'coordinator' ? <CoordinatorDashboardView /> : <FarmerHomeView alerts={<FarmerAlerts />} />}
    </Suspense>
  );
}
