/** Actor contexts for the farmer tools: each screen's view tree shares its machine through one. */
import { createActorContext } from '@xstate/react';
import { chatbotMachine } from './chatbot.machine';
import { diseaseUploadMachine } from './diseaseUpload.machine';
import { fdssMachine } from './fdss.machine';
import { landReportMachine } from './landReport.machine';
import { ndviRegistrationMachine } from './ndviRegistration.machine';

export const DiseaseUploadContext = createActorContext(diseaseUploadMachine);
export const ChatbotContext = createActorContext(chatbotMachine);
export const FdssContext = createActorContext(fdssMachine);
export const LandReportContext = createActorContext(landReportMachine);
export const NdviContext = createActorContext(ndviRegistrationMachine);
