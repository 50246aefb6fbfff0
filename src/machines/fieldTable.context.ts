import { createActorContext } from '@xstate/react';
import { fieldTableMachine } from './fieldTable.machine';

export const FieldTableContext = createActorContext(fieldTableMachine);
