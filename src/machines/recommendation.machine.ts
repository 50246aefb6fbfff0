/**
 * One recommendation card's lifecycle (spec section 4, 'AI recommendation'): pending → approved or
 * rejected; implemented from any status except rejected. The server enforces the same rules (409).
 * A failed call returns to where the card was and says 'Failed to update status'; a success tells the
 * page (`recommendation.changed`) so the list and stats reload.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { updateRecommendationStatus, type Recommendation, type RecommendationStatus } from '@/services/recommendations';

export type RecommendationEvent =
  | { type: 'recommendation.approve' }
  | { type: 'recommendation.reject' }
  | { type: 'recommendation.implement' };

type Ctx = { rec: Recommendation; from: RecommendationStatus };

const isStatus = (s: RecommendationStatus) => ({ context }: { context: Ctx }) => context.rec.status === s;

/** A status change in flight: done → the new status, error → back to the status we left, marked failed. */
const change = (id: 'approve' | 'reject' | 'implement', target: RecommendationStatus) =>
  ({
    tags: ['submitting'],
    entry: 'rememberFrom',
    invoke: {
      id,
      src: 'updateStatus',
      input: ({ context }: { context: Ctx }) => ({ id: context.rec._id, status: target }),
      onDone: { target, actions: ['keepRec', 'tellPage'] },
      onError: [{ guard: 'cameFromApproved', target: 'approved.failed' }, { target: 'pending.failed' }],
    },
  }) as const;

export const recommendationMachine = setup({
  types: {
    context: {} as Ctx,
    input: {} as { rec: Recommendation },
    events: {} as RecommendationEvent,
  },
  actions: {
    rememberFrom: assign({ from: ({ context }) => context.rec.status }),
    keepRec: assign({ rec: ({ context, event }) => ('output' in event ? (event.output as Recommendation) : context.rec) }),
    // A card on its own (stories, graph walks) has no page to tell.
    tellPage: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'recommendation.changed' });
    }),
  },
  guards: {
    cameFromApproved: ({ context }) => context.from === 'approved',
  },
  actors: {
    updateStatus: fromPromise<Recommendation, { id: string; status: RecommendationStatus }>(({ input }) =>
      updateRecommendationStatus(input.id, input.status),
    ),
  },
}).createMachine({
  id: 'recommendation',
  context: ({ input }) => ({ rec: input.rec, from: input.rec.status }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: isStatus('approved'), target: 'approved' },
        { guard: isStatus('rejected'), target: 'rejected' },
        { guard: isStatus('implemented'), target: 'implemented' },
        { target: 'pending' },
      ],
    },
    pending: {
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['failed'] } },
      on: { 'recommendation.approve': 'approving', 'recommendation.reject': 'rejecting', 'recommendation.implement': 'implementing' },
    },
    approving: change('approve', 'approved'),
    rejecting: change('reject', 'rejected'),
    approved: {
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['failed'] } },
      on: { 'recommendation.implement': 'implementing' },
    },
    implementing: change('implement', 'implemented'),
    rejected: {},
    implemented: {},
  },
});
