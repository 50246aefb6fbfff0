import { createActorContext } from '@xstate/react';
import { diseaseUploadMachine } from './diseaseUpload.machine';

export const DiseaseUploadContext = createActorContext(diseaseUploadMachine);
