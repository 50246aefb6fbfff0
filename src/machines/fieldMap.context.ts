import { createActorContext } from '@xstate/react';
import { fieldMapMachine } from './fieldMap.machine';

export const FieldMapContext = createActorContext(fieldMapMachine);
