/**
 * One alert's lifecycle, as its details view shows it (the coordinator's 'Alert Details' dialog and the admin
 * table's): the alert and its timeline are loaded, then the alert is in one of the four statuses of
 * contracts/alertTypes.ts (active/cleared × unacknowledged/acknowledged). Staff acknowledge (with an optional
 * comment), clear and comment; admins also assign (assignment does not change the status). Each action is a busy
 * state that invokes the call; the server's answer (the alert and its timeline) decides the next status; a failed
 * call goes back to the status it left with the failure named (`failure`). A pushed change of the alert reloads
 * the details. Farmers read only.
 *
 *   loading ─┬─▶ activeUnack ──acknowledge──▶ acknowledging ──▶ activeAck / clearedAck
 *            │        │ clear ▶ clearing ▶ clearedUnack          (each status: idle | failed)
 *            └─▶ loadFailed ──retry──▶ loading                    comment ▶ commenting, assign ▶ assigning
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  acknowledgeAlert,
  alertDetail,
  assignAlert,
  clearAlert,
  commentOnAlert,
  type AlertDetailResponse,
  type AlertItem,
  type CoordinatorOption,
  type TimelineEntry,
} from '@/services/alerts';
import { ALERT_COMMENT_MAX } from '../../contracts/alertTypes';

export type LifecycleViewer = 'admin' | 'coordinator' | 'farmer';
export type LifecycleFailure = 'load' | 'acknowledge' | 'assign' | 'clear' | 'comment';

export type AlertLifecycleEvent =
  | { type: 'alert.acknowledge'; comment?: string }
  | { type: 'alert.assign'; coordinator: CoordinatorOption }
  | { type: 'alert.clear' }
  | { type: 'alert.comment'; text: string }
  | { type: 'details.retry' }
  /** A pushed update (someone else acted, or the condition cleared): the details are read again. */
  | { type: 'alert.synced'; alert: AlertItem };

export type AlertLifecycleContext = {
  alert: AlertItem;
  timeline: TimelineEntry[];
  viewer: LifecycleViewer;
  failure: LifecycleFailure | null;
  /** The error of the failed call (the view says it with httpErrorMessage). */
  error: unknown;
  /** What the running action sends. */
  pending: { comment?: string; coordinatorId?: string; text?: string };
};

const commentOk = (text: string) => text.trim().length > 0 && text.trim().length <= ALERT_COMMENT_MAX;

const ACKNOWLEDGE = { guard: 'mayAcknowledge', target: '#alertLifecycle.acknowledging', actions: 'holdPending' } as const;
const ASSIGN = { guard: 'isAdmin', target: '#alertLifecycle.assigning', actions: 'holdPending' } as const;
const CLEAR = { guard: 'isStaff', target: '#alertLifecycle.clearing' } as const;
const COMMENT = { guard: 'mayComment', target: '#alertLifecycle.commenting', actions: 'holdPending' } as const;
const SYNCED = { target: '#alertLifecycle.loading', actions: 'takePush' } as const;
const STATUS_STATES = { idle: {}, failed: { tags: ['failed'] } };

