/** The Field Map's data: every pinned field the caller may see; a failed load shows the empty map text. */
import { assign, fromPromise, setup } from 'xstate';
import { listFieldPins, type FieldPin } from '@/services/fields';

export const fieldMapMachine = setup({
  types: { context: {} as { pins: FieldPin[] } },
  actors: { load: fromPromise<FieldPin[]>(({ signal }) => listFieldPins(signal)) },
}).createMachine({
  id: 'fieldMap',
  context: { pins: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ pins: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ pins: [] }) },
      },
    },
    ready: {},
  },
});
