/**
 * One farmer's page (/farmer/:id) and its edit mode (/farmer/:id/edit): loads the farmer within the
 * caller's reach and edits them with the Edit Farmer rules; saving reloads.
 */
import { assign, fromPromise, setup } from 'xstate';
import { HttpError } from '@/services/http';
import { getFarmer, updateFarmer, type FarmerRow, type PersonEdit } from '@/services/people';
import { draftFrom } from './personEdit';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';

/** `mode` is the route's; `editing` says whether to open the dialog once loaded. */
export type FarmerDetailInput = { id: string; mode: 'view' | 'edit'; editing: boolean; actorRole: string };

type FarmerDetailContext = FarmerDetailInput & PersonEditContext & { farmer: FarmerRow | null };
type FarmerDetailEvent = { type: 'edit.open' } | { type: 'load.retry' } | PersonEditEvent;

/**
 * A farmer outside the caller's reach answers 404 (and a role that may not read farmers 403): both mean
 * 'not found' to the reader. Anything else (no network, a 500) is a failed load worth retrying.
 */
export const isMissing = (error: unknown) => error instanceof HttpError && (error.status === 404 || error.status === 403);

export const farmerDetailMachine = setup({
  types: {
    input: {} as FarmerDetailInput,
    context: {} as FarmerDetailContext,
    events: {} as FarmerDetailEvent,
  },
  actors: {
    load: fromPromise<FarmerRow, { id: string }>(({ input, signal }) => getFarmer(input.id, signal)),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
  },
  guards: {
    opensInEdit: ({ context }) => context.editing,
    missing: ({ event }) => isMissing((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'farmerDetail',
  context: ({ input }) => ({ ...input, farmer: null, ...closedEdit }),
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
        onError: [{ guard: 'missing', target: 'missing' }, { target: 'failed' }],
      },
    },
    /** The load failed for another reason than 'not found': say so and offer Retry. */
    failed: { on: { 'load.retry': 'loading' } },
    shown: { on: { 'edit.open': { target: 'editing', actions: assign(({ context }) => openEditOn(context.farmer!)) } } },
    missing: {},
    editing: personEditingState<FarmerDetailContext, FarmerDetailEvent>({ closed: '#farmerDetail.shown', saved: '#farmerDetail.loading' }),
  },
});
