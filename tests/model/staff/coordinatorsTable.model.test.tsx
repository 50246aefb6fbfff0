/**
 * Generated paths over coordinatorsTableMachine, each driving the real CoordinatorsTable. The server pages and
 * searches: a load answers either the first of two pages or the one coordinator a search finds.
 */
import { expect } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { announceChange } from '@/machines/listChanges';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { CoordinatorsTable } from '@/views/people/CoordinatorsTable';
import { HttpError } from '@/services/http';
import type { CoordinatorRow } from '@/services/people';
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

const { all, paths, transitions } = listPaths(coordinatorsTableMachine, {
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
  // Rendered: the fewest paths that take every transition between screens the checks tell apart (state, rows
  // shown, pages, query, notice, dialog problem and draft).
  screen: (s) => {
    const c = s.context;
    const dialog = s.matches('editing') ? [c.editProblem, c.edit?.phoneNumber] : [];
    return [c.coordinators.length, c.totalPages, c.search, c.page, c.notice?.kind, ...dialog];
  },
});

describeModel('coordinators table model', {
  paths,
  all,
  transitions,
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
