/**
 * The admin's coordinators table (spec section 2, Admin dashboard): search over name, email and phone,
 * client-side pages of 10, the Edit Coordinator modal and Deactivate. Failures of the edit and deactivate
 * calls are shown as notices; a failed list load shows an empty list, as the spec says.
 */
import { assign, fromPromise, setup } from 'xstate';
import { HttpError } from '@/services/http';
import { deactivateCoordinator, listCoordinators, updateCoordinator, type CoordinatorRow, type PersonEdit } from '@/services/people';
import { draftFrom, personDraftProblem, toPersonEdit, type PersonDraft, type PersonDraftProblem } from './personEdit';

export const COORDINATOR_PAGE_SIZE = 10;

const asHttp = (e: unknown) => (e instanceof HttpError ? e : null);

/** Case-insensitive match over name, email and phone. */
export function matchingCoordinators(all: CoordinatorRow[], search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return all;
  return all.filter((c) => [c.name, c.email, c.phoneNumber ?? ''].some((v) => v.toLowerCase().includes(q)));
}

export const pageCount = (n: number, size: number) => Math.max(1, Math.ceil(n / size));

export const coordinatorsTableMachine = setup({
  types: {
    context: {} as {
      all: CoordinatorRow[];
      search: string;
      page: number;
      edit: PersonDraft | null;
      editProblem: PersonDraftProblem | 'failed' | null;
      editError: HttpError | null;
      notice: { kind: 'deactivateFailed'; error: HttpError | null } | null;
    },
    events: {} as
      | { type: 'search.change'; value: string }
      | { type: 'page.go'; page: number }
      | { type: 'edit.open'; coordinator: CoordinatorRow }
      | { type: 'edit.change'; key: 'name' | 'email' | 'phoneNumber' | 'status'; value: string }
      | { type: 'edit.save' }
      | { type: 'edit.cancel' }
      | { type: 'coordinator.deactivate'; id: string }
      | { type: 'notice.dismiss' },
  },
  actors: {
    load: fromPromise<CoordinatorRow[]>(async ({ signal }) => (await listCoordinators(undefined, signal)).coordinators),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateCoordinator(input.id, input.edit)),
    deactivate: fromPromise<unknown, { id: string }>(({ input }) => deactivateCoordinator(input.id)),
  },
  guards: {
    editInvalid: ({ context }) => !context.edit || personDraftProblem(context.edit) !== null,
  },
}).createMachine({
  id: 'coordinatorsTable',
  context: { all: [], search: '', page: 1, edit: null, editProblem: null, editError: null, notice: null },
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
            page: ({ context, event }) =>
              Math.min(Math.max(1, event.page), pageCount(matchingCoordinators(context.all, context.search).length, COORDINATOR_PAGE_SIZE)),
          }),
        },
        'edit.open': { target: 'editing', actions: assign({ edit: ({ event }) => draftFrom(event.coordinator), editProblem: null, editError: null }) },
        'coordinator.deactivate': { target: 'deactivating', actions: assign({ notice: null }) },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
    },
    editing: {
      initial: 'open',
      states: {
        open: {
          on: {
            // Not while saving: the update would still land and the closed dialog would leave the page stale.
            'edit.cancel': { target: '#coordinatorsTable.ready', actions: assign({ edit: null }) },
            'edit.change': {
              actions: assign({ edit: ({ context, event }) => ({ ...context.edit!, [event.key]: event.value }), editProblem: null, editError: null }),
            },
            'edit.save': [
              { guard: 'editInvalid', actions: assign({ editProblem: ({ context }) => personDraftProblem(context.edit!) }) },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ id: context.edit!.id, edit: toPersonEdit(context.edit!) }),
            onDone: { target: '#coordinatorsTable.loading', actions: assign({ edit: null }) },
            onError: { target: 'open', actions: assign({ editProblem: 'failed', editError: ({ event }) => asHttp(event.error) }) },
          },
        },
      },
    },
    deactivating: {
      tags: ['busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ event }) => ({ id: (event as { id: string }).id }),
        onDone: 'loading',
        onError: { target: 'ready', actions: assign({ notice: ({ event }) => ({ kind: 'deactivateFailed' as const, error: asHttp(event.error) }) }) },
      },
    },
  },
});
