/** Runs the signed-in person's notification centre and hands it to NotificationCentreProvider (loaded after the first screen). */
import { useEffect } from 'react';
import { useNotificationCentre } from '@/views/ui/NotificationBell';
import type { NotificationCentreActor } from '@/views/ui/notificationCentreContext';

export default function NotificationCentreRunner({ onActor }: { onActor: (actor: NotificationCentreActor | null) => void }) {
  const actor = useNotificationCentre();
  useEffect(() => {
    onActor(actor);
    return () => onActor(null);
  }, [actor, onActor]);
  return null;
}
