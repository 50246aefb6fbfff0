import { createActorContext } from '@xstate/react';
import { fieldMonitoringMachine } from './fieldMonitoring.machine';

export const FieldMonitoringContext = createActorContext(fieldMonitoringMachine);
