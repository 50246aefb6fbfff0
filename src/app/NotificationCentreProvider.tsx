/**
 * One notification centre per signed-in person for the whole app: the bell on every screen reads it, so changing
 * screens keeps the count and the loaded list instead of fetching them again (issue 16). Signing out (or in as
 * someone else) stops it and starts a fresh one. The centre's machine and the bell load after the first screen
 * (issue 17's budget), and the screen keeps its place in the tree throughout: starting the centre never remounts it.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { SessionContext } from '@/machines/session.context';
import { NotificationCentreContext, type NotificationCentreActor } from '@/views/ui/notificationCentreContext';
import { lazyRetry } from '@/shared/lazyRetry';
import { useSessionStarted } from '@/views/ui/useSessionStarted';

const NotificationCentreRunner = lazyRetry(() => import('./NotificationCentreRunner'));

export function NotificationCentreProvider({ children }: { children: ReactNode }) {
  const userId = SessionContext.useSelector((s) => (s.context.accessToken ? s.context.user?._id : undefined));
  // Started in the first commit, the centre would ask for the count before the session has handed over its token
  // (a 401 and a refresh on every page load): useSessionStarted.
  const sessionStarted = useSessionStarted();
  const [actor, setActor] = useState<NotificationCentreActor | null>(null);
  const running = Boolean(userId && sessionStarted);
  return (
    <>
      {running && (
        <Suspense fallback={null}>
          <NotificationCentreRunner key={userId} onActor={setActor} />
        </Suspense>
      )}
      <NotificationCentreContext.Provider value={running ? actor : null}>{children}</NotificationCentreContext.Provider>
    </>
  );
}
