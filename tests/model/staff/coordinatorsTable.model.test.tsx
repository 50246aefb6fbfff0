/**
 * Generated paths over coordinatorsTableMachine, each driving the real CoordinatorsTable. The server pages and
 * searches: a load answers either the first of two pages or the one coordinator a search finds.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { announceChange } from '@/machines/listChanges';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { CoordinatorsTable } from '@/views/people/CoordinatorsTable';
import { HttpError } from '@/services/http';
import type { CoordinatorRow } from '@/services/people';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { describeModel, pendingActors, renderView } from '../../support/modelHarness';
import { expectPager, expectRows, listExec, listPaths } from '../../support/listModel';

const ALL: CoordinatorRow[] = Array.from({ length: 12 }, (_, i) => ({
  _id: `c-${i + 1}`,
  name: `Coordinator ${String(i + 1).padStart(2, '0')}`,
  email: `c${i + 1}@example.in`,
  phoneNumber: `90000000${String(i + 10)}`,
  status: i === 1 ? 'Inactive' : 'Active',
  farmerCount: i,
}));
const FIRST = { items: ALL.slice(0, 10), totalPages: 2 };
const FOUND = { items: [ALL[10]], totalPages: 1 };
const FAIL = new HttpError(500, 'server');
const EVENTS = [
  { type: 'search.change', value: 'c11@' },
  { type: 'search.change', value: '' },
  { type: 'page.go', page: 2 },
  { type: 'edit.open', coordinator: ALL[0] },
  { type: 'edit.change', key: 'phoneNumber', value: '12' },
  { type: 'edit.change', key: 'phoneNumber', value: '9000000099' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'coordinator.deactivate', id: 'c-1' },
  { type: 'notice.dismiss' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.load', output: FIRST },
  { type: 'xstate.done.actor.load', output: FOUND },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
  { type: 'xstate.done.actor.deactivate', output: {} },
  { type: 'xstate.error.actor.deactivate', error: FAIL },
  // A role change in the sign-in dialog on the page (listChanges.ts): the table reloads.
  { type: 'list.refresh' },
];
type Ev = { type: string; value?: string; key?: string; page?: number; error?: unknown; output?: { items: unknown[] } };
const label = (e: Ev) => `${e.type}${e.value !== undefined ? `(${e.value})` : ''}${e.output?.items ? `(${e.output.items.length} rows)` : ''}`;

const { all, paths, transitions, parts } = listPaths(coordinatorsTableMachine, {
  events: EVENTS,
  rows: 'coordinators',
  rowEvents: ['edit.open', 'coordinator.deactivate'],
  rowShown: (c) => c.coordinators.some((x: CoordinatorRow) => x._id === 'c-1'),
  serializeEvent: (e) => label(e as Ev),
  key: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || e?.type === 'notice.dismiss' || e?.type === 'confirm.cancel' ? e?.type : '';
    return [c.coordinators.length, c.totalPages, c.search, c.page, c.notice?.kind, c.editProblem, c.edit?.phoneNumber, via];
  },
  // Rendered: the fewest paths that take every statechart step and show, in each state, each part the checks tell
  // apart (the rows with the pager, the query, the notice, the dialog's problem and draft).
  screen: (s) => {
    const c = s.context;
    const dialog = s.matches('editing') ? [[c.editProblem, c.edit?.phoneNumber]] : [];
    return [[c.coordinators.length, c.totalPages, c.page], c.search, c.notice?.kind, ...dialog];
  },
});

describeModel('coordinators table model', {
  paths,
  all,
  transitions,
  screen: parts,
  events: EVENTS,
  eventKey: (e) => label(e as Ev),
  machine: coordinatorsTableMachine,
  states: ['loading', 'ready', 'editing.open', 'editing.saving', 'confirming', 'deactivating'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle, inputs } = pendingActors();
    const logic = coordinatorsTableMachine.provide({ actors: { load: actor('load'), save: actor('save'), deactivate: actor('deactivate') } });
    renderView(
      <CoordinatorsTableContext.Provider logic={logic}>
        <CoordinatorsTable />
      </CoordinatorsTableContext.Provider>,
      { catalog: false },
    );
    return {
      exec: {
        ...listExec({ row: 'Coordinator 01' }),
        'list.refresh': () => act(() => announceChange('people')),
        'coordinator.deactivate': () => fireEvent.click(get('button', 'Deactivate: Coordinator 01')),
      },
      settle,
      check: ({ state: s }) => {
        const c = s.context;
        // Each load asks the server for the current page of what the search matches.
        if (s.matches('loading')) expect(inputs.load.at(-1)).toEqual({ page: c.page, search: c.search });
        if (s.matches('ready')) {
          const shown: CoordinatorRow[] = c.coordinators;
          expectRows(shown.map((x) => x.name), 'No coordinators found.');
          // Deactivate only for Active coordinators.
          if (shown.some((x) => x._id === 'c-2')) expect(query('button', 'Deactivate: Coordinator 02')).toBeNull();
          expectPager(c);
          if (c.notice) expect(get('alert')).toHaveTextContent('Failed to deactivate coordinator');
        }
        if (s.matches({ editing: 'open' })) {
          const dialog = get('dialog', 'Edit Coordinator');
          if (c.editProblem === 'phone') expect(dialog).toHaveTextContent('Phone number must be 10 digits.');
          if (c.editProblem === 'failed') expect(dialog).toHaveTextContent('Failed to update coordinator');
          expect(dialog.querySelector('[name="edit-status"]')).not.toBeNull();
        }
        if (s.matches({ editing: 'saving' })) expect(get('button', 'Saving...')).toBeDisabled();
        // Nothing is deactivated before the person confirms a question that names the coordinator.
        if (s.matches('confirming')) {
          expect(get('alertdialog', 'Please confirm')).toHaveTextContent('Deactivate coordinator Coordinator 01? They will no longer be able to sign in.');
          expect(get('row', /Coordinator 01/)).toHaveTextContent('Active');
        }
        if (s.matches('deactivating')) expect(get('button', 'Confirm')).toBeDisabled();
        if (s.matches('ready')) expect(query('alertdialog')).toBeNull();
      },
    };
  },
});

describe('coordinators table sent for real', () => {
  it('loads, saves an edit and deactivates through the API, and shows what it answers (the machine’s own calls, no actor replaced)', async () => {
    let deactivations = 0;
    const api = await startApiServer(({ method, path, query: q }) => {
      if (method === 'GET' && path === '/api/v1/admin/coordinators') {
        const found = q.search ? ALL.filter((c) => c.email.startsWith(q.search)) : ALL;
        const page = Number(q.page);
        return { status: 200, body: { coordinators: found.slice((page - 1) * 10, page * 10), pagination: { page, limit: 10, total: found.length, totalPages: Math.ceil(found.length / 10) } } };
      }
      if (method === 'PUT' && path === '/api/v1/admin/coordinator/c-1') return { status: 200, body: {} };
      // The first deactivation fails; the second is done.
      if (method === 'PATCH' && path === '/api/v1/admin/coordinator/c-3/deactivate') return deactivations++ === 0 ? { status: 500, body: { statusCode: 500, error: 'boom' } } : { status: 200, body: {} };
      return { status: 404 };
    });
    try {
      renderView(
        <CoordinatorsTableContext.Provider>
          <CoordinatorsTable />
        </CoordinatorsTableContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Coordinator 10');
      expect(get('searchbox')).toHaveValue('');
      expect(api.calls('/admin/coordinators').map((r) => r.query)).toEqual([{ page: '1', limit: '10' }]);
      fireEvent.change(get('searchbox'), { target: { value: '  c11@ ' } });
      await waitFor(() => expectRows(['Coordinator 11'], 'No coordinators found.'));
      expect(api.calls('/admin/coordinators').at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'c11@' });
      fireEvent.change(get('searchbox'), { target: { value: '' } });
      await screen.findByText('Coordinator 10');

      // Edit: the draft is PUT to the coordinator's own path; the list loads again.
      fireEvent.click(get('button', 'Edit: Coordinator 01'));
      fireEvent.change(get('dialog', 'Edit Coordinator').querySelector('[name="edit-phoneNumber"]')!, { target: { value: '9000000099' } });
      fireEvent.click(get('button', 'Save'));
      await waitFor(() => expect(query('dialog', 'Edit Coordinator')).toBeNull());
      expect(api.calls('/admin/coordinator/c-1')).toMatchObject([
        { method: 'PUT', body: { name: 'Coordinator 01', email: 'c1@example.in', phoneNumber: '9000000099', status: 'Active' } },
      ]);
      await waitFor(() => expect(api.calls('/admin/coordinators')).toHaveLength(4));

      // Deactivate asks about the coordinator pressed (not the first row), then PATCHes its path.
      await screen.findByText('Coordinator 10');
      fireEvent.click(get('button', 'Deactivate: Coordinator 03'));
      expect(get('alertdialog', 'Please confirm')).toHaveTextContent('Deactivate coordinator Coordinator 03?');
      fireEvent.click(get('button', 'Confirm'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to deactivate coordinator');
      expect(api.calls('/admin/coordinator/c-3/deactivate')).toMatchObject([{ method: 'PATCH' }]);
      // Asking again puts the last failure away.
      fireEvent.click(get('button', 'Deactivate: Coordinator 03'));
      expect(get('alertdialog', 'Please confirm')).toHaveTextContent('Deactivate coordinator Coordinator 03?');
      expect(screen.queryByText(/Failed to deactivate coordinator/)).toBeNull();
      fireEvent.click(get('button', 'Confirm'));
      await waitFor(() => expect(api.calls('/admin/coordinator/c-3/deactivate')).toHaveLength(2));
      await waitFor(() => expect(api.calls('/admin/coordinators')).toHaveLength(5));
      await waitFor(() => expect(query('alertdialog')).toBeNull());
      expect(query('alert')).toBeNull();
    } finally {
      await api.close();
    }
  });
});
