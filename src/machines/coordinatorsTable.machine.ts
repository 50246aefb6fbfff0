/**
 * The admin's coordinators table (spec section 2, Admin dashboard): search over name, email and phone,
 * client-side pages of 10, the Edit Coordinator modal and Deactivate. Failures of the edit and deactivate
 * calls are shown as notices; a failed list load shows an empty list, as the spec says.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HttpError } from '@/services/http';
import { deactivateCoordinator, listCoordinators, updateCoordinator, type CoordinatorRow, type PersonEdit } from '@/services/people';
import { asHttp } from './personEdit';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { clampPage, pageCount } from './paging';

export const COORDINATOR_PAGE_SIZE = 10;

/** Case-insensitive match over name, email and phone. */
export function matchingCoordinators(all: CoordinatorRow[], search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return all;
  return all.filter((c) => [c.name, c.email, c.phoneNumber ?? ''].some((v) => v.toLowerCase().includes(q)));
}

export { pageCount };

type CoordinatorsTableContext = PersonEditContext & {
  all: CoordinatorRow[];
  search: string;
  page: number;
  notice: { kind: 'deactivateFailed'; error: HttpError | null } | null;
  /** The deactivation asked about in the confirmation dialog (named, so the question names the person). */
  pending: { id: string; name: string } | null;
};
export type CoordinatorsTableEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'edit.open'; coordinator: CoordinatorRow }
  | PersonEditEvent
  | { type: 'coordinator.deactivate'; id: string }
  | { type: 'notice.dismiss' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export const coordinatorsTableMachine = setup({
  types: {
    context: {} as CoordinatorsTableContext,
    events: {} as CoordinatorsTableEvent,
  },
  actors: {
    load: fromPromise<CoordinatorRow[]>(async ({ signal }) => (await listCoordinators(undefined, signal)).coordinators),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateCoordinator(input.id, input.edit)),
    deactivate: fromPromise<unknown, { id: string }>(({ input }) => deactivateCoordinator(input.id)),
  },
}).createMachine({
  id: 'coordinatorsTable',
  context: { all: [], search: '', page: 1, ...closedEdit, notice: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ all: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ all: [] }) },
      },
    },
    ready: {
      on: {
        'search.change': { actions: assign({ search: ({ event }) => event.value, page: 1 }) },
        'page.go': {
          actions: assign({
            page: ({ context, event }) => clampPage(event.page, pageCount(matchingCoordinators(context.all, context.search).length, COORDINATOR_PAGE_SIZE)),
          }),
        },
        'edit.open': { target: 'editing', actions: assign(({ event }) => openEditOn(event.coordinator)) },
        'coordinator.deactivate': {
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            notice: null,
            pending: { id: event.id, name: context.all.find((c) => c._id === event.id)?.name ?? '' },
          })),
        },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
    },
    editing: personEditingState<CoordinatorsTableContext, CoordinatorsTableEvent>({ closed: '#coordinatorsTable.ready', saved: '#coordinatorsTable.loading' }),
    /** Deactivating is asked first: 'Deactivate coordinator <name>?' with Cancel and Confirm. */
    confirming: {
      on: {
        'confirm.accept': 'deactivating',
        'confirm.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deactivating: {
      tags: ['busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ id: context.pending!.id }),
        onDone: { target: 'loading', actions: assign({ pending: null }) },
        onError: {
          target: 'ready',
          actions: assign({ pending: null, notice: ({ event }) => ({ kind: 'deactivateFailed' as const, error: asHttp(event.error) }) }),
        },
      },
    },
  },
});
