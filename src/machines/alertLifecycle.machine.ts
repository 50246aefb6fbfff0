/**
 * One alert's lifecycle on the admin table (spec section 4, 'Alert (admin)'):
 * unacknowledged → acknowledged, unacknowledged → assigned (to a coordinator), assigned → acknowledged.
 * The row changes at once (the assignee's name shows immediately); a failed call puts it back and the
 * row says 'Failed to acknowledge alert' / 'Failed to assign alert'. The server records who did what.
 */
import { assign, fromPromise, setup } from 'xstate';
import { acknowledgeAlert, assignAlert, type AlertItem, type CoordinatorOption } from '@/services/alerts';

export type AlertLifecycleEvent =
  | { type: 'alert.acknowledge' }
  | { type: 'alert.assign'; coordinator: CoordinatorOption }
  /** A pushed update (another admin acted, or the condition cleared). */
  | { type: 'alert.synced'; alert: AlertItem };

type Ctx = { alert: AlertItem; before: AlertItem | null; failure: 'acknowledge' | 'assign' | null };

const isStatus = (s: AlertItem['status']) => ({ context }: { context: Ctx }) => context.alert.status === s;

export const alertLifecycleMachine = setup({
  types: {
    context: {} as Ctx,
    input: {} as { alert: AlertItem },
    events: {} as AlertLifecycleEvent,
  },
  actors: {
    acknowledge: fromPromise<AlertItem, { id: string }>(({ input }) => acknowledgeAlert(input.id)),
    assign: fromPromise<AlertItem, { id: string; coordinatorId: string }>(({ input }) => assignAlert(input.id, input.coordinatorId)),
  },
}).createMachine({
  id: 'alertLifecycle',
  context: ({ input }) => ({ alert: input.alert, before: null, failure: null }),
  initial: 'routing',
  on: {
    'alert.synced': { target: '.routing', actions: assign({ alert: ({ context, event }) => ({ ...event.alert, read: context.alert.read }) }) },
  },
  states: {
    routing: {
      always: [
        { guard: isStatus('acknowledged'), target: 'acknowledged' },
        { guard: isStatus('assigned'), target: 'assigned' },
        { target: 'unacknowledged' },
      ],
    },
    unacknowledged: {
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['failed'] } },
      on: {
        'alert.acknowledge': 'acknowledging',
        'alert.assign': {
          target: 'assigning',
          actions: assign({
            before: ({ context }) => context.alert,
            alert: ({ context, event }) => ({ ...context.alert, status: 'assigned', assignedTo: { _id: event.coordinator._id, name: event.coordinator.name } }),
          }),
        },
      },
    },
    acknowledging: {
      tags: ['submitting'],
      entry: assign({
        failure: null,
        before: ({ context }) => context.alert,
        alert: ({ context }) => ({ ...context.alert, status: 'acknowledged' }),
      }),
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => ({ id: context.alert.id }),
        onDone: { target: 'acknowledged', actions: assign({ alert: ({ context, event }) => ({ ...event.output, read: context.alert.read }), before: null }) },
        onError: [
          {
            guard: ({ context }) => context.before?.status === 'assigned',
            target: 'assigned.failed',
            actions: assign({ alert: ({ context }) => context.before!, before: null, failure: 'acknowledge' }),
          },
          { target: 'unacknowledged.failed', actions: assign({ alert: ({ context }) => context.before!, before: null, failure: 'acknowledge' }) },
        ],
      },
    },
    assigning: {
      tags: ['submitting'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => ({ id: context.alert.id, coordinatorId: context.alert.assignedTo!._id }),
        onDone: { target: 'assigned', actions: assign({ alert: ({ context, event }) => ({ ...event.output, read: context.alert.read }), before: null }) },
        onError: { target: 'unacknowledged.failed', actions: assign({ alert: ({ context }) => context.before!, before: null, failure: 'assign' }) },
      },
    },
    assigned: {
      initial: 'idle',
      states: { idle: {}, failed: { tags: ['failed'] } },
      on: { 'alert.acknowledge': 'acknowledging' },
    },
    acknowledged: {},
  },
});
