import { createActorContext } from '@xstate/react';
import { farmersTableMachine } from './farmersTable.machine';

export const FarmersTableContext = createActorContext(farmersTableMachine);