export const alertLifecycleMachine = setup({
  types: {
    context: {} as AlertLifecycleContext,
    input: {} as { alert: AlertItem; viewer: LifecycleViewer },
    events: {} as AlertLifecycleEvent,
  },
  actors: {
    load: fromPromise<AlertDetailResponse, { id: string }>(({ input, signal }) => alertDetail(input.id, signal)),
    acknowledge: fromPromise<AlertDetailResponse, { id: string; comment?: string }>(({ input }) => acknowledgeAlert(input.id, input.comment)),
    assign: fromPromise<AlertDetailResponse, { id: string; coordinatorId?: string }>(({ input }) => assignAlert(input.id, input.coordinatorId!)),
    clear: fromPromise<AlertDetailResponse, { id: string }>(({ input }) => clearAlert(input.id)),
    comment: fromPromise<AlertDetailResponse, { id: string; text?: string }>(({ input }) => commentOnAlert(input.id, input.text!)),
  },
  guards: {
    isStaff: ({ context }) => context.viewer !== 'farmer',
    isAdmin: ({ context }) => context.viewer === 'admin',
    mayAcknowledge: ({ context, event }) =>
      context.viewer !== 'farmer' && (event.type !== 'alert.acknowledge' || !event.comment?.trim() || commentOk(event.comment)),
    mayComment: ({ context, event }) => context.viewer !== 'farmer' && event.type === 'alert.comment' && commentOk(event.text),
  },
  actions: {
    holdPending: assign({
      pending: ({ event }) => {
        if (event.type === 'alert.acknowledge') return event.comment?.trim() ? { comment: event.comment.trim() } : {};
        if (event.type === 'alert.assign') return { coordinatorId: event.coordinator._id };
        if (event.type === 'alert.comment') return { text: event.text.trim() };
        return {};
      },
    }),
    takePush: assign({ alert: ({ context, event }) => (event.type === 'alert.synced' ? { ...event.alert, read: context.alert.read } : context.alert) }),
    failed: assign({
      failure: (_, params: { failure: LifecycleFailure }) => params.failure,
      error: ({ event }) => (event as unknown as { error: unknown }).error,
      pending: {},
    }),
    /** The server's answer: the alert (keeping the reader's own read mark) and its timeline. */
    took: assign(({ context, event }) => {
      const out = (event as unknown as { output: AlertDetailResponse }).output;
      return { alert: { ...out.alert, read: context.alert.read }, timeline: out.timeline, pending: {} };
    }),
    /** Tells the list that spawned it (when there is one) so its row changes at once. */
    changed: enqueueActions(({ context, enqueue, self }) => {
      if ((self as unknown as { _parent?: unknown })._parent) enqueue.sendParent({ type: 'alert.changed', alert: context.alert });
    }),
  },
}).createMachine({
  id: 'alertLifecycle',
  context: ({ input }) => ({ alert: input.alert, timeline: [], viewer: input.viewer, failure: null, error: null, pending: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.alert.id }),
        onDone: { target: 'routing', actions: ['took', assign({ failure: null, error: null })] },
        onError: { target: 'loadFailed', actions: { type: 'failed', params: { failure: 'load' } } },
      },
    },
    loadFailed: { tags: ['failed'], on: { 'details.retry': 'loading', 'alert.synced': SYNCED } },
    routing: {
      always: [
        { guard: ({ context }) => context.alert.status === 'active_unack' && context.failure !== null, target: 'activeUnack.failed' },
        { guard: ({ context }) => context.alert.status === 'active_unack', target: 'activeUnack' },
        { guard: ({ context }) => context.alert.status === 'active_ack' && context.failure !== null, target: 'activeAck.failed' },
        { guard: ({ context }) => context.alert.status === 'active_ack', target: 'activeAck' },
        { guard: ({ context }) => context.alert.status === 'cleared_unack' && context.failure !== null, target: 'clearedUnack.failed' },
        { guard: ({ context }) => context.alert.status === 'cleared_unack', target: 'clearedUnack' },
        { guard: ({ context }) => context.failure !== null, target: 'clearedAck.failed' },
        { target: 'clearedAck' },
      ],
    },
    activeUnack: {
      initial: 'idle',
      states: STATUS_STATES,
      on: { 'alert.acknowledge': ACKNOWLEDGE, 'alert.assign': ASSIGN, 'alert.clear': CLEAR, 'alert.comment': COMMENT, 'alert.synced': SYNCED },
    },
    activeAck: {
      initial: 'idle',
      states: STATUS_STATES,
      on: { 'alert.assign': ASSIGN, 'alert.clear': CLEAR, 'alert.comment': COMMENT, 'alert.synced': SYNCED },
    },
    clearedUnack: {
      initial: 'idle',
      states: STATUS_STATES,
      on: { 'alert.acknowledge': ACKNOWLEDGE, 'alert.comment': COMMENT, 'alert.synced': SYNCED },
    },
    clearedAck: { initial: 'idle', states: STATUS_STATES, on: { 'alert.comment': COMMENT, 'alert.synced': SYNCED } },
    acknowledging: {
      tags: ['busy'],
      entry: assign({ failure: null, error: null }),
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => ({ id: context.alert.id, comment: context.pending.comment }),
        onDone: { target: 'routing', actions: ['took', 'changed'] },
        onError: { target: 'routing', actions: { type: 'failed', params: { failure: 'acknowledge' } } },
      },
    },
    assigning: {
      tags: ['busy'],
      entry: assign({ failure: null, error: null }),
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => ({ id: context.alert.id, coordinatorId: context.pending.coordinatorId }),
        onDone: { target: 'routing', actions: ['took', 'changed'] },
        onError: { target: 'routing', actions: { type: 'failed', params: { failure: 'assign' } } },
      },
    },
    clearing: {
      tags: ['busy'],
      entry: assign({ failure: null, error: null }),
      invoke: {
        id: 'clear',
        src: 'clear',
        input: ({ context }) => ({ id: context.alert.id }),
        onDone: { target: 'routing', actions: ['took', 'changed'] },
        onError: { target: 'routing', actions: { type: 'failed', params: { failure: 'clear' } } },
      },
    },
    commenting: {
      tags: ['busy'],
      entry: assign({ failure: null, error: null }),
      invoke: {
        id: 'comment',
        src: 'comment',
        input: ({ context }) => ({ id: context.alert.id, text: context.pending.text }),
        onDone: { target: 'routing', actions: ['took', 'changed'] },
        onError: { target: 'routing', actions: { type: 'failed', params: { failure: 'comment' } } },
      },
    },
  },
});
