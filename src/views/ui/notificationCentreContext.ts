/** The signed-in person's one notification centre, shared by every screen's bell (null when the app gives none). */
import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { notificationCentreMachine } from '@/machines/notificationCentre.machine';

export type NotificationCentreActor = ActorRefFrom<typeof notificationCentreMachine>;
export const NotificationCentreContext = createContext<NotificationCentreActor | null>(null);
