/**
 * Coordinator farmer management (spec section 2): search, status filter (all, active, inactive, alert),
 * selection of some or all farmers on the page, and the Send Message dialog. Edits reuse the farmer
 * edit dialog rules; 'page x of y' moves through the server's pages.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HttpError } from '@/services/http';
import { listManagedFarmers, updateFarmer, type FarmerRow, type PersonEdit } from '@/services/people';
import { sendMessage } from '@/services/messages';
import { asHttp } from './personEdit';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { clampPage } from './paging';
import { fieldChanged } from './fieldChanged';

export const MANAGED_PAGE_SIZE = 10;
export type StatusFilter = 'all' | 'active' | 'inactive' | 'alert';

export type CoordinatorFarmersNotice =
  | { kind: 'loadFailed' | 'sendFailed'; error: HttpError | null }
  | { kind: 'missing' }
  | { kind: 'sent'; count: number };

type CoordinatorFarmersContext = PersonEditContext & {
  page: number;
  search: string;
  status: StatusFilter;
  farmers: FarmerRow[];
  totalPages: number;
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
  | { type: 'notice.dismiss' };

export const coordinatorFarmersMachine = setup({
  types: {
    context: {} as CoordinatorFarmersContext,
    events: {} as CoordinatorFarmersEvent,
  },
  actors: {
    load: fromPromise<{ farmers: FarmerRow[]; totalPages: number }, { page: number; search: string; status: StatusFilter }>(
      async ({ input, signal }) => {
        const r = await listManagedFarmers(
          { page: input.page, limit: MANAGED_PAGE_SIZE, search: input.search || undefined, status: input.status },
          signal,
        );
        return { farmers: r.farmers, totalPages: r.pagination.totalPages };
      },
    ),
    send: fromPromise<{ sentTo: number }, { farmerIds: string[]; subject: string; message: string }>(({ input }) => sendMessage(input)),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    messageIncomplete: ({ context }) => !context.subject.trim() || !context.message.trim() || context.selected.length === 0,
  },
}).createMachine({
  id: 'coordinatorFarmers',
  context: {
    page: 1, search: '', status: 'all', farmers: [], totalPages: 1, selected: [], subject: '', message: '', ...closedEdit, notice: null,
  },
  initial: 'loading',
  on: {
    'farmer.view': { actions: { type: 'navigate', params: ({ event }) => ({ to: `/farmer/${event.id}` }) } },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ page: context.page, search: context.search, status: context.status }),
        onDone: {
          target: 'ready',
          actions: assign({
            farmers: ({ event }) => event.output.farmers,
            totalPages: ({ event }) => event.output.totalPages,
            selected: ({ context, event }) => context.selected.filter((id) => event.output.farmers.some((f) => f._id === id)),
          }),
        },
        onError: { target: 'ready', actions: assign({ farmers: [], totalPages: 1, selected: [], notice: ({ event }) => ({ kind: 'loadFailed' as const, error: asHttp(event.error) }) }) },
      },
    },
    ready: {
      on: {
        'search.change': { target: 'loading', actions: assign({ search: ({ event }) => event.value, page: 1 }) },
        'status.change': { target: 'loading', actions: assign({ status: ({ event }) => event.value, page: 1 }) },
        'page.go': { target: 'loading', actions: assign({ page: ({ context, event }) => clampPage(event.page, context.totalPages) }) },
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
        'notice.dismiss': { actions: assign({ notice: null }) },
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
              actions: assign({ notice: ({ event }) => ({ kind: 'sent' as const, count: event.output.sentTo }), subject: '', message: '', selected: [] }),
            },
            onError: { target: 'open', actions: assign({ notice: ({ event }) => ({ kind: 'sendFailed' as const, error: asHttp(event.error) }) }) },
          },
        },
      },
    },
    editing: personEditingState<CoordinatorFarmersContext, CoordinatorFarmersEvent>({ closed: '#coordinatorFarmers.ready', saved: '#coordinatorFarmers.loading' }),
  },
});
