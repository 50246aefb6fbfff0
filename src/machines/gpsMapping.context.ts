import { createActorContext } from '@xstate/react';
import { gpsMappingMachine } from './gpsMapping.machine';

export const GpsMappingContext = createActorContext(gpsMappingMachine);
