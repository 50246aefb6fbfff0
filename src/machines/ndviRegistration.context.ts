import { createActorContext } from '@xstate/react';
import { ndviRegistrationMachine } from './ndviRegistration.machine';

export const NdviContext = createActorContext(ndviRegistrationMachine);
