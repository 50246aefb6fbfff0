/**
 * The superadmin's admins table (issue 19): the administrators (admins and superadmins), search over name, email
 * and phone, pages of 10. Each row opens the sign-in dialog, where a superadmin may make an admin a coordinator
 * (or a coordinator an admin from the coordinators table) with its confirmation; the dialog announces the change
 * and this list, the coordinators table and the farmers table reload (listChanges.ts). A staff list (staffList.ts);
 * a failed load shows an empty list with a notice.
 */
import { setup } from 'xstate';
import { listAdmins, type AdminRow } from '@/services/people';
import { listChanges } from './listChanges';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type Failed, type Paged } from './staffList';

type AdminsTableContext = Paged<'admins', AdminRow> & { search: string; notice: Failed<'loadFailed'> | null };
export type AdminsTableEvent = { type: 'search.change'; value: string } | { type: 'page.go'; page: number } | { type: 'notice.dismiss' } | { type: 'list.refresh' };

const list = staffList<AdminsTableContext, AdminsTableEvent>({
  id: 'adminsTable',
  rows: 'admins',
  query: (c) => ({ page: c.page, search: c.search }),
  queryEvents: { 'search.change': (e) => ({ search: e.value }) },
  loaded: () => ({ notice: null }),
  loadFailed: { notice: 'loadFailed' },
  notices: true,
  refreshOn: 'people',
});

export const adminsTableMachine = setup({
  types: { context: {} as AdminsTableContext, events: {} as AdminsTableEvent },
  actors: {
    listChanges,
    load: pageLoader(async (q: { page: number; search: string }, signal) => {
      const r = await listAdmins({ page: q.page, limit: STAFF_PAGE_SIZE, search: q.search.trim() || undefined }, signal);
      return asPage(r.admins, r.pagination);
    }),
  },
}).createMachine({
  id: 'adminsTable',
  invoke: list.refresh,
  context: { ...firstPage('admins'), search: '', notice: null },
  initial: 'loading',
  states: {
    loading: list.loading,
    ready: { on: list.ready },
  },
});
