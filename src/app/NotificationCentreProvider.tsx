/**
 * One notification centre per signed-in person for the whole app: the bell on every screen reads it, so changing
 * screens keeps the count and the loaded list instead of fetching them again (issue 16). Signing out (or in as
 * someone else) stops it and starts a fresh one. The centre's machine and the bell load after the first screen
 * (issue 17's budget), and the screen keeps its place in the tree throughout: starting the centre never remounts it.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { SessionContext } from '@/machines/session.context';
import { NotificationCentreContext, type NotificationCentreActor } from '@/views/ui/notificationCentreContext';
import { lazyRetry } from '@/shared/lazyRetry';

const NotificationCentreRunner = lazyRetry(() => import('./NotificationCentreRunner'));

export function NotificationCentreProvider({ children }: { children: ReactNode }) {
  const userId = SessionContext.useSelector((s) => (s.context.accessToken ? s.context.user?._id : undefined));
  // Actors start in effects, a child's before its parent's: started in the first commit, the centre would ask
  // for the count before the session (the parent) has handed its token to the HTTP client — a 401 and a
  // refresh on every page load. After this commit's effects (the session's among them) it is running.
  const [sessionStarted, setSessionStarted] = useState(false);
  useEffect(() => queueMicrotask(() => setSessionStarted(true)), []);
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
