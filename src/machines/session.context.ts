/** The session actor shared by the whole view tree (context.user, context.accessToken). */
import { createActorContext } from '@xstate/react';
import { sessionMachine } from './session.machine';

export const SessionContext = createActorContext(sessionMachine);
