/**
 * Analytics & Reports: the period (default month) and report type are chosen freely; 'Apply Filters'
 * loads the analytics of the chosen period (the report type changes nothing visible, per spec).
 * 'Export Report' only says the feature is coming soon.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getAnalytics, type Analytics, type Period } from '@/services/analytics';

export type { Analytics, Period };

export type ReportType = 'overview' | 'performance' | 'fieldHealth' | 'yield';

export type AnalyticsEvent =
  | { type: 'period.change'; period: Period }
  | { type: 'report.change'; report: ReportType }
  | { type: 'filters.apply' }
  | { type: 'export.click' }
  | { type: 'notice.dismiss' };

type Ctx = { period: Period; report: ReportType; analytics: Analytics | null; exportNotice: boolean };

export const analyticsMachine = setup({
  types: { context: {} as Ctx, events: {} as AnalyticsEvent },
  actors: {
    load: fromPromise<Analytics, { period: Period }>(({ input, signal }) => getAnalytics(input.period, signal)),
  },
}).createMachine({
  id: 'analytics',
  context: { period: 'month', report: 'overview', analytics: null, exportNotice: false },
  initial: 'loading',
  on: {
    'period.change': { actions: assign({ period: ({ event }) => event.period }) },
    'report.change': { actions: assign({ report: ({ event }) => event.report }) },
    'export.click': { actions: assign({ exportNotice: true }) },
    'notice.dismiss': { actions: assign({ exportNotice: false }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ period: context.period }),
        onDone: { target: 'ready', actions: assign({ analytics: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ analytics: null }) },
      },
    },
    ready: { on: { 'filters.apply': 'loading' } },
    failed: { on: { 'filters.apply': 'loading' } },
  },
});
