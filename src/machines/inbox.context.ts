import { createActorContext } from '@xstate/react';
import { inboxMachine } from './inbox.machine';

export const InboxContext = createActorContext(inboxMachine);
