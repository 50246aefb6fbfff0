/**
 * The farmer table (spec section 2, Farmer table; section 6 roles). Admins see every farmer with Import,
 * Export, Coordinator column, assign and Deactivate; a coordinator sees only the farmers they manage.
 * The server pages and searches; every change reloads the current page.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HttpError } from '@/services/http';
import {
  assignCoordinator,
  deactivateFarmer,
  exportFarmers,
  importFarmers,
  listAdminFarmers,
  listCoordinatorChoices,
  listManagedFarmers,
  updateFarmer,
  type CoordinatorChoice,
  type FarmerList,
  type FarmerRow,
  type ImportReport,
  type PersonEdit,
} from '@/services/people';
import { asHttp } from './personEdit';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { clampPage } from './paging';
import type { StaffRole } from '../../contracts/roles';

export const FARMER_PAGE_SIZE = 10;

export type FarmersNotice =
  | { kind: 'loadFailed' | 'importFailed' | 'exportFailed' | 'assignFailed' | 'deactivateFailed'; error: HttpError | null }
  | { kind: 'csvOnly' }
  /** `report` is the rejected rows as CSV, or null when every row was imported. */
  | { kind: 'imported'; imported: number; rejected: number; report: string | null };

type Loaded = FarmerList & { coordinators: CoordinatorChoice[] };
export type FarmersTableInput = { actorRole: StaffRole };

export const isCsvFile = (f: File) => /\.csv$/i.test(f.name);

type FarmersTableContext = FarmersTableInput &
  PersonEditContext & {
    page: number;
    search: string;
    farmers: FarmerRow[];
    totalPages: number;
    coordinators: CoordinatorChoice[];
    notice: FarmersNotice | null;
    /** The action the confirmation dialog asks about, named so the question names the people. */
    pending: FarmerConfirmation | null;
  };

export type FarmerConfirmation =
  | { kind: 'deactivate'; id: string; name: string }
  | { kind: 'assign'; farmerId: string; coordinatorId: string; name: string; coordinatorName: string };
