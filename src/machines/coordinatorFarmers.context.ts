import { createActorContext } from '@xstate/react';
import { coordinatorFarmersMachine } from './coordinatorFarmers.machine';

export const CoordinatorFarmersContext = createActorContext(coordinatorFarmersMachine);
