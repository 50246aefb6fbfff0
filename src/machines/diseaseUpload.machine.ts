/**
 * The leaf-photo upload (spec section 4): no file → file selected → analysing (button disabled)
 * → result or error; clearing the file returns to no file. Only image/* files are taken.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DiseaseResult } from '../../server/src/contracts/disease';
import { detectDisease } from '../services/disease';
import { HttpError } from '../services/http';
import { serverLanguage, type ServerLanguage } from '../services/language';

export type DiseaseUploadContext = {
  lang: ServerLanguage;
  /** Optional crop: lets the server name the crop-specific disease (e.g. soybean rust). */
  crop: string;
  file: File | null;
  /** Name of the last file refused for not being an image. */
  refused: string | null;
  result: DiseaseResult | null;
  /** The server's own explanation of a refusal (e.g. 'not a photo'), shown under the spec's failure line. */
  failure: string | null;
};

export const isImageFile = (file: File) => file.type.startsWith('image/');

export const diseaseUploadMachine = setup({
  types: {
    context: {} as DiseaseUploadContext,
    /** The UI locale (mr-IN, en-IN, hi-IN): the result comes back in its language. */
    input: {} as { locale: string },
    events: {} as
      | { type: 'disease.fileChosen'; file: File }
      | { type: 'disease.cropChosen'; crop: string }
      | { type: 'disease.analyse' }
      | { type: 'disease.clear' },
  },
  actors: {
    detect: fromPromise<DiseaseResult, { file: File; lang: ServerLanguage; crop: string }>(({ input, signal }) =>
      detectDisease(input.file, input.lang, input.crop, signal),
    ),
  },
  guards: {
    isImage: ({ event }) => event.type === 'disease.fileChosen' && isImageFile(event.file),
  },
  actions: {
    takeFile: assign({
      file: ({ event }) => (event.type === 'disease.fileChosen' ? event.file : null),
      refused: null,
      result: null,
      failure: null,
    }),
    refuseFile: assign({ refused: ({ event }) => (event.type === 'disease.fileChosen' ? event.file.name : null) }),
    forgetFile: assign({ file: null, refused: null, result: null, failure: null }),
    setCrop: assign({ crop: ({ event }) => (event.type === 'disease.cropChosen' ? event.crop : '') }),
  },
}).createMachine({
  id: 'diseaseUpload',
  context: ({ input }) => ({ lang: serverLanguage(input.locale), crop: '', file: null, refused: null, result: null, failure: null }),
  initial: 'noFile',
  states: {
    // Another photo is chosen by clearing first ('choose another photo'), so the picker lives here only.
    noFile: {
      on: {
        'disease.fileChosen': [{ guard: 'isImage', target: 'selected', actions: 'takeFile' }, { actions: 'refuseFile' }],
        'disease.cropChosen': { actions: 'setCrop' },
      },
    },
    selected: {
      on: {
        'disease.analyse': 'analysing',
        'disease.clear': { target: 'noFile', actions: 'forgetFile' },
        'disease.cropChosen': { actions: 'setCrop' },
      },
    },
    analysing: {
      tags: ['busy'],
      invoke: {
        id: 'detect',
        src: 'detect',
        input: ({ context }) => ({ file: context.file!, lang: context.lang, crop: context.crop }),
        onDone: { target: 'result', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'error',
          actions: assign({
            failure: ({ context, event }) =>
              event.error instanceof HttpError && event.error.status >= 400 && event.error.status < 500
                ? (event.error.serverMessage(context.lang) ?? null)
                : null,
          }),
        },
      },
    },
    result: { on: { 'disease.clear': { target: 'noFile', actions: 'forgetFile' } } },
    error: {
      on: {
        'disease.analyse': 'analysing',
        'disease.clear': { target: 'noFile', actions: 'forgetFile' },
        'disease.cropChosen': { actions: 'setCrop' },
      },
    },
  },
});
