import { createActorContext } from '@xstate/react';
import { dashboardMachine } from './dashboard.machine';

export const DashboardContext = createActorContext(dashboardMachine);
