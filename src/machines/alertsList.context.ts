/** The alerts list actor shared by the alerts screens. */
import { createActorContext } from '@xstate/react';
import { alertsListMachine } from './alertsList.machine';

export const AlertsListContext = createActorContext(alertsListMachine);
