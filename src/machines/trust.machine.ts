/**
 * The trust dashboard: load the measured figures (GET /trust), show one of five tabs; a failed load offers
 * Retry, and Refresh reads the figures again. Choosing a tab works in every state.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getTrustFigures, type TrustFigures } from '@/services/trust';

export const TRUST_TABS = ['overview', 'security', 'transparency', 'community', 'socialImpact'] as const;
export type TrustTab = (typeof TRUST_TABS)[number];
export type { TrustFigures };

export type TrustEvent = { type: 'tab.select'; tab: TrustTab } | { type: 'trust.retry' } | { type: 'trust.refresh' };

type Ctx = { tab: TrustTab; figures: TrustFigures | null; error: unknown };

export const trustMachine = setup({
  types: { context: {} as Ctx, events: {} as TrustEvent },
  actors: { load: fromPromise<TrustFigures>(({ signal }) => getTrustFigures(signal)) },
}).createMachine({
  id: 'trust',
  context: { tab: 'overview', figures: null, error: null },
  initial: 'loading',
  on: { 'tab.select': { actions: assign({ tab: ({ event }) => event.tab }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ figures: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ready: { on: { 'trust.refresh': 'loading' } },
    failed: { on: { 'trust.retry': 'loading' } },
  },
});
