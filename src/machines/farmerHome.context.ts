/** The farmer home actor shared by the farmer home view tree. */
import { createActorContext } from '@xstate/react';
import { farmerHomeMachine } from './farmerHome.machine';

export const FarmerHomeContext = createActorContext(farmerHomeMachine);
