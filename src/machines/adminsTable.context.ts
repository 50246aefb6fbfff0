import { createActorContext } from '@xstate/react';
import { adminsTableMachine } from './adminsTable.machine';

export const AdminsTableContext = createActorContext(adminsTableMachine);
