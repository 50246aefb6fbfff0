import { createActorContext } from '@xstate/react';
import { landFieldsMachine } from './landFields.machine';

export const LandFieldsContext = createActorContext(landFieldsMachine);
