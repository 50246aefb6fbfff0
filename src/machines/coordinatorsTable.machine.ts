/**
 * The admin's coordinators table (spec section 2, Admin dashboard): search over name, email and phone, pages of
 * 10, the Edit Coordinator modal and Deactivate. A staff list (staffList.ts): the server pages and searches.
 * Failures of the edit and deactivate calls are shown as notices; a failed list load shows an empty list, as the
 * spec says.
 */
import { assign, fromPromise, setup } from 'xstate';
import { deactivateCoordinator, listCoordinators, updateCoordinator, type CoordinatorRow, type PersonEdit } from '@/services/people';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { listChanges } from './listChanges';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Failed, type Paged } from './staffList';

type CoordinatorsTableContext = Paged<'coordinators', CoordinatorRow> &
  PersonEditContext & {
    search: string;
    notice: Failed<'deactivateFailed'> | null;
    /** The deactivation asked about in the confirmation dialog (named, so the question names the person). */
    pending: { kind: 'deactivate'; id: string; name: string } | null;
  };
export type CoordinatorsTableEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'edit.open'; coordinator: CoordinatorRow }
  | PersonEditEvent
  | { type: 'coordinator.deactivate'; id: string }
  | { type: 'notice.dismiss' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'list.refresh' };

const list = staffList<CoordinatorsTableContext, CoordinatorsTableEvent>({
  id: 'coordinatorsTable',
  rows: 'coordinators',
  query: (c) => ({ page: c.page, search: c.search }),
  queryEvents: { 'search.change': (e) => ({ search: e.value }) },
  notices: true,
  // A role change in the sign-in dialog moves people between the tables (listChanges.ts).
  refreshOn: 'people',
});

export const coordinatorsTableMachine = setup({
  types: {
    context: {} as CoordinatorsTableContext,
    events: {} as CoordinatorsTableEvent,
  },
  actors: {
    listChanges,
    load: pageLoader(async (q: { page: number; search: string }, signal) => {
      const r = await listCoordinators({ page: q.page, limit: STAFF_PAGE_SIZE, search: q.search.trim() || undefined }, signal);
      return asPage(r.coordinators, r.pagination);
    }),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateCoordinator(input.id, input.edit)),
    deactivate: fromPromise<unknown, { id: string }>(({ input }) => deactivateCoordinator(input.id)),
  },
}).createMachine({
  id: 'coordinatorsTable',
  invoke: list.refresh,
  context: { ...firstPage('coordinators'), search: '', ...closedEdit, notice: null, pending: null },
  initial: 'loading',
  states: {
    loading: list.loading,
    ready: {
      on: {
        ...list.ready,
        'edit.open': { target: 'editing', actions: assign(({ event }) => openEditOn(event.coordinator)) },
        // Deactivating is asked first: 'Deactivate coordinator <name>?' with Cancel and Confirm.
        // A new question clears the last failure.
        'coordinator.deactivate': list.ask<Extract<CoordinatorsTableEvent, { type: 'coordinator.deactivate' }>>(
          ({ context, event }) => ({ kind: 'deactivate', id: event.id, name: context.coordinators.find((c) => c._id === event.id)?.name ?? '' }),
          { notice: null },
        ),
      },
    },
    editing: personEditingState<CoordinatorsTableContext, CoordinatorsTableEvent>({ closed: '#coordinatorsTable.ready', saved: '#coordinatorsTable.loading' }),
    confirming: list.confirming({ deactivate: 'deactivating' }),
    deactivating: list.task({ src: 'deactivate', input: ({ context }) => ({ id: context.pending!.id }), failed: 'deactivateFailed' }),
  },
});
