/**
 * One notification centre per signed-in person for the whole app: the bell on every screen reads it, so changing
 * screens keeps the count and the loaded list instead of fetching them again (issue 16). Signing out (or in as
 * someone else) stops it and starts a fresh one.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { SessionContext } from '@/machines/session.context';
import { useNotificationCentre } from '@/views/ui/NotificationBell';
import { NotificationCentreContext } from '@/views/ui/notificationCentreContext';

export function NotificationCentreProvider({ children }: { children: ReactNode }) {
  const userId = SessionContext.useSelector((s) => (s.context.accessToken ? s.context.user?._id : undefined));
  // Actors start in effects, a child's before its parent's: started in the first commit, the centre would ask
  // for the list before the session (the parent) has handed its token to the HTTP client — a 401 and a
  // refresh on every page load. After this commit's effects (the session's among them) it is running.
  const [sessionStarted, setSessionStarted] = useState(false);
  useEffect(() => queueMicrotask(() => setSessionStarted(true)), []);
  if (!userId || !sessionStarted) return children;
  return (
    <SignedInCentre key={userId}>{children}</SignedInCentre>
  );
}

function SignedInCentre({ children }: { children: ReactNode }) {
  const actor = useNotificationCentre();
  return <NotificationCentreContext.Provider value={actor}>{children}</NotificationCentreContext.Provider>;
}
