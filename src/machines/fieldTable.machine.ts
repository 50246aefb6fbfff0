/**
 * The field table (spec section 2, Field table) with its Set Field Location dialog: pages of 10 from the
 * server; a click or drag on the dialog's map sets the position; Save ('Saving...') stores it and reloads
 * the list; a failure shows 'Failed to save location.' and keeps the dialog open. The position can also be
 * typed (the view checks the numbers and sends `location.pick`) or taken from the device ('use my location':
 * the browser's geolocation, with its accuracy in metres shown; a refusal or timeout says so and keeps the dialog).
 * A staff list (staffList.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { listAdminFields, listCoordinatorFields, saveFieldLocation, type FieldRow } from '@/services/fields';
import { currentPosition, type Position as DevicePosition } from '@/services/geolocation';
import { listChanges } from './listChanges';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Paged } from './staffList';
import type { StaffRole } from '../../contracts/roles';

export type FieldTableInput = { actorRole: StaffRole };
export type Position = { lat: number; lng: number };

type FieldTableContext = FieldTableInput &
  Paged<'fields', FieldRow> & {
    locating: FieldRow | null;
    position: Position | null;
    /** The device's accuracy in metres when the position came from 'use my location', else null. */
    accuracy: number | null;
    saveFailed: boolean;
    locateFailed: boolean;
  };
type FieldTableEvent =
  | { type: 'page.go'; page: number }
  | { type: 'location.open'; field: FieldRow }
  | { type: 'location.pick'; position: Position }
  | { type: 'location.locate' }
  | { type: 'location.save' }
  | { type: 'location.cancel' }
  | { type: 'list.refresh' };

// Load failures show an empty list (spec section 8).
const list = staffList<FieldTableContext, FieldTableEvent>({
  id: 'fieldTable',
  rows: 'fields',
  query: (c) => ({ admin: c.actorRole !== 'coordinator', page: c.page }),
  // A saved Edit Field dialog (editField.machine.ts) announces the change: the page reloads.
  refreshOn: 'fields',
});

export const fieldTableMachine = setup({
  types: {
    input: {} as FieldTableInput,
    context: {} as FieldTableContext,
    events: {} as FieldTableEvent,
  },
  actors: {
    listChanges,
    load: pageLoader(async (q: { admin: boolean; page: number }, signal) => {
      const query = { page: q.page, limit: STAFF_PAGE_SIZE };
      const r = await (q.admin ? listAdminFields(query, signal) : listCoordinatorFields(query, signal));
      return asPage(r.fields, r.pagination);
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
  invoke: list.refresh,
  context: ({ input }) => ({ ...input, ...firstPage('fields'), locating: null, position: null, accuracy: null, saveFailed: false, locateFailed: false }),
  initial: 'loading',
  states: {
    loading: list.loading,
    ready: {
      on: {
        ...list.ready,
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
