import { createActorContext } from '@xstate/react';
import { fdssMachine } from './fdss.machine';

export const FdssContext = createActorContext(fdssMachine);
