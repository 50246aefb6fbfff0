/**
 * One farmer's page (/farmer/:id) and its edit mode (/farmer/:id/edit): loads the farmer within the
 * caller's reach and edits them with the Edit Farmer rules; saving reloads.
 */
import { assign, fromPromise, setup } from 'xstate';
import { HttpError } from '@/services/http';
import { getFarmer, updateFarmer, type FarmerRow, type PersonEdit } from '@/services/people';
import { draftFrom, personDraftProblem, toPersonEdit, type PersonDraft, type PersonDraftProblem } from './personEdit';

/** `mode` is the route's; `editing` says whether to open the dialog once loaded. */
export type FarmerDetailInput = { id: string; mode: 'view' | 'edit'; editing: boolean; actorRole: string };

export const farmerDetailMachine = setup({
  types: {
    input: {} as FarmerDetailInput,
    context: {} as FarmerDetailInput & { farmer: FarmerRow | null; edit: PersonDraft | null; editProblem: PersonDraftProblem | 'failed' | null; editError: HttpError | null },
    events: {} as
      | { type: 'edit.open' }
      | { type: 'edit.change'; key: 'name' | 'email' | 'phoneNumber' | 'status'; value: string }
      | { type: 'edit.save' }
      | { type: 'edit.cancel' },
  },
  actors: {
    load: fromPromise<FarmerRow, { id: string }>(({ input, signal }) => getFarmer(input.id, signal)),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
  },
  guards: {
    opensInEdit: ({ context }) => context.editing,
    editInvalid: ({ context }) => !context.edit || personDraftProblem(context.edit) !== null,
  },
}).createMachine({
  id: 'farmerDetail',
  context: ({ input }) => ({ ...input, farmer: null, edit: null, editProblem: null, editError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: 'opensInEdit', target: 'editing', actions: assign({ farmer: ({ event }) => event.output, edit: ({ event }) => draftFrom(event.output), editing: false }) },
          { target: 'shown', actions: assign({ farmer: ({ event }) => event.output }) },
        ],
        onError: 'missing',
      },
    },
    shown: { on: { 'edit.open': { target: 'editing', actions: assign({ edit: ({ context }) => draftFrom(context.farmer!), editProblem: null, editError: null }) } } },
    missing: {},
    editing: {
      initial: 'open',
      states: {
        open: {
          on: {
            // Not while saving: the update would still land and the closed dialog would leave the page stale.
            'edit.cancel': { target: '#farmerDetail.shown', actions: assign({ edit: null }) },
            'edit.change': { actions: assign({ edit: ({ context, event }) => ({ ...context.edit!, [event.key]: event.value }), editProblem: null, editError: null }) },
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
            input: ({ context }) => ({ id: context.id, edit: toPersonEdit(context.edit!) }),
            onDone: { target: '#farmerDetail.loading', actions: assign({ edit: null }) },
            onError: { target: 'open', actions: assign({ editProblem: 'failed', editError: ({ event }) => (event.error instanceof HttpError ? event.error : null) }) },
          },
        },
      },
    },
  },
});
