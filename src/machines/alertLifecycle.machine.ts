/**
 * One alert's lifecycle, as its details view shows it (the coordinator's 'Alert Details' dialog and the admin
 * table's): the alert and its timeline are loaded, then the alert is in one of the four statuses of
 * contracts/alertTypes.ts (active/cleared × unacknowledged/acknowledged). Staff acknowledge (with an optional
 * comment), clear and comment; admins also assign (assignment does not change the status). Each action is a busy
 * state that invokes the call; the server's answer (the alert and its timeline) decides the next status; a failed
 * call goes back to the status it left with the failure named (`failure`). A pushed change of the alert reloads
 * the details. Farmers read only.
 * Offline (issue 17): an acknowledgement made without a network (or whose call got no answer) waits in the outbox
 * with its idempotency key (`ackQueued`, 'waiting to send'); when the outbox sends it, its answer decides the
 * status as above; a refusal (say the alert was cleared meanwhile) goes back with the failure named, and the
 * outbox panel says why; a discarded one goes back to the status it left.
 *
 *   loading ─┬─▶ activeUnack ──acknowledge──▶ acknowledging ──▶ activeAck / clearedAck
 *            │                              queued ▼ ▲ sent / refused / discarded
 *            │                                   ackQueued
 *            │        │ clear ▶ clearing ▶ clearedUnack          (each status: idle | failed)
 *            └─▶ loadFailed ──retry──▶ loading                    comment ▶ commenting, assign ▶ assigning
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
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
import { onOutbox, type SendOrQueued } from '@/services/outbox';
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
  | { type: 'alert.synced'; alert: AlertItem }
  /** What the outbox did with a queued acknowledgement. */
  | { type: 'ack.sent'; answer: AlertDetailResponse }
  | { type: 'ack.refused'; error: unknown }
  | { type: 'ack.discarded' };

export type AlertLifecycleContext = {
  alert: AlertItem;
  timeline: TimelineEntry[];
  viewer: LifecycleViewer;
  failure: LifecycleFailure | null;
  /** The error of the failed call (the view says it with httpErrorMessage). */
  error: unknown;
  /** What the running action sends. */
  pending: { comment?: string; coordinatorId?: string; text?: string };
  /** The outbox item of an acknowledgement waiting to be sent. */
  queuedId: string | null;
};

/** The server's answer: a call's output (sent at once) or a queued acknowledgement's, when the outbox sent it. */
function answerOf(event: unknown): AlertDetailResponse {
  const e = event as { output?: SendOrQueued<AlertDetailResponse> | AlertDetailResponse; answer?: AlertDetailResponse };
  if (e.answer) return e.answer;
  const out = e.output!;
  return 'sent' in out ? out.sent : (out as AlertDetailResponse);
}

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
    acknowledge: fromPromise<SendOrQueued<AlertDetailResponse>, { id: string; comment?: string; summary: string }>(({ input }) =>
      acknowledgeAlert(input.id, input.comment, input.summary),
    ),
    /** What becomes of the queued acknowledgement `id`. */
    watchQueued: fromCallback<AlertLifecycleEvent, { id: string | null }>(({ input, sendBack }) =>
      onOutbox((n) => {
        if (n.type !== 'settled' || n.item.id !== input.id) return;
        if (n.outcome === 'sent') sendBack({ type: 'ack.sent', answer: n.answer as AlertDetailResponse });
        else if (n.outcome === 'refused') sendBack({ type: 'ack.refused', error: n.error });
        else sendBack({ type: 'ack.discarded' });
      }),
    ),
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
    queued: ({ event }) => {
      const out = (event as unknown as { output: SendOrQueued<AlertDetailResponse> }).output;
      return 'queued' in out;
    },
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
      queuedId: null,
    }),
    holdQueued: assign({
      queuedId: ({ event }) => (event as unknown as { output: { queued: { id: string } } }).output.queued.id,
    }),
    /** The server's answer: the alert (keeping the reader's own read mark) and its timeline. */
    took: assign(({ context, event }) => {
      const out = answerOf(event);
      return { alert: { ...out.alert, read: context.alert.read }, timeline: out.timeline, pending: {}, queuedId: null };
    }),
    /** Tells the list that spawned it (when there is one) so its row changes at once. */
    changed: enqueueActions(({ context, enqueue, self }) => {
      if ((self as unknown as { _parent?: unknown })._parent) enqueue.sendParent({ type: 'alert.changed', alert: context.alert });
    }),
  },
}).createMachine({
  id: 'alertLifecycle',
  context: ({ input }) => ({ alert: input.alert, timeline: [], viewer: input.viewer, failure: null, error: null, pending: {}, queuedId: null }),
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
        input: ({ context }) => ({ id: context.alert.id, comment: context.pending.comment, summary: context.alert.fieldName }),
        onDone: [
          { guard: 'queued', target: 'ackQueued', actions: 'holdQueued' },
          { target: 'routing', actions: ['took', 'changed'] },
        ],
        onError: { target: 'routing', actions: { type: 'failed', params: { failure: 'acknowledge' } } },
      },
    },
    /** 'Waiting to send': the acknowledgement is in the outbox; nothing else is offered until it is settled. */
    ackQueued: {
      tags: ['queued'],
      invoke: { id: 'watchQueued', src: 'watchQueued', input: ({ context }) => ({ id: context.queuedId }) },
      on: {
        'ack.sent': { target: 'routing', actions: ['took', 'changed'] },
        'ack.refused': { target: 'routing', actions: { type: 'failed', params: { failure: 'acknowledge' } } },
        'ack.discarded': { target: 'routing', actions: assign({ pending: {}, queuedId: null }) },
        // Someone else's change shows at once; the queued acknowledgement still goes (the server decides).
        'alert.synced': { actions: 'takePush' },
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
