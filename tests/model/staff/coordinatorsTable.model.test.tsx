/** Generated paths over coordinatorsTableMachine, each driving the real CoordinatorsTable. */
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { getShortestPaths } from 'xstate/graph';
import { COORDINATOR_PAGE_SIZE, coordinatorsTableMachine, matchingCoordinators } from '@/machines/coordinatorsTable.machine';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { CoordinatorsTable } from '@/views/people/CoordinatorsTable';
import { HttpError } from '@/services/http';
import type { CoordinatorRow } from '@/services/people';
import { coveringPaths, leafPaths } from '../../support/paths';
import { get, query, queryAll } from '../../support/dom';
import { pendingActors, renderView } from '../../support/modelHarness';

const ALL: CoordinatorRow[] = Array.from({ length: 12 }, (_, i) => ({
  _id: `c-${i + 1}`,
  name: `Coordinator ${String(i + 1).padStart(2, '0')}`,
  email: `c${i + 1}@example.in`,
  phoneNumber: `90000000${String(i + 10)}`,
  status: i === 1 ? 'Inactive' : 'Active',
  farmerCount: i,
}));
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
  { type: 'xstate.done.actor.load', output: ALL },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
  { type: 'xstate.done.actor.deactivate', output: {} },
  { type: 'xstate.error.actor.deactivate', error: FAIL },
];
type Ev = { type: string; value?: string; key?: string; page?: number; error?: unknown; output?: unknown };

const all = getShortestPaths(coordinatorsTableMachine, {
  events: EVENTS as never,
  filterEvents: (s, e) => {
    const c = s.context;
    if (!s.can(e)) return false;
    const shown = matchingCoordinators(c.all, c.search);
    if (e.type === 'page.go') return shown.length > COORDINATOR_PAGE_SIZE && c.page !== e.page;
    if (e.type === 'edit.open' || e.type === 'coordinator.deactivate') return shown.slice((c.page - 1) * 10, c.page * 10).some((x) => x._id === 'c-1');
    if (e.type === 'search.change') return c.search !== e.value;
    if (e.type === 'notice.dismiss') return c.notice !== null;
    if (e.type === 'edit.change') return c.edit?.phoneNumber !== e.value;
    return true;
  },
  serializeState: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || e?.type === 'notice.dismiss' || e?.type === 'confirm.cancel' ? e?.type : '';
    return [JSON.stringify(s.value), c.all.length, c.search, c.page, c.notice?.kind, c.editProblem, c.edit?.phoneNumber, via].join('|');
  },
});

// Render only the fewest paths that still take every transition between screens the checks tell apart
// (state, rows shown, notice, dialog problem and draft); see tests/support/paths.ts.
type S = (typeof all)[number]['state'];
const screenOf = (s: S) => {
  const c = s.context;
  const dialog = s.matches('editing') ? [c.editProblem, c.edit?.phoneNumber] : [];
  return [JSON.stringify(s.value), c.all.length, c.search, c.page, c.notice?.kind, ...dialog].join('|');
};
const paths = coveringPaths(leafPaths(all), (before, e, after) => [before && screenOf(before), JSON.stringify(e), screenOf(after)].join(' '));

describe('coordinators table model', () => {
  it('walks every state and event', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))).toEqual(
      new Set(['"loading"', '"ready"', '{"editing":"open"}', '{"editing":"saving"}', '"confirming"', '"deactivating"']),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of EVENTS) expect(used).toContain(e.type);
  });

  it.each(paths.map((p) => [p.steps.map((s) => (s.event as Ev).type + ((s.event as Ev).value !== undefined ? `(${(s.event as Ev).value})` : '')).join(' → '), p] as const))(
    '%s',
    async (_, path) => {
      const { actor, settle } = pendingActors();
      const logic = coordinatorsTableMachine.provide({ actors: { load: actor('load'), save: actor('save'), deactivate: actor('deactivate') } });
      renderView(
        <CoordinatorsTableContext.Provider logic={logic}>
          <CoordinatorsTable />
        </CoordinatorsTableContext.Provider>
, { catalog: false });
      const exec = async (e: Ev) => {
        if (await settle(e)) return;
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'search.change':
            return fireEvent.change(get('searchbox'), { target: { value: e.value } });
          case 'page.go':
            return fireEvent.click(get('button', `Page ${e.page}`));
          case 'edit.open':
            return fireEvent.click(get('button', 'Edit: Coordinator 01'));
          case 'edit.change':
            return fireEvent.change(document.querySelector(`[name="edit-${e.key}"]`)!, { target: { value: e.value } });
          case 'edit.save':
            return fireEvent.click(get('button', 'Save'));
          case 'edit.cancel':
            return fireEvent.click(get('button', 'Cancel'));
          case 'coordinator.deactivate':
            return fireEvent.click(get('button', 'Deactivate: Coordinator 01'));
          case 'notice.dismiss':
            return fireEvent.click(get('button', 'Dismiss'));
          case 'confirm.accept':
            return fireEvent.click(get('button', 'Confirm'));
          case 'confirm.cancel':
            return fireEvent.click(get('button', 'Cancel'));
        }
        throw new Error(`no executor for ${e.type}`);
      };
      for (const step of path.steps) {
        await exec(step.event as Ev);
        const s = step.state;
        const c = s.context;
        if (s.matches('ready')) {
          const shown = matchingCoordinators(c.all, c.search).slice((c.page - 1) * 10, c.page * 10);
          const rows = queryAll('row').slice(1);
          if (!shown.length) expect(rows[0]).toHaveTextContent('No coordinators found.');
          else expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual(shown.map((x) => x.name));
          // Deactivate only for Active coordinators.
          if (shown.some((x) => x._id === 'c-2')) expect(query('button', 'Deactivate: Coordinator 02')).toBeNull();
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
      }
    },
  );
});
