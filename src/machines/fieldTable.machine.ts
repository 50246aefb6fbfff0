/**
 * The field table (spec section 2, Field table) with its Set Field Location dialog: pages of 10 from the
 * server; a click or drag on the dialog's map sets the position; Save ('Saving...') stores it and reloads
 * the list; a failure shows 'Failed to save location.' and keeps the dialog open.
 */
import { assign, fromPromise, setup } from 'xstate';
import { listAdminFields, listCoordinatorFields, saveFieldLocation, type FieldList, type FieldRow } from '@/services/fields';

export const FIELD_PAGE_SIZE = 10;
export type FieldTableInput = { actorRole: 'superadmin' | 'admin' | 'coordinator' };
export type Position = { lat: number; lng: number };

export const fieldTableMachine = setup({
  types: {
    input: {} as FieldTableInput,
    context: {} as FieldTableInput & {
      page: number;
      fields: FieldRow[];
      totalPages: number;
      locating: FieldRow | null;
      position: Position | null;
      saveFailed: boolean;
    },
    events: {} as
      | { type: 'page.go'; page: number }
      | { type: 'location.open'; field: FieldRow }
      | { type: 'location.pick'; position: Position }
      | { type: 'location.save' }
      | { type: 'location.cancel' },
  },
  actors: {
    load: fromPromise<FieldList, { admin: boolean; page: number }>(({ input, signal }) => {
      const q = { page: input.page, limit: FIELD_PAGE_SIZE };
      return input.admin ? listAdminFields(q, signal) : listCoordinatorFields(q, signal);
    }),
    save: fromPromise<unknown, { id: string } & Position>(({ input }) => saveFieldLocation(input.id, input.lat, input.lng)),
  },
  guards: {
    hasPosition: ({ context }) => context.position !== null && context.locating !== null,
  },
}).createMachine({
  id: 'fieldTable',
  context: ({ input }) => ({ ...input, page: 1, fields: [], totalPages: 1, locating: null, position: null, saveFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ admin: context.actorRole !== 'coordinator', page: context.page }),
        onDone: {
          target: 'ready',
          actions: assign({ fields: ({ event }) => event.output.fields, totalPages: ({ event }) => event.output.pagination.totalPages }),
        },
        // Other list load failures show empty lists (spec section 8).
        onError: { target: 'ready', actions: assign({ fields: [], totalPages: 1 }) },
      },
    },
    ready: {
      on: {
        'page.go': { target: 'loading', actions: assign({ page: ({ context, event }) => Math.min(Math.max(1, event.page), context.totalPages) }) },
        'location.open': {
          target: 'locating',
          actions: assign({
            locating: ({ event }) => event.field,
            position: ({ event }) =>
              typeof event.field.lat === 'number' && typeof event.field.lng === 'number' ? { lat: event.field.lat, lng: event.field.lng } : null,
            saveFailed: false,
          }),
        },
      },
    },
    locating: {
      initial: 'open',
      states: {
        open: {
          on: {
            // Not while saving: the PUT would still land and the closed dialog would leave the list stale.
            'location.cancel': { target: '#fieldTable.ready', actions: assign({ locating: null, position: null, saveFailed: false }) },
            'location.pick': { actions: assign({ position: ({ event }) => event.position, saveFailed: false }) },
            'location.save': { guard: 'hasPosition', target: 'saving' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ id: context.locating!._id, ...context.position! }),
            onDone: { target: '#fieldTable.loading', actions: assign({ locating: null, position: null }) },
            onError: { target: 'open', actions: assign({ saveFailed: true }) },
          },
        },
      },
    },
  },
});
