/**
 * Generated paths over coordinatorsTableMachine, each driving the real CoordinatorsTable. The server pages and
 * searches: a load answers either the first of two pages or the one coordinator a search finds.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { coordinatorsTableMachine } from '@/machines/coordinatorsTable.machine';
import { isOtherPage } from '@/machines/staffList';
import { CoordinatorsTableContext } from '@/machines/coordinatorsTable.context';
import { CoordinatorsTable } from '@/views/people/CoordinatorsTable';
import { HttpError } from '@/services/http';
import type { CoordinatorRow } from '@/services/people';
import { coveringPaths, leafPaths } from '../../support/paths';
import { get, query, queryAll } from '../../support/dom';
import { deferred, type Deferred, renderView } from '../../support/modelHarness';

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
];
type Ev = { type: string; value?: string; key?: string; page?: number; error?: unknown; output?: { items: unknown[] } };
const label = (e: Ev) => `${e.type}${e.value !== undefined ? `(${e.value})` : ''}${e.output?.items ? `(${e.output.items.length} rows)` : ''}`;

const all = getShortestPaths(coordinatorsTableMachine, {
  events: EVENTS as never,
  filterEvents: (s, e) => {
    const c = s.context;
    if (!s.can(e)) return false;
    // The pager is shown only for two pages or more.
    if (e.type === 'page.go') return c.totalPages > 1 && isOtherPage(c, e.page);
    if (e.type === 'edit.open' || e.type === 'coordinator.deactivate') return c.coordinators.some((x) => x._id === 'c-1');
    if (e.type === 'search.change') return c.search !== e.value;
    if (e.type === 'notice.dismiss') return c.notice !== null;
    if (e.type === 'edit.change') return c.edit?.phoneNumber !== e.value;
    return true;
  },
  serializeEvent: (e) => label(e as Ev),
  serializeState: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || e?.type === 'notice.dismiss' || e?.type === 'confirm.cancel' ? e?.type : '';
    return [JSON.stringify(s.value), c.coordinators.length, c.totalPages, c.search, c.page, c.notice?.kind, c.editProblem, c.edit?.phoneNumber, via].join('|');
  },
});

// Render only the fewest paths that still take every transition between screens the checks tell apart
// (state, rows shown, pages, query, notice, dialog problem and draft); see tests/support/paths.ts.
type S = (typeof all)[number]['state'];
const screenOf = (s: S) => {
  const c = s.context;
  const dialog = s.matches('editing') ? [c.editProblem, c.edit?.phoneNumber] : [];
  return [JSON.stringify(s.value), c.coordinators.length, c.totalPages, c.search, c.page, c.notice?.kind, ...dialog].join('|');
};
const paths = coveringPaths(leafPaths(all), (before, e, after) => [before && screenOf(before), label(e as Ev), screenOf(after)].join(' '));

describe('coordinators table model', () => {
  it('walks every state and event', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))).toEqual(
      new Set(['"loading"', '"ready"', '{"editing":"open"}', '{"editing":"saving"}', '"confirming"', '"deactivating"']),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => label(s.event as Ev))));
    for (const e of EVENTS) expect(used).toContain(label(e as Ev));
  });

  it.each(paths.map((p) => [p.steps.map((s) => label(s.event as Ev)).join(' → '), p] as const))(
    '%s',
    async (_, path) => {
      const pending: Record<string, Deferred<unknown>> = {};
      const inputs: Record<string, unknown[]> = { load: [], save: [], deactivate: [] };
      const actor = (id: string) =>
        fromPromise(({ input }) => {
          inputs[id].push(input);
          return (pending[id] = deferred()).promise;
        }) as never;
      const settle = async (e: Ev) => {
        const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
        if (!m) return false;
        await act(async () => (m[1] === 'done' ? pending[m[2]].resolve(e.output) : pending[m[2]].reject(e.error)));
        return true;
      };
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
        // Each load asks the server for the current page of what the search matches.
        if (s.matches('loading')) expect(inputs.load.at(-1)).toEqual({ page: c.page, search: c.search });
        if (s.matches('ready')) {
          const shown = c.coordinators;
          const rows = queryAll('row').slice(1);
          if (!shown.length) expect(rows[0]).toHaveTextContent('No coordinators found.');
          else expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual(shown.map((x) => x.name));
          // Deactivate only for Active coordinators.
          if (shown.some((x) => x._id === 'c-2')) expect(query('button', 'Deactivate: Coordinator 02')).toBeNull();
          const pager = document.querySelector('nav.pager');
          if (c.totalPages < 2) expect(pager).toBeNull();
          else expect(pager).toHaveAccessibleName(`Page ${c.page} of ${c.totalPages}`);
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
