/**
 * The AI Crop Recommendations page: loads the field list, the recommendations (all fields or the chosen
 * one) and the stats; each card is a recommendation actor. The 'Generate New Recommendation' dialog
 * generates for the chosen field ('Please select a field first' without one). After a generation or a
 * card's status change the list and stats reload (spec section 4). A stats failure is only logged.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { listFieldChoices, type FieldChoice } from '@/services/fields';
import {
  generateRecommendations,
  getRecommendationStats,
  listRecommendations,
  type Recommendation,
  type Stats,
} from '@/services/recommendations';
import { HttpError } from '@/services/http';
import { recommendationMachine } from './recommendation.machine';

export type RecommendationCard = ActorRefFrom<typeof recommendationMachine>;
export type Loaded = { fields: FieldChoice[]; recommendations: Recommendation[]; stats: Stats | null };

export type RecommendationsEvent =
  | { type: 'field.select'; fieldId: string }
  | { type: 'list.refresh' }
  | { type: 'generate.open' }
  | { type: 'generate.cancel' }
  | { type: 'generate.submit' }
  | { type: 'notice.dismiss' }
  | { type: 'recommendation.changed' };

type Failure = 'fetch' | 'generate' | 'noField' | null;
type Ctx = {
  fields: FieldChoice[];
  fieldId: string;
  recommendations: Recommendation[];
  cards: RecommendationCard[];
  stats: Stats;
  failure: Failure;
  error: HttpError | null;
  /** How many were generated last ('Generated N new recommendations!'), until dismissed. */
  generated: number | null;
};

const NO_STATS: Stats = { total: 0, implemented: 0, implementationRate: 0 };
const asHttp = (e: unknown) => (e instanceof HttpError ? e : null);

export const recommendationsMachine = setup({
  types: { context: {} as Ctx, events: {} as RecommendationsEvent },
  actors: {
    load: fromPromise<Loaded, { fieldId: string }>(async ({ input, signal }) => {
      const [fields, recommendations, stats] = await Promise.all([
        listFieldChoices(signal),
        listRecommendations(input.fieldId || null, signal),
        getRecommendationStats(signal).catch((error: unknown) => {
          console.error('recommendations: stats failed', error);
          return null;
        }),
      ]);
      return { fields, recommendations, stats };
    }),
    generate: fromPromise<Recommendation[], { fieldId: string }>(({ input }) => generateRecommendations(input.fieldId)),
    recommendation: recommendationMachine,
  },
  actions: {
    showLoaded: enqueueActions(({ context, event, enqueue }) => {
      const out = (event as unknown as { output: Loaded }).output;
      for (const card of context.cards) enqueue.stopChild(card);
      enqueue.assign({
        fields: out.fields,
        recommendations: out.recommendations,
        stats: out.stats ?? context.stats,
        failure: null,
        error: null,
        cards: ({ spawn }) => out.recommendations.map((rec) => spawn('recommendation', { id: `rec-${rec._id}`, input: { rec } })),
      });
    }),
  },
  guards: {
    fieldChosen: ({ context }) => context.fieldId !== '',
  },
}).createMachine({
  id: 'recommendations',
  context: { fields: [], fieldId: '', recommendations: [], cards: [], stats: NO_STATS, failure: null, error: null, generated: null },
  initial: 'loading',
  on: { 'notice.dismiss': { actions: assign({ generated: null }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ fieldId: context.fieldId }),
        onDone: { target: 'ready', actions: 'showLoaded' },
        onError: { target: 'failed', actions: assign({ failure: 'fetch', error: ({ event }) => asHttp(event.error) }) },
      },
    },
    failed: {
      on: { 'list.refresh': 'loading', 'field.select': { target: 'loading', actions: assign({ fieldId: ({ event }) => event.fieldId }) } },
    },
    ready: {
      initial: 'idle',
      on: {
        'recommendation.changed': '#recommendations.loading',
      },
      states: {
        idle: {
          on: {
            'list.refresh': '#recommendations.loading',
            'field.select': { target: '#recommendations.loading', actions: assign({ fieldId: ({ event }) => event.fieldId }) },
            'generate.open': { target: 'dialog', actions: assign({ failure: null, error: null, generated: null }) },
          },
        },
        dialog: {
          on: {
            'generate.cancel': { target: 'idle', actions: assign({ failure: null, error: null }) },
            'generate.submit': [
              { guard: 'fieldChosen', target: 'generating' },
              { target: 'dialog', reenter: true, actions: assign({ failure: 'noField' }) },
            ],
          },
        },
        generating: {
          tags: ['submitting'],
          entry: assign({ failure: null, error: null }),
          invoke: {
            id: 'generate',
            src: 'generate',
            input: ({ context }) => ({ fieldId: context.fieldId }),
            onDone: { target: '#recommendations.loading', actions: assign({ generated: ({ event }) => event.output.length }) },
            onError: { target: 'dialog', actions: assign({ failure: 'generate', error: ({ event }) => asHttp(event.error) }) },
          },
        },
      },
    },
  },
});
