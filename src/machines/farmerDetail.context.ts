import { createActorContext } from '@xstate/react';
import { farmerDetailMachine } from './farmerDetail.machine';

export const FarmerDetailContext = createActorContext(farmerDetailMachine);
