import { createActorContext } from '@xstate/react';
import { addFieldMachine } from './addField.machine';

export const AddFieldContext = createActorContext(addFieldMachine);
