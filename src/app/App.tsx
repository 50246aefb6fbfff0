/**
 * Every route of spec section 2 (plus /reset-password and /messages), each screen its own lazy chunk,
 * with the guards (src/app/Guard.tsx): no token on a guarded route → /login; a role that is neither admin nor
 * coordinator on a staff route → /; a signed-in user opening /login → /. Superadmin counts as admin.
 * The sign-in page and the home are here; every other route is in MoreRoutes, a chunk of its own that the farmer
 * home's first JavaScript does not carry (issue 17's budget).
 */
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Loading } from '@/views/ui/Loading';
import { lazyRetry } from '@/shared/lazyRetry';
import { PATHS } from './paths';
import { screen } from './Guard';
import { lazyView } from './lazyView';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

const LoginView = lazyView(() => import('@/views/auth/LoginView'), 'LoginView');
const HomeView = lazyView(() => import('@/views/home/HomeView'), 'HomeView');
export const loadMoreRoutes = () => import('./MoreRoutes');
const MoreRoutes = lazyRetry(loadMoreRoutes);

export function App() {
  const [location] = useLocation();
  return (
    // Keyed by path: leaving a screen that failed also leaves its error behind.
    <ScreenErrorBoundary key={location}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={PATHS.login}>{screen('guest', <LoginView />)}</Route>
          <Route path={PATHS.home}>{screen('signedIn', <HomeView />)}</Route>
          <Route>
            <MoreRoutes />
          </Route>
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
