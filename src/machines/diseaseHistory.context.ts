import { createActorContext } from '@xstate/react';
import { diseaseHistoryMachine } from './diseaseHistory.machine';

export const DiseaseHistoryContext = createActorContext(diseaseHistoryMachine);
