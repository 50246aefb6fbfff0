/**
 * Generated paths over adminsTableMachine, each driving the real AdminsTable (issue 19): the superadmin's list of
 * administrators, searched and paged by the server; a failed load is an empty list with a notice; a role change
 * announced on the page (the sign-in dialog, listChanges.ts) reloads the list.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { adminsTableMachine } from '@/machines/adminsTable.machine';
import { AdminsTableContext } from '@/machines/adminsTable.context';
import { AdminsTable } from '@/views/people/AdminsTable';
import { announceChange } from '@/machines/listChanges';
import { HttpError } from '@/services/http';
import type { AdminRow } from '@/services/people';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { describeModel, pendingActors, renderView } from '../../support/modelHarness';
import { expectPager, expectRows, listExec, listPaths } from '../../support/listModel';

const ALL: AdminRow[] = Array.from({ length: 11 }, (_, i) => ({
  _id: `a-${i + 1}`,
  name: `Admin ${String(i + 1).padStart(2, '0')}`,
  email: `a${i + 1}@example.in`,
  phoneNumber: i === 0 ? null : `90000001${String(i + 10)}`,
  role: i === 0 ? 'superadmin' : 'admin',
  status: 'Active',
}));
const FIRST = { items: ALL.slice(0, 10), totalPages: 2 };
const FOUND = { items: [ALL[10]], totalPages: 1 };
const FAIL = new HttpError(500, 'server');
const EVENTS = [
  { type: 'search.change', value: 'a11@' },
  { type: 'search.change', value: '' },
  { type: 'page.go', page: 2 },
  { type: 'notice.dismiss' },
  { type: 'list.refresh' },
  { type: 'xstate.done.actor.load', output: FIRST },
  { type: 'xstate.done.actor.load', output: FOUND },
  { type: 'xstate.error.actor.load', error: FAIL },
];
type Ev = { type: string; value?: string; page?: number; output?: { items: unknown[] } };
const label = (e: Ev) => `${e.type}${e.value !== undefined ? `(${e.value})` : ''}${e.page ? `(${e.page})` : ''}${e.output?.items ? `(${e.output.items.length} rows)` : ''}`;

const { all, paths } = listPaths(adminsTableMachine, {
  events: EVENTS,
  rows: 'admins',
  serializeEvent: (e) => label(e as Ev),
  key: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || e?.type === 'notice.dismiss' ? e?.type : '';
    return [c.admins.length, c.totalPages, c.search, c.page, c.notice?.kind, via];
  },
});

describeModel('admins table model', {
  paths,
  all,
  events: EVENTS,
  eventKey: (e) => label(e as Ev),
  machine: adminsTableMachine,
  states: ['loading', 'ready'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle, inputs } = pendingActors();
    const logic = adminsTableMachine.provide({ actors: { load: actor('load') } });
    renderView(
      <AdminsTableContext.Provider logic={logic}>
        <AdminsTable />
      </AdminsTableContext.Provider>,
      { catalog: false },
    );
    return {
      exec: {
        ...listExec({ row: 'Admin 01' }),
        'list.refresh': () => act(() => announceChange('people')),
      },
      settle,
      check: ({ state: s, event }) => {
        const c = s.context;
        // What the step itself did, not only what the snapshot says: a failed load leaves the load-failed notice, an
        // answered one clears any notice (the view shows whatever the machine holds, so only the path can tell).
        if (event.type === 'xstate.error.actor.load') expect(c.notice).toMatchObject({ kind: 'loadFailed' });
        if (event.type === 'xstate.done.actor.load') {
          expect(c.notice).toBeNull();
          expect(query('alert')).toBeNull();
        }
        // Each load asks the server for the current page of what the search matches.
        if (s.matches('loading')) expect(inputs.load.at(-1)).toEqual({ page: c.page, search: c.search });
        if (s.matches('ready')) {
          const shown: AdminRow[] = c.admins;
          expectRows(shown.map((x) => x.name), 'No administrators found.');
          expectPager(c);
          if (c.notice) expect(get('alert')).toHaveTextContent('Could not load the administrators.');
          else expect(query('alert')).toBeNull();
          const first = shown.find((x) => x._id === 'a-1');
          if (first) {
            expect(get('row', /Admin 01/)).toHaveTextContent('Super admin');
            expect(get('button', 'Sign-in and role: Admin 01')).toBeEnabled();
          }
          const other = shown.find((x) => x._id === 'a-2');
          if (other) expect(get('row', /Admin 02/)).toHaveTextContent(/a2@example\.in.*Admin/);
        }
      },
    };
  },
});

describe('admins table loading for real', () => {
  it('asks GET /admin/admins for the page and the trimmed search, and lists what it answers (the machine’s own load, no actor replaced)', async () => {
    const api = await startApiServer(({ path, query: q }) => {
      if (path !== '/api/v1/admin/admins') return { status: 404 };
      const found = q.search ? ALL.filter((a) => a.email.startsWith(q.search)) : ALL;
      const page = Number(q.page);
      const totalPages = Math.ceil(found.length / 10);
      return { status: 200, body: { admins: found.slice((page - 1) * 10, page * 10), pagination: { page, limit: 10, total: found.length, totalPages } } };
    });
    try {
      renderView(
        <AdminsTableContext.Provider>
          <AdminsTable />
        </AdminsTableContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Admin 10');
      expectRows(FIRST.items.map((a) => a.name), 'No administrators found.');
      expectPager({ page: 1, totalPages: 2 });
      expect(api.calls('/admin/admins').map((r) => r.query)).toEqual([{ page: '1', limit: '10' }]);

      fireEvent.click(get('button', 'Page 2'));
      await waitFor(() => expectRows(['Admin 11'], 'No administrators found.'));
      expect(api.calls('/admin/admins').at(-1)?.query).toEqual({ page: '2', limit: '10' });

      fireEvent.change(get('searchbox'), { target: { value: '  a1@ ' } });
      await waitFor(() => expectRows(['Admin 01'], 'No administrators found.'));
      expect(api.calls('/admin/admins').at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'a1@' });
      expectPager({ page: 1, totalPages: 1 });
    } finally {
      await api.close();
    }
  });
});
