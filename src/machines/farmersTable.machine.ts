/**
 * The admin's farmer table (spec section 2, Farmer table; section 6 roles): every farmer, with Import, Export,
 * the Coordinator column (assign), Edit and Deactivate. A coordinator's own farmers are coordinatorFarmers.
 * A staff list (staffList.ts): the server pages and searches; every change reloads the current page.
 */
import { assign, fromPromise, setup } from 'xstate';
import { serverLanguage } from '@/services/language';
import {
  assignCoordinator,
  deactivateFarmer,
  exportFarmers,
  importFarmers,
  listAdminFarmers,
  listCoordinatorChoices,
  updateFarmer,
  type CoordinatorChoice,
  type FarmerRow,
  type ImportReport,
  type PersonEdit,
} from '@/services/people';
import { closedEdit, openEditOn, personEditingState, type PersonEditContext, type PersonEditEvent } from './personEditing';
import { listChanges } from './listChanges';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Failed, type Paged } from './staffList';

export type FarmersNotice =
  | Failed<'loadFailed' | 'importFailed' | 'exportFailed' | 'assignFailed' | 'deactivateFailed'>
  | { kind: 'csvOnly' }
  /** `report` is the rejected rows as CSV, or null when every row was imported. */
  | { kind: 'imported'; imported: number; rejected: number; report: string | null; invited: number };

export const isCsvFile = (f: File) => /\.csv$/i.test(f.name);

export type FarmerConfirmation =
  | { kind: 'deactivate'; id: string; name: string }
  | { kind: 'assign'; farmerId: string; coordinatorId: string; name: string; coordinatorName: string };

type FarmersTableContext = Paged<'farmers', FarmerRow> &
  PersonEditContext & {
    search: string;
    coordinators: CoordinatorChoice[];
    notice: FarmersNotice | null;
    /** The action the confirmation dialog asks about, named so the question names the people. */
    pending: FarmerConfirmation | null;
  };

export type FarmersTableEvent =
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'edit.open'; farmer: FarmerRow }
  | PersonEditEvent
  | { type: 'farmer.deactivate'; id: string }
  | { type: 'farmer.assign'; farmerId: string; coordinatorId: string }
  /** `locale`: the page's (mr-IN …), for the language of the rejected rows' reasons. */
  | { type: 'import.file'; file: File; locale?: string }
  | { type: 'report.download' }
  | { type: 'export.start' }
  | { type: 'notice.dismiss' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'list.refresh' };

const list = staffList<FarmersTableContext, FarmersTableEvent>({
  id: 'farmersTable',
  rows: 'farmers',
  query: (c) => ({ page: c.page, search: c.search }),
  queryEvents: { 'search.change': (e) => ({ search: e.value }) },
  loaded: (out) => ({ coordinators: out.coordinators as CoordinatorChoice[] }),
  loadFailed: { notice: 'loadFailed' },
  notices: true,
  // A role change in the sign-in dialog moves people between the tables (listChanges.ts).
  refreshOn: 'people',
});

export const farmersTableMachine = setup({
  types: {
    context: {} as FarmersTableContext,
    events: {} as FarmersTableEvent,
  },
  actors: {
    listChanges,
    load: pageLoader(async (q: { page: number; search: string }, signal) => {
      const query = { page: q.page, limit: STAFF_PAGE_SIZE, search: q.search || undefined };
      const [page, coordinators] = await Promise.all([listAdminFarmers(query, signal), listCoordinatorChoices(signal)]);
      return { ...asPage(page.farmers, page.pagination), coordinators };
    }),
    save: fromPromise<unknown, { id: string; edit: PersonEdit }>(({ input }) => updateFarmer(input.id, input.edit)),
    deactivate: fromPromise<unknown, { id: string }>(({ input }) => deactivateFarmer(input.id)),
    assign: fromPromise<unknown, { farmerId: string; coordinatorId: string }>(({ input }) => assignCoordinator(input.farmerId, input.coordinatorId)),
    importFile: fromPromise<ImportReport, { file: File; locale: string }>(({ input }) => importFarmers(input.file, serverLanguage(input.locale))),
    exportAll: fromPromise<Blob>(() => exportFarmers()),
  },
  actions: {
    /** Provided by the app: save a file for the user. */
    download: (_, _params: { name: string; data: Blob | string }) => {},
  },
  guards: {
    hasReport: ({ context }) => context.notice?.kind === 'imported' && context.notice.report !== null,
  },
}).createMachine({
  id: 'farmersTable',
  invoke: list.refresh,
  context: { ...firstPage('farmers'), search: '', coordinators: [], ...closedEdit, notice: null, pending: null },
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
    loading: list.loading,
    ready: {
      on: {
        ...list.ready,
        'edit.open': { target: 'editing', actions: assign(({ event }) => openEditOn(event.farmer)) },
        // Both ask first (confirming): 'Deactivate farmer <name>?', 'Assign farmer <name> to coordinator <name>?'.
        'farmer.deactivate': list.ask<Extract<FarmersTableEvent, { type: 'farmer.deactivate' }>>(({ context, event }) => ({
          kind: 'deactivate',
          id: event.id,
          name: context.farmers.find((f) => f._id === event.id)?.name ?? '',
        })),
        'farmer.assign': list.ask<Extract<FarmersTableEvent, { type: 'farmer.assign' }>>(({ context, event }) => ({
          kind: 'assign',
          farmerId: event.farmerId,
          coordinatorId: event.coordinatorId,
          name: context.farmers.find((f) => f._id === event.farmerId)?.name ?? '',
          coordinatorName: context.coordinators.find((c) => c._id === event.coordinatorId)?.name ?? '',
        })),
        'import.file': [
          { guard: ({ event }) => isCsvFile(event.file), target: 'importing', actions: assign({ notice: null }) },
          { actions: assign({ notice: { kind: 'csvOnly' } }) },
        ],
        'export.start': { target: 'exporting' },
      },
    },
    editing: personEditingState<FarmersTableContext, FarmersTableEvent>({ closed: '#farmersTable.ready', saved: '#farmersTable.loading' }),
    confirming: list.confirming({ deactivate: 'deactivating', assign: 'assigning' }),
    deactivating: list.task({
      src: 'deactivate',
      input: ({ context }) => ({ id: (context.pending as Extract<FarmerConfirmation, { kind: 'deactivate' }>).id }),
      failed: 'deactivateFailed',
    }),
    assigning: list.task({
      src: 'assign',
      input: ({ context }) => {
        const p = context.pending as Extract<FarmerConfirmation, { kind: 'assign' }>;
        return { farmerId: p.farmerId, coordinatorId: p.coordinatorId };
      },
      failed: 'assignFailed',
    }),
    importing: list.task<ImportReport>({
      src: 'importFile',
      input: ({ event }) => {
        const e = event as { file: File; locale?: string };
        return { file: e.file, locale: e.locale ?? 'mr' };
      },
      done: {
        set: (report) => ({
          notice: { kind: 'imported', imported: report.imported, rejected: report.rejectedCount, report: report.report, invited: report.invited ?? 0 },
          page: 1,
        }),
      },
      failed: 'importFailed',
    }),
    exporting: list.task<Blob>({
      src: 'exportAll',
      done: { target: '#farmersTable.ready', actions: [{ type: 'download', params: ({ event }: { event: { output: Blob } }) => ({ name: 'farmers.csv', data: event.output }) }] },
      failed: 'exportFailed',
    }),
  },
});
