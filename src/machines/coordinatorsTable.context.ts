import { createActorContext } from '@xstate/react';
import { coordinatorsTableMachine } from './coordinatorsTable.machine';

export const CoordinatorsTableContext = createActorContext(coordinatorsTableMachine);
