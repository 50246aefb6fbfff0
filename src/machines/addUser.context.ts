import { createActorContext } from '@xstate/react';
import { addUserMachine } from './addUser.machine';

export const AddUserContext = createActorContext(addUserMachine);