export type FarmersTableEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'edit.open'; farmer: FarmerRow }
  | PersonEditEvent
  | { type: 'farmer.deactivate'; id: string }
  | { type: 'farmer.assign'; farmerId: string; coordinatorId: string }
  | { type: 'import.file'; file: File }
  | { type: 'report.download' }
  | { type: 'export.start' }
  | { type: 'notice.dismiss' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export const farmersTableMachine = setup({
  types: {
    input: {} as FarmersTableInput,
    context: {} as FarmersTableContext,
    events: {} as FarmersTableEvent,
  },
  actors: {
    load: fromPromise<Loaded, { admin: boolean; page: number; search: string }>(async ({ input, signal }) => {
      const q = { page: input.page, limit: FARMER_PAGE_SIZE, search: input.search || undefined };
      if (!input.admin) return { ...(await listManagedFarmers(q, signal)), coordinators: [] };
      const [list, coordinators] = await Promise.all([listAdminFarmers(q, signal), listCoordinatorChoices(signal)]);
      return { ...list, coordinators };
    }),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
    deactivate: fromPromise<unknown, { id: string }>(({ input }) => deactivateFarmer(input.id)),
    assign: fromPromise<unknown, { farmerId: string; coordinatorId: string }>(({ input }) => assignCoordinator(input.farmerId, input.coordinatorId)),
    importFile: fromPromise<ImportReport, { file: File }>(({ input }) => importFarmers(input.file)),
    exportAll: fromPromise<Blob>(() => exportFarmers()),
  },
  actions: {
    /** Provided by the app: save a file for the user. */
    download: (_, _params: { name: string; data: Blob | string }) => {},
  },
  guards: {
    isAdmin: ({ context }) => context.actorRole !== 'coordinator',
    hasReport: ({ context }) => context.notice?.kind === 'imported' && context.notice.report !== null,
  },
}).createMachine({
  id: 'farmersTable',
  context: ({ input }) => ({
    ...input, page: 1, search: '', farmers: [], totalPages: 1, coordinators: [], ...closedEdit, notice: null, pending: null,
  }),
  initial: 'loading',
  // The import notice (with its report) stays up while the list reloads and while other work runs,
  // so its download is honoured in every state, not only when the table is idle.
  on: {
    'report.download': {
      guard: 'hasReport',
      actions: {
        type: 'download',
        params: ({ context }) => ({ name: 'rejected-farmers.csv', data: context.notice?.kind === 'imported' ? (context.notice.report ?? '') : '' }),
      },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ admin: context.actorRole !== 'coordinator', page: context.page, search: context.search }),
        onDone: {
          target: 'ready',
          actions: assign({
            farmers: ({ event }) => event.output.farmers,
            totalPages: ({ event }) => event.output.pagination.totalPages,
            coordinators: ({ event }) => event.output.coordinators,
          }),
        },
        onError: { target: 'ready', actions: assign({ farmers: [], totalPages: 1, notice: ({ event }) => ({ kind: 'loadFailed' as const, error: asHttp(event.error) }) }) },
      },
      on: {
        'search.change': { target: 'loading', reenter: true, actions: assign({ search: ({ event }) => event.value, page: 1 }) },
      },
    },
    ready: {
      on: {
        'search.change': { target: 'loading', actions: assign({ search: ({ event }) => event.value, page: 1 }) },
        'page.go': { target: 'loading', actions: assign({ page: ({ context, event }) => clampPage(event.page, context.totalPages) }) },
        'edit.open': { target: 'editing', actions: assign(({ event }) => openEditOn(event.farmer)) },
        // Both ask first (confirming): 'Deactivate farmer <name>?', 'Assign farmer <name> to coordinator <name>?'.
        'farmer.deactivate': {
          guard: 'isAdmin',
          target: 'confirming',
          actions: assign({
            pending: ({ context, event }) => ({ kind: 'deactivate' as const, id: event.id, name: context.farmers.find((f) => f._id === event.id)?.name ?? '' }),
          }),
        },
        'farmer.assign': {
          guard: 'isAdmin',
          target: 'confirming',
          actions: assign({
            pending: ({ context, event }) => ({
              kind: 'assign' as const,
              farmerId: event.farmerId,
              coordinatorId: event.coordinatorId,
              name: context.farmers.find((f) => f._id === event.farmerId)?.name ?? '',
              coordinatorName: context.coordinators.find((c) => c._id === event.coordinatorId)?.name ?? '',
            }),
          }),
        },
        'import.file': [
          { guard: ({ context, event }) => context.actorRole !== 'coordinator' && isCsvFile(event.file), target: 'importing', actions: assign({ notice: null }) },
          { guard: 'isAdmin', actions: assign({ notice: { kind: 'csvOnly' } }) },
        ],
        'export.start': { guard: 'isAdmin', target: 'exporting' },
        'notice.dismiss': { actions: assign({ notice: null }) },
      },
    },
    editing: personEditingState<FarmersTableContext, FarmersTableEvent>({ closed: '#farmersTable.ready', saved: '#farmersTable.loading' }),
    confirming: {
      on: {
        'confirm.accept': [{ guard: ({ context }) => context.pending?.kind === 'deactivate', target: 'deactivating' }, { target: 'assigning' }],
        'confirm.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deactivating: {
      tags: ['busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ id: (context.pending as Extract<FarmerConfirmation, { kind: 'deactivate' }>).id }),
        onDone: { target: 'loading', actions: assign({ pending: null }) },
        onError: {
          target: 'ready',
          actions: assign({ pending: null, notice: ({ event }) => ({ kind: 'deactivateFailed' as const, error: asHttp(event.error) }) }),
        },
      },
    },
    assigning: {
      tags: ['busy'],
      invoke: {
        id: 'assign',
        src: 'assign',
        input: ({ context }) => {
          const p = context.pending as Extract<FarmerConfirmation, { kind: 'assign' }>;
          return { farmerId: p.farmerId, coordinatorId: p.coordinatorId };
        },
        onDone: { target: 'loading', actions: assign({ pending: null }) },
        onError: {
          target: 'ready',
          actions: assign({ pending: null, notice: ({ event }) => ({ kind: 'assignFailed' as const, error: asHttp(event.error) }) }),
        },
      },
    },
    importing: {
      tags: ['busy'],
      invoke: {
        id: 'importFile',
        src: 'importFile',
        input: ({ event }) => ({ file: (event as { file: File }).file }),
        onDone: {
          target: 'loading',
          actions: assign({
            notice: ({ event }) => ({
              kind: 'imported' as const,
              imported: event.output.imported,
              rejected: event.output.rejectedCount,
              report: event.output.report,
            }),
            page: 1,
          }),
        },
        onError: { target: 'ready', actions: assign({ notice: ({ event }) => ({ kind: 'importFailed' as const, error: asHttp(event.error) }) }) },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportAll',
        src: 'exportAll',
        onDone: { target: 'ready', actions: { type: 'download', params: ({ event }) => ({ name: 'farmers.csv', data: event.output }) } },
        onError: { target: 'ready', actions: assign({ notice: ({ event }) => ({ kind: 'exportFailed' as const, error: asHttp(event.error) }) }) },
      },
    },
  },
});
