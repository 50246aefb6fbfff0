/**
 * Route /: the admin dashboard (admin, superadmin), the coordinator dashboard (coordinator) or the
 * farmer home (everyone else). The staff dashboards are chunks of their own behind StaffHome (a chunk too, so
 * their preload lists are not in the farmer's first JavaScript): a farmer never downloads staff screens.
 */
import { Suspense } from 'react';
import { isStaff } from '@/machines/roles';
import { SessionContext } from '@/machines/session.context';
import { Loading } from '@/views/ui/Loading';
import { useSessionStarted } from '@/views/ui/useSessionStarted';
import { lazyRetry } from '@/shared/lazyRetry';

export const loadStaffHome = () => import('./StaffHome');
const StaffHome = lazyRetry(loadStaffHome);
const FarmerHomeView = lazyRetry(() => import('@/views/farmer/FarmerHomeView').then((x) => ({ default: x.FarmerHomeView })));
const FarmerAlerts = lazyRetry(() => import('@/views/alerts/FarmerAlerts').then((x) => ({ default: x.FarmerAlerts })));

export function HomeView() {
  const role = SessionContext.useSelector((s) => s.context.user?.role);
  // The farmer home's code is in the entry chunk, so it could mount in the session's first commit and ask for the
  // fields before the session has handed over its token (useSessionStarted).
  const sessionStarted = useSessionStarted();
  return (
    <Suspense fallback={<Loading />}>
      {!sessionStarted ? <Loading /> : isStaff(role) ? <StaffHome role={role} /> : <FarmerHomeView alerts={<FarmerAlerts />} />}
    </Suspense>
  );
}
