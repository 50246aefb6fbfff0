/**
 * Farm decision support: load the caller's fields; none → 'no fields' message; pick one → its
 * weather and insights load side by side. Spec failure behaviours: fields failing → three sample
 * plots with plot1 selected; weather failing → the weather card is cleared; insights failing →
 * insights cleared and the loading message stays.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getInsights, getWeather, listFieldChoices, type FieldChoice, type Insight, type WeatherNow } from '../services/fdss';

export const SAMPLE_PLOTS: FieldChoice[] = [
  { _id: 'plot1', fieldId: 'plot1', name: 'Plot 1' },
  { _id: 'plot2', fieldId: 'plot2', name: 'Plot 2' },
  { _id: 'plot3', fieldId: 'plot3', name: 'Plot 3' },
];

type Ctx = { fields: FieldChoice[]; fieldId: string | null; weather: WeatherNow | null; insights: Insight[] };

export const fdssMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as { type: 'fdss.fieldChosen'; fieldId: string },
  },
  actors: {
    loadFields: fromPromise<FieldChoice[]>(({ signal }) => listFieldChoices(signal)),
    loadWeather: fromPromise<WeatherNow, { fieldId: string }>(({ input, signal }) => getWeather(input.fieldId, signal)),
    loadInsights: fromPromise<Insight[], { fieldId: string }>(({ input, signal }) => getInsights(input.fieldId, signal)),
  },
  actions: {
    /** The spec says the fields failure is only logged. */
    logError: (_, params: { what: string; error: unknown }) => console.error(`fdss: ${params.what} failed`, params.error),
  },
}).createMachine({
  id: 'fdss',
  context: { fields: [], fieldId: null, weather: null, insights: [] },
  initial: 'loadingFields',
  states: {
    loadingFields: {
      invoke: {
        id: 'loadFields',
        src: 'loadFields',
        onDone: [
          { guard: ({ event }) => event.output.length > 0, target: 'ready.choosing', actions: assign({ fields: ({ event }) => event.output }) },
          { target: 'noFields' },
        ],
        onError: {
          target: 'ready.field',
          actions: [
            assign({ fields: SAMPLE_PLOTS, fieldId: 'plot1' }),
            { type: 'logError', params: ({ event }) => ({ what: 'fields', error: event.error }) },
          ],
        },
      },
    },
    noFields: {},
    ready: {
      initial: 'choosing',
      on: {
        'fdss.fieldChosen': {
          target: '.field',
          reenter: true,
          actions: assign({ fieldId: ({ event }) => event.fieldId, weather: null, insights: [] }),
        },
      },
      states: {
        choosing: {},
        field: {
          type: 'parallel',
          states: {
            weather: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadWeather',
                    src: 'loadWeather',
                    input: ({ context }) => ({ fieldId: context.fieldId! }),
                    onDone: { target: 'shown', actions: assign({ weather: ({ event }) => event.output }) },
                    onError: { target: 'cleared', actions: assign({ weather: null }) },
                  },
                },
                shown: {},
                cleared: {},
              },
            },
            insights: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadInsights',
                    src: 'loadInsights',
                    input: ({ context }) => ({ fieldId: context.fieldId! }),
                    onDone: { target: 'shown', actions: assign({ insights: ({ event }) => event.output }) },
                    onError: { target: 'failed', actions: assign({ insights: [] }) },
                  },
                },
                shown: {},
                failed: {},
              },
            },
          },
        },
      },
    },
  },
});
