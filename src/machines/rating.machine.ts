/**
 * Thumbs up/down on one of the farmer's own chatbot answers or leaf-photo results (POST /ratings). Choosing
 * sends the rating; a failure keeps the previous choice and says so; choosing again replaces the rating.
 */
import { assign, fromPromise, setup } from 'xstate';
import { rate } from '@/services/trust';
import type { RatingKind } from '../../contracts/trust';

export type RatingInput = { kind: RatingKind; subjectId: string };
export type RatingEvent = { type: 'rating.choose'; up: boolean };

type Ctx = RatingInput & { up: boolean | null; choosing: boolean | null; error: unknown };

export const ratingMachine = setup({
  types: { context: {} as Ctx, events: {} as RatingEvent, input: {} as RatingInput },
  actors: {
    send: fromPromise<unknown, { kind: RatingKind; subjectId: string; up: boolean }>(({ input, signal }) => rate(input, signal)),
  },
  guards: { changes: ({ context, event }) => event.up !== context.up },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({ ...input, up: null, choosing: null, error: null }),
  initial: 'open',
  states: {
    open: {
      on: { 'rating.choose': { guard: 'changes', target: 'saving', actions: assign({ choosing: ({ event }) => event.up, error: null }) } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ kind: context.kind, subjectId: context.subjectId, up: context.choosing! }),
        onDone: { target: 'open', actions: assign({ up: ({ context }) => context.choosing, choosing: null }) },
        onError: { target: 'open', actions: assign({ choosing: null, error: ({ event }) => event.error }) },
      },
    },
  },
});
