import { createActorContext } from '@xstate/react';
import { landReportMachine } from './landReport.machine';

export const LandReportContext = createActorContext(landReportMachine);
