/**
 * Coordinator farmer management (spec section 2): search, status filter (all, active, inactive, alert),
 * selection of some or all farmers on the page, and the Send Message dialog. Edits reuse the farmer
 * edit dialog rules; 'page x of y' moves through the server's pages. A staff list (staffList.ts).
 * Offline (issue 17): a message sent without a network, or whose call got no answer, waits in the outbox with its
 * Idempotency-Key: the dialog closes with the notice 'waiting to send' (`queued`); when the outbox sends it, that
 * notice becomes 'sent to N farmers', or the server's refusal (the outbox panel keeps the refused item too).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { listManagedFarmers, updateFarmer, type FarmerRow, type PersonEdit } from '@/services/people';
import { sendMessage, type MessageSent } from '@/services/messages';
import { onOutbox, type SendOrQueued } from '@/services/outbox';
import type { HttpError } from '@/shared/httpError';
import { asHttp } from './personEdit';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Failed, type Paged } from './staffList';
import { fieldChanged } from './fieldChanged';

export type StatusFilter = 'all' | 'active' | 'inactive' | 'alert';

export type CoordinatorFarmersNotice =
  | Failed<'loadFailed' | 'sendFailed'>
  | { kind: 'missing' }
  | { kind: 'sent'; count: number }
  /** In the outbox: `count` farmers will get it when it is sent. */
  | { kind: 'queued'; count: number; outboxId: string };

/** What the outbox did with a queued message. */
type QueuedSettled = { type: 'message.queuedSent'; outboxId: string; sentTo: number } | { type: 'message.queuedRefused'; outboxId: string; error: HttpError };

type CoordinatorFarmersContext = Paged<'farmers', FarmerRow> & PersonEditContext & {
  search: string;
  status: StatusFilter;
  selected: string[];
  subject: string;
  message: string;
  notice: CoordinatorFarmersNotice | null;
};
export type CoordinatorFarmersEvent =
  | { type: 'search.change'; value: string }
  | { type: 'status.change'; value: StatusFilter }
  | { type: 'page.go'; page: number }
  | { type: 'select.toggle'; id: string }
  | { type: 'select.all' }
  | { type: 'message.open' }
  | { type: 'message.openFor'; id: string }
  | { type: 'message.change'; key: 'subject' | 'message'; value: string }
  | { type: 'message.send' }
  | { type: 'message.cancel' }
  | { type: 'edit.open'; farmer: FarmerRow }
  | PersonEditEvent
  | { type: 'farmer.view'; id: string }
  | { type: 'notice.dismiss' }
  | QueuedSettled;

type Query = { page: number; search: string; status: StatusFilter };

const list = staffList<CoordinatorFarmersContext, CoordinatorFarmersEvent>({
  id: 'coordinatorFarmers',
  rows: 'farmers',
  query: (c): Query => ({ page: c.page, search: c.search, status: c.status }),
  queryEvents: {
    'search.change': (e) => ({ search: e.value }),
    'status.change': (e) => ({ status: e.value }),
  },
  // The selection keeps only the farmers still listed.
  onRows: (rows, c) => ({ selected: c.selected.filter((id) => (rows as FarmerRow[]).some((f) => f._id === id)) }),
  loadFailed: { notice: 'loadFailed' },
  notices: true,
});

export const coordinatorFarmersMachine = setup({
  types: {
    context: {} as CoordinatorFarmersContext,
    events: {} as CoordinatorFarmersEvent,
  },
  actors: {
    load: pageLoader(async (q: Query, signal) => {
      const r = await listManagedFarmers({ page: q.page, limit: STAFF_PAGE_SIZE, search: q.search || undefined, status: q.status }, signal);
      return asPage(r.farmers, r.pagination);
    }),
    send: fromPromise<SendOrQueued<MessageSent>, { farmerIds: string[]; subject: string; message: string }>(({ input }) => sendMessage(input)),
    /** What becomes of the messages this screen queued. */
    watchQueued: fromCallback<QueuedSettled>(({ sendBack }) =>
      onOutbox((n) => {
        if (n.type !== 'settled' || n.item.kind !== 'message') return;
        if (n.outcome === 'sent') sendBack({ type: 'message.queuedSent', outboxId: n.item.id, sentTo: (n.answer as MessageSent).sentTo });
        else if (n.outcome === 'refused') sendBack({ type: 'message.queuedRefused', outboxId: n.item.id, error: n.error });
      }),
    ),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    messageIncomplete: ({ context }) => !context.subject.trim() || !context.message.trim() || context.selected.length === 0,
    /** The settled item is the one the notice says waits. */
    noticeWaitsFor: ({ context, event }) => context.notice?.kind === 'queued' && 'outboxId' in event && context.notice.outboxId === event.outboxId,
  },
}).createMachine({
  id: 'coordinatorFarmers',
  context: { ...firstPage('farmers'), search: '', status: 'all', selected: [], subject: '', message: '', ...closedEdit, notice: null },
  initial: 'loading',
  invoke: { id: 'watchQueued', src: 'watchQueued' },
  on: {
    'farmer.view': { actions: { type: 'navigate', params: ({ event }) => ({ to: `/farmer/${event.id}` }) } },
    'message.queuedSent': { guard: 'noticeWaitsFor', actions: assign({ notice: ({ event }) => ({ kind: 'sent' as const, count: event.sentTo }) }) },
    'message.queuedRefused': { guard: 'noticeWaitsFor', actions: assign({ notice: ({ event }) => ({ kind: 'sendFailed' as const, error: event.error }) }) },
  },
  states: {
    loading: list.loading,
    ready: {
      on: {
        ...list.ready,
        'select.toggle': {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((x) => x !== event.id) : [...context.selected, event.id],
          }),
        },
        'select.all': {
          actions: assign({
            selected: ({ context }) => (context.selected.length === context.farmers.length ? [] : context.farmers.map((f) => f._id)),
          }),
        },
        'message.open': { target: 'composing', actions: assign({ notice: null }) },
        'message.openFor': { target: 'composing', actions: assign({ selected: ({ event }) => [event.id], notice: null }) },
        'edit.open': { target: 'editing', actions: assign(({ event }) => openEditOn(event.farmer)) },
      },
    },
    composing: {
      initial: 'open',
      on: { 'message.cancel': { target: 'ready' } },
      states: {
        open: {
          on: {
            'message.change': { actions: fieldChanged<CoordinatorFarmersContext>({ reset: { notice: null } }) },
            'message.send': [
              { guard: 'messageIncomplete', actions: assign({ notice: { kind: 'missing' } }) },
              { target: 'sending', actions: assign({ notice: null }) },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => ({ farmerIds: context.selected, subject: context.subject.trim(), message: context.message.trim() }),
            onDone: {
              target: '#coordinatorFarmers.ready',
              actions: assign({
                notice: ({ context, event }) =>
                  'queued' in event.output
                    ? { kind: 'queued' as const, count: context.selected.length, outboxId: event.output.queued.id }
                    : { kind: 'sent' as const, count: event.output.sent.sentTo },
                subject: '',
                message: '',
                selected: [],
              }),
            },
            onError: { target: 'open', actions: assign({ notice: ({ event }) => ({ kind: 'sendFailed' as const, error: asHttp(event.error) }) }) },
          },
        },
      },
    },
    editing: personEditingState<CoordinatorFarmersContext, CoordinatorFarmersEvent>({ closed: '#coordinatorFarmers.ready', saved: '#coordinatorFarmers.loading' }),
  },
});
