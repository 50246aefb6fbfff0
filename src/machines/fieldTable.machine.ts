/**
 * The field table (spec section 2, Field table) with its Set Field Location dialog: pages of 10 from the
 * server; a click or drag on the dialog's map sets the position; Save ('Saving...') stores it and reloads
 * the list; a failure shows 'Failed to save location.' and keeps the dialog open. The position can also be
 * typed (the view checks the numbers and sends `location.pick`) or taken from the device ('use my location':
 * the browser's geolocation, with its accuracy in metres shown; a refusal or timeout says so and keeps the dialog).
 */
import { assign, fromPromise, setup } from 'xstate';
import { listAdminFields, listCoordinatorFields, saveFieldLocation, type FieldList, type FieldRow } from '@/services/fields';
import { currentPosition, type Position as DevicePosition } from '@/services/geolocation';
import type { StaffRole } from '../../contracts/roles';

export const FIELD_PAGE_SIZE = 10;
export type FieldTableInput = { actorRole: StaffRole };
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
      /** The device's accuracy in metres when the position came from 'use my location', else null. */
      accuracy: number | null;
      saveFailed: boolean;
      locateFailed: boolean;
    },
    events: {} as
      | { type: 'page.go'; page: number }
      | { type: 'location.open'; field: FieldRow }
      | { type: 'location.pick'; position: Position }
      | { type: 'location.locate' }
      | { type: 'location.save' }
      | { type: 'location.cancel' },
  },
  actors: {
    load: fromPromise<FieldList, { admin: boolean; page: number }>(({ input, signal }) => {
      const q = { page: input.page, limit: FIELD_PAGE_SIZE };
      return input.admin ? listAdminFields(q, signal) : listCoordinatorFields(q, signal);
    }),
    save: fromPromise<unknown, { id: string } & Position>(({ input }) => saveFieldLocation(input.id, input.lat, input.lng)),
    locate: fromPromise<DevicePosition>(() => currentPosition()),
  },
  actions: {
    close: assign({ locating: null, position: null, accuracy: null, saveFailed: false, locateFailed: false }),
  },
  guards: {
    hasPosition: ({ context }) => context.position !== null && context.locating !== null,
  },
}).createMachine({
  id: 'fieldTable',
  context: ({ input }) => ({ ...input, page: 1, fields: [], totalPages: 1, locating: null, position: null, accuracy: null, saveFailed: false, locateFailed: false }),
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
            accuracy: null,
            saveFailed: false,
            locateFailed: false,
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
            'location.cancel': { target: '#fieldTable.ready', actions: 'close' },
            'location.pick': { actions: assign({ position: ({ event }) => event.position, accuracy: null, saveFailed: false, locateFailed: false }) },
            'location.locate': { target: 'finding', actions: assign({ saveFailed: false, locateFailed: false }) },
            'location.save': { guard: 'hasPosition', target: 'saving' },
          },
        },
        // Asking the device where it is (the browser may first ask the reader's permission).
        finding: {
          tags: ['finding'],
          invoke: {
            id: 'locate',
            src: 'locate',
            onDone: {
              target: 'open',
              actions: assign({
                position: ({ event }) => ({ lat: event.output.latitude, lng: event.output.longitude }),
                accuracy: ({ event }) => event.output.accuracy ?? null,
              }),
            },
            onError: { target: 'open', actions: assign({ locateFailed: true }) },
          },
          on: { 'location.cancel': { target: '#fieldTable.ready', actions: 'close' } },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ id: context.locating!._id, ...context.position! }),
            onDone: { target: '#fieldTable.loading', actions: 'close' },
            onError: { target: 'open', actions: assign({ saveFailed: true }) },
          },
        },
      },
    },
  },
});
