/**
 * Farm decision support: load the caller's fields; none → 'no fields' message; pick one → its
 * weather and insights load side by side. Spec failure behaviours: fields failing → three sample
 * plots with plot1 selected; weather failing → the weather card is cleared; insights failing →
 * insights cleared and the loading message stays.
 * Offline (issue 17): the advice shown is kept on the phone, the last one (`fdss.advice`) and each field's own
 * (`fdss.advice.<fieldId>`); when the fields or the advice do not come because the network is away, `offline` shows
 * the chosen field's copy (or the last one) with when it was seen, until the browser is online again or the farmer
 * retries (a timed-out slow network never fires 'online'). Offline the farmer can switch to another of the kept
 * fields: its own copy, or 'nothing saved for this field' (`fieldNothingSaved`).
 */
import { assign, fromPromise, setup, stateIn } from 'xstate';
import { keep, networkAway, recallKept, watchOnline, type Cached } from './offline';
import { getInsights, getWeather, listFieldChoices, type FieldChoice, type Insight, type WeatherNow } from '../services/fdss';

export const SAMPLE_PLOTS: FieldChoice[] = [
  { _id: 'plot1', fieldId: 'plot1', name: 'Plot 1' },
  { _id: 'plot2', fieldId: 'plot2', name: 'Plot 2' },
  { _id: 'plot3', fieldId: 'plot3', name: 'Plot 3' },
];

type Advice = { fields: FieldChoice[]; fieldId: string | null; weather: WeatherNow | null; insights: Insight[] };
/** `offlineAt`: when the advice shown offline was last seen (null: live, or nothing kept). */
type Ctx = Advice & { offlineAt: string | null };

/** What the phone keeps of decision support: the last advice shown, with its field and weather. */
export const FDSS_KEY = 'fdss.advice';
export type CachedAdvice = Advice;
/** One field's last advice (same shape as the last advice). */
export const fdssFieldKey = (fieldId: string) => `${FDSS_KEY}.${fieldId}`;

export const fdssMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as { type: 'fdss.fieldChosen'; fieldId: string } | { type: 'fdss.retry' } | { type: 'network.online' },
  },
  actors: {
    loadFields: fromPromise<FieldChoice[]>(({ signal }) => listFieldChoices(signal)),
    loadWeather: fromPromise<WeatherNow, { fieldId: string }>(({ input, signal }) => getWeather(input.fieldId, signal)),
    loadInsights: fromPromise<Insight[], { fieldId: string }>(({ input, signal }) => getInsights(input.fieldId, signal)),
    /** The chosen field's copy, or (no field chosen yet: the fields did not load) the last advice shown. */
    recallAdvice: fromPromise<Cached<CachedAdvice> | null, { fieldId: string | null }>(({ input }) =>
      recallKept<CachedAdvice>(input.fieldId === null ? FDSS_KEY : fdssFieldKey(input.fieldId)),
    ),
    watchOnline,
  },
  guards: {
    networkAway,
    /** Offline, another field of the kept list (its own copy is read). */
    otherKeptField: ({ context, event }) =>
      event.type === 'fdss.fieldChosen' && event.fieldId !== context.fieldId && context.fields.some((f) => f.fieldId === event.fieldId),
  },
  actions: {
    /** The advice as shown, kept on the phone (best effort). */
    rememberAdvice: ({ context }) => {
      const advice = { fields: context.fields, fieldId: context.fieldId, weather: context.weather, insights: context.insights } satisfies CachedAdvice;
      keep(FDSS_KEY, advice);
      if (context.fieldId) keep(fdssFieldKey(context.fieldId), advice);
    },
    /** Offline, another kept field: its copy is read (nothing of the previous field stays on the screen). */
    chooseKeptField: assign(({ event }) => ({ fieldId: (event as { fieldId: string }).fieldId, weather: null, insights: [], offlineAt: null })),
    /** Leaving the offline copy for a fresh load: the kept advice leaves the screen. */
    forgetKeptCopy: assign({ fields: [], fieldId: null, weather: null, insights: [], offlineAt: null }),
    /** The spec says the fields failure is only logged. */
    logError: (_, params: { what: string; error: unknown }) => console.error(`fdss: ${params.what} failed`, params.error),
  },
}).createMachine({
  id: 'fdss',
  context: { fields: [], fieldId: null, weather: null, insights: [], offlineAt: null },
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
        onError: [
          { guard: 'networkAway', target: 'offline' },
          {
            target: 'ready.field',
            actions: [
              assign({ fields: SAMPLE_PLOTS, fieldId: 'plot1' }),
              { type: 'logError', params: ({ event }) => ({ what: 'fields', error: event.error }) },
            ],
          },
        ],
      },
    },
    noFields: {},
    /** The network is away: the last advice seen, until the browser is online again or the farmer retries. */
    offline: {
      tags: ['offline'],
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      on: { 'network.online': { target: 'loadingFields', actions: 'forgetKeptCopy' } },
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'recallAdvice',
            src: 'recallAdvice',
            input: ({ context }) => ({ fieldId: context.fieldId }),
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'shown',
                // The field list and the field known on the screen stay (a field's copy may hold an older list).
                actions: assign(({ context, event }) => ({
                  fields: context.fields.length > 0 ? context.fields : event.output!.value.fields,
                  fieldId: context.fieldId ?? event.output!.value.fieldId,
                  weather: event.output!.value.weather,
                  insights: event.output!.value.insights,
                  offlineAt: event.output!.savedAt,
                })),
              },
              { guard: ({ context }) => context.fieldId !== null && context.fields.length > 0, target: 'fieldNothingSaved' },
              { target: 'nothingSaved' },
            ],
            onError: [
              { guard: ({ context }) => context.fieldId !== null && context.fields.length > 0, target: 'fieldNothingSaved' },
              { target: 'nothingSaved' },
            ],
          },
        },
        shown: {
          on: {
            'fdss.retry': { target: '#fdss.loadingFields', actions: 'forgetKeptCopy' },
            'fdss.fieldChosen': { guard: 'otherKeptField', target: 'reading', actions: 'chooseKeptField' },
          },
        },
        /** The field chosen has no copy on this phone (the other fields may). */
        fieldNothingSaved: {
          entry: assign({ weather: null, insights: [], offlineAt: null }),
          on: {
            'fdss.retry': { target: '#fdss.loadingFields', actions: 'forgetKeptCopy' },
            'fdss.fieldChosen': { guard: 'otherKeptField', target: 'reading', actions: 'chooseKeptField' },
          },
        },
        nothingSaved: {
          entry: 'forgetKeptCopy',
          on: { 'fdss.retry': '#fdss.loadingFields' },
        },
      },
    },
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
                    // Kept with the advice once that is shown (before, the advice kept last is not replaced by none).
                    onDone: [
                      {
                        guard: stateIn({ ready: { field: { insights: 'shown' } } }),
                        target: 'shown',
                        actions: [assign({ weather: ({ event }) => event.output }), 'rememberAdvice'],
                      },
                      { target: 'shown', actions: assign({ weather: ({ event }) => event.output }) },
                    ],
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
                    onDone: { target: 'shown', actions: [assign({ insights: ({ event }) => event.output }), 'rememberAdvice'] },
                    onError: [
                      { guard: 'networkAway', target: '#fdss.offline' },
                      { target: 'failed', actions: assign({ insights: [] }) },
                    ],
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
