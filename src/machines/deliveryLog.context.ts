import { createActorContext } from '@xstate/react';
import { deliveryLogMachine } from './deliveryLog.machine';

export const DeliveryLogContext = createActorContext(deliveryLogMachine);
