/** Generated paths over farmersTableMachine (the admin's farmer table), each driving the real FarmersTable. */
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { getShortestPaths } from 'xstate/graph';
import { farmersTableMachine } from '@/machines/farmersTable.machine';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { FarmersTable } from '@/views/people/FarmersTable';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { coveringPaths, leafPaths } from '../../support/paths';
import { isOtherPage } from '@/machines/staffList';
import { get, query, queryAll } from '../../support/dom';
import { pendingActors, renderView } from '../../support/modelHarness';

const farmer = (n: number, extra: Partial<FarmerRow> = {}): FarmerRow => ({
  _id: `f-${n}`, name: `Farmer ${n}`, email: `f${n}@example.in`, phoneNumber: `98765432${10 + n}`, village: null, district: null,
  status: 'Active', coordinator: null, coordinatorName: null, lastActive: null, fieldCount: n, hasOpenAlert: false, ...extra,
});
const LOADED = {
  items: [farmer(1), farmer(2, { status: 'Inactive' })],
  totalPages: 2,
  coordinators: [{ _id: 'c-1', name: 'Kiran', email: 'kiran@example.in' }],
};
const REPORT = { imported: 2, rejectedCount: 1, rejected: [], report: 'Line,Name,Email,Reasons\n3,X,x,bad\n', invited: 2 };
const FAIL = new HttpError(500, 'server');
const csv = new File(['name,email,phone\n'], 'farmers.csv', { type: 'text/csv' });
const xlsx = new File(['x'], 'farmers.xlsx');

const EVENTS = [
  { type: 'search.change', value: 'sita' },
  { type: 'page.go', page: 2 },
  { type: 'edit.open', farmer: LOADED.items[0] },
  { type: 'edit.change', key: 'email', value: 'bad' },
  { type: 'edit.change', key: 'email', value: 'good@example.in' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'farmer.deactivate', id: 'f-1' },
  { type: 'farmer.assign', farmerId: 'f-1', coordinatorId: 'c-1' },
  // The walk copies events as plain data, so a file travels as its name; the executor picks the real File.
  { type: 'import.file', file: { name: csv.name } },
  { type: 'import.file', file: { name: xlsx.name } },
  { type: 'report.download' },
  { type: 'export.start' },
  { type: 'notice.dismiss' },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
  { type: 'xstate.done.actor.deactivate', output: {} },
  { type: 'xstate.error.actor.deactivate', error: FAIL },
  { type: 'xstate.done.actor.assign', output: {} },
  { type: 'xstate.error.actor.assign', error: FAIL },
  { type: 'xstate.done.actor.importFile', output: REPORT },
  { type: 'xstate.error.actor.importFile', error: FAIL },
  { type: 'xstate.done.actor.exportAll', output: new Blob(['csv']) },
  { type: 'xstate.error.actor.exportAll', error: FAIL },
];
type Ev = { type: string; value?: string; key?: string; page?: number; file?: File; error?: unknown; output?: unknown };
const label = (e: Ev) => `${e.type}${e.file ? `(${e.file.name})` : ''}${e.key ? `(${e.key}=${e.value})` : e.value ? `(${e.value})` : ''}`;

function pathsFor() {
  const all = getShortestPaths(farmersTableMachine, {
    events: EVENTS as never,
    // Only what the screen offers: a loaded list to act on, page 2 only once it exists.
    filterEvents: (s, e) => {
      const c = s.context;
      if (!s.can(e)) return false;
      // The pager is shown only for two pages or more.
      if (e.type === 'page.go') return c.totalPages > 1 && isOtherPage(c, e.page);
      if (e.type === 'edit.open' || e.type === 'farmer.deactivate' || e.type === 'farmer.assign') return c.farmers.length > 0;
      if (e.type === 'notice.dismiss') return c.notice !== null;
      if (e.type === 'search.change') return c.search !== e.value;
      if (e.type === 'edit.change') return c.edit?.[e.key] !== e.value;
      return true;
    },
    serializeState: (s, e) => {
      const c = s.context;
      // A download leaves the state as it was; keying on it keeps that edge in the walk.
      // Coarse on purpose: one walk per notice and dialog problem; every way into loading is kept by its event.
      const keyed = ['report.download', 'xstate.done.actor.exportAll', 'edit.change', 'confirm.cancel'];
      const via = s.matches('loading') || keyed.includes(e?.type ?? '') ? e?.type : '';
      return [JSON.stringify(s.value), c.notice?.kind, c.editProblem, c.farmers.length > 0, c.pending?.kind, via].join('|');
    },
  });
  // Render only the fewest paths that still take every transition between screens the checks tell apart
  // (state, notice, dialog problem, rows or not); see tests/support/paths.ts.
  type S = (typeof all)[number]['state'];
  const screenOf = (s: S) =>
    [JSON.stringify(s.value), s.context.notice?.kind, s.matches('editing') ? s.context.editProblem : '', s.context.farmers.length > 0, s.context.pending?.kind].join('|');
  return coveringPaths(leafPaths(all), (before, e, after) => [before && screenOf(before), JSON.stringify(e), screenOf(after)].join(' '));
}

