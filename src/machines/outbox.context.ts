/**
 * The signed-in user's outbox actor (src/app/OutboxProvider.tsx starts it). A plain React context rather than
 * createActorContext: parts shown outside the signed-in app (stories, the sign-in pages) find no outbox and
 * show nothing.
 */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { outboxMachine } from './outbox.machine';

export type OutboxActor = ActorRefFrom<typeof outboxMachine>;
export const OutboxContext = createContext<OutboxActor | null>(null);
export const useOutbox = () => useContext(OutboxContext);
