/**
 * Advanced Analytics: loads the fields the caller may reach, picks the first, then loads that field's
 * analytics for the chosen range (7d, 30d, 90d, 1y; default 7d). Field or range changes and 'Refresh
 * Data' reload; a failure shows Retry ('Failed to fetch fields' / 'Failed to fetch analytics data').
 * Each of the four cards opens its detail report.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getAdvancedAnalytics, type AdvancedAnalytics, type Range } from '@/services/analytics';
import { listFieldChoices, type FieldChoice } from '@/services/fields';

export type { AdvancedAnalytics, Range, FieldChoice };
export type Card = 'sensors' | 'crop' | 'soil' | 'financial';
export const RANGES: Range[] = ['7d', '30d', '90d', '1y'];

export type AdvancedAnalyticsEvent =
  | { type: 'field.select'; fieldId: string }
  | { type: 'range.select'; range: Range }
  | { type: 'data.refresh' }
  | { type: 'data.retry' }
  | { type: 'detail.open'; card: Card }
  | { type: 'detail.close' };

type Ctx = {
  fields: FieldChoice[];
  fieldId: string;
  range: Range;
  analytics: AdvancedAnalytics | null;
  detail: Card | null;
  failure: 'fields' | 'analytics' | null;
};

export const advancedAnalyticsMachine = setup({
  types: { context: {} as Ctx, events: {} as AdvancedAnalyticsEvent },
  actors: {
    fields: fromPromise<FieldChoice[]>(({ signal }) => listFieldChoices(signal)),
    load: fromPromise<AdvancedAnalytics, { fieldId: string; range: Range }>(({ input, signal }) => getAdvancedAnalytics(input.fieldId, input.range, signal)),
  },
  guards: {
    haveField: ({ context }) => context.fieldId !== '',
    anyField: ({ event }) => (event as unknown as { output: FieldChoice[] }).output.length > 0,
  },
}).createMachine({
  id: 'advancedAnalytics',
  context: { fields: [], fieldId: '', range: '7d', analytics: null, detail: null, failure: null },
  initial: 'loadingFields',
  states: {
    loadingFields: {
      tags: ['loading'],
      invoke: {
        id: 'fields',
        src: 'fields',
        onDone: [
          {
            guard: 'anyField',
            target: 'loading',
            actions: assign({ fields: ({ event }) => event.output, fieldId: ({ event }) => event.output[0]._id, failure: null }),
          },
          { target: 'noFields', actions: assign({ fields: [], failure: null }) },
        ],
        onError: { target: 'failed', actions: assign({ failure: 'fields' }) },
      },
    },
    noFields: { on: { 'data.refresh': 'loadingFields' } },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ fieldId: context.fieldId, range: context.range }),
        onDone: { target: 'ready', actions: assign({ analytics: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: 'analytics', analytics: null }) },
      },
    },
    failed: {
      on: {
        'data.retry': [{ guard: 'haveField', target: 'loading' }, { target: 'loadingFields' }],
        'field.select': { guard: 'haveField', target: 'loading', actions: assign({ fieldId: ({ event }) => event.fieldId }) },
        'range.select': { guard: 'haveField', target: 'loading', actions: assign({ range: ({ event }) => event.range }) },
      },
    },
    ready: {
      initial: 'overview',
      on: {
        'field.select': { target: 'loading', actions: assign({ fieldId: ({ event }) => event.fieldId, detail: null }) },
        'range.select': { target: 'loading', actions: assign({ range: ({ event }) => event.range, detail: null }) },
        'data.refresh': { target: 'loading', actions: assign({ detail: null }) },
      },
      states: {
        overview: { on: { 'detail.open': { target: 'detail', actions: assign({ detail: ({ event }) => event.card }) } } },
        detail: { on: { 'detail.close': { target: 'overview', actions: assign({ detail: null }) } } },
      },
    },
  },
});