describe('farmer table model', () => {
  const paths = pathsFor();
  it('walks every state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    const expected = ['"loading"', '"ready"', '{"editing":"open"}', '{"editing":"saving"}', '"confirming"', '"deactivating"', '"assigning"', '"importing"', '"exporting"'];
    expect([...reached].sort().join()).toBe(expected.sort().join());
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of EVENTS) expect(used).toContain(e.type);
  });

  it.each(paths.map((p) => [p.steps.map((s) => label(s.event as Ev)).join(' → '), p] as const))('%s', async (_, path) => {
    const { actor, settle } = pendingActors();
    const downloads: string[] = [];
    const logic = farmersTableMachine.provide({
      actors: { load: actor('load'), save: actor('save'), deactivate: actor('deactivate'), assign: actor('assign'), importFile: actor('importFile'), exportAll: actor('exportAll') },
      actions: { download: (_, p) => void downloads.push(p.name) },
    });
    renderView(
      <FarmersTableContext.Provider logic={logic}>
        <FarmersTable />
      </FarmersTableContext.Provider>
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
          return fireEvent.click(get('button', 'Edit: Farmer 1'));
        case 'edit.change':
          return fireEvent.change(document.querySelector(`[name="edit-${e.key}"]`)!, { target: { value: e.value } });
        case 'edit.save':
          return fireEvent.click(get('button', /^(Save|Saving\.\.\.)$/));
        case 'edit.cancel':
          return fireEvent.click(get('button', 'Cancel'));
        case 'farmer.deactivate':
          return fireEvent.click(get('button', 'Deactivate: Farmer 1'));
        case 'farmer.assign':
          return fireEvent.change(get('combobox', 'Assign coordinator: Farmer 1'), { target: { value: 'c-1' } });
        case 'import.file':
          return fireEvent.change(document.querySelector('[data-testid="import-file"]')!, { target: { files: [e.file!.name === csv.name ? csv : xlsx] } });
        case 'report.download':
          fireEvent.click(get('button', 'Download rejected rows'));
          return expect(downloads.at(-1)).toBe('rejected-farmers.csv');
        case 'export.start':
          return fireEvent.click(get('button', 'Export'));
        case 'notice.dismiss':
          return fireEvent.click(get('button', 'Dismiss'));
        case 'confirm.accept':
          return fireEvent.click(get('button', 'Confirm'));
        case 'confirm.cancel':
          return fireEvent.click(get('button', 'Cancel'));
      }
      throw new Error(`no executor for ${e.type}`);
    };
    const check = (state: (typeof path.steps)[number]['state'], e: Ev) => {
      const c = state.context;
      if (e.type === 'xstate.done.actor.exportAll') expect(downloads.at(-1)).toBe('farmers.csv');
      if (state.matches('ready')) {
        const rows = queryAll('row').slice(1);
        if (c.farmers.length === 0) expect(rows[0]).toHaveTextContent('No farmers found.');
        else expect(rows).toHaveLength(c.farmers.length);
        expect(query('columnheader', 'Coordinator')).not.toBeNull();
        expect(query('button', 'Export')).not.toBeNull();
        // Deactivate is offered only on Active rows.
        if (c.farmers.length) expect(query('button', 'Deactivate: Farmer 2')).toBeNull();
        const texts: Record<string, RegExp> = {
          loadFailed: /Failed to load farmers/, importFailed: /Failed to import farmers/, exportFailed: /Failed to export farmers/,
          assignFailed: /Failed to assign coordinator/, deactivateFailed: /Failed to deactivate farmer/, csvOnly: /\.csv/,
          imported: /Farmers imported successfully: 2 farmers imported, 1 row rejected\. 2 farmers were sent a link by SMS and e-mail to set a password\./,
        };
        if (c.notice) expect(query(c.notice.kind === 'imported' ? 'status' : 'alert')).toHaveTextContent(texts[c.notice.kind]);
        else expect(query('alert')).toBeNull();
      }
      if (state.matches('loading')) expect(document.querySelector('section')).toHaveAttribute('aria-busy', 'true');
      if (state.matches({ editing: 'open' })) {
        const dialog = get('dialog', 'Edit Farmer');
        if (c.editProblem === 'failed') expect(dialog).toHaveTextContent('Failed to update farmer');
        else if (c.editProblem === 'email') expect(dialog).toHaveTextContent('Enter a valid email address.');
        expect(document.querySelector('[name="edit-status"]')).not.toBeNull();
      }
      if (state.matches({ editing: 'saving' })) expect(get('button', 'Saving...')).toBeDisabled();
      // Deactivating and assigning ask first, naming the farmer (and the new coordinator); nothing changes yet.
      if (state.matches('confirming')) {
        const question = get('alertdialog', 'Please confirm');
        if (c.pending?.kind === 'deactivate') expect(question).toHaveTextContent('Deactivate farmer Farmer 1? They will no longer be able to sign in.');
        else expect(question).toHaveTextContent('Assign farmer Farmer 1 to coordinator Kiran?');
        expect(get('combobox', 'Assign coordinator: Farmer 1')).toHaveValue('');
      }
      if (state.matches('deactivating') || state.matches('assigning')) expect(get('button', 'Confirm')).toBeDisabled();
      if (state.matches('ready')) expect(query('alertdialog')).toBeNull();
    };
    for (const step of path.steps) {
      await exec(step.event as Ev);
      check(step.state, step.event as Ev);
    }
  });
});
