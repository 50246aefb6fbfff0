/** Generated paths over farmersTableMachine (the admin's farmer table), each driving the real FarmersTable. */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { announceChange } from '@/machines/listChanges';
import { farmersTableMachine } from '@/machines/farmersTable.machine';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { FarmersTable } from '@/views/people/FarmersTable';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { describeModel, pendingActors, renderView, type ModelStep } from '../../support/modelHarness';
import { expectRows, listExec, listPaths } from '../../support/listModel';

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
  // A role change in the sign-in dialog on the page (listChanges.ts): the table reloads.
  { type: 'list.refresh' },
];
type Ev = { type: string; value?: string; key?: string; page?: number; file?: File; error?: unknown; output?: unknown };
const label = (e: Ev) => `${e.type}${e.file ? `(${e.file.name})` : ''}${e.key ? `(${e.key}=${e.value})` : e.value ? `(${e.value})` : ''}`;

const { all, paths, transitions, parts } = listPaths(farmersTableMachine, {
  events: EVENTS,
  rows: 'farmers',
  rowEvents: ['edit.open', 'farmer.deactivate', 'farmer.assign'],
  key: (s, e) => {
    const c = s.context;
    // A download leaves the state as it was; keying on it keeps that edge in the walk.
    // Coarse on purpose: one walk per notice and dialog problem; every way into loading is kept by its event.
    const keyed = ['report.download', 'xstate.done.actor.exportAll', 'edit.change', 'confirm.cancel'];
    const via = s.matches('loading') || keyed.includes(e?.type ?? '') ? e?.type : '';
    return [c.notice?.kind, c.editProblem, c.farmers.length > 0, c.pending?.kind, via];
  },
  // Rendered: the fewest paths that take every statechart step and show, in each state, each part the checks tell
  // apart (notice, dialog problem, rows or not, the action waiting).
  screen: (s) => [s.context.notice?.kind, s.matches('editing') ? s.context.editProblem : '', s.context.farmers.length > 0, s.context.pending?.kind],
});

describeModel('farmer table model', {
  paths,
  all,
  transitions,
  screen: parts,
  events: EVENTS,
  machine: farmersTableMachine,
  states: ['loading', 'ready', 'editing.open', 'editing.saving', 'confirming', 'deactivating', 'assigning', 'importing', 'exporting'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle } = pendingActors();
    const downloads: string[] = [];
    const logic = farmersTableMachine.provide({
      actors: { load: actor('load'), save: actor('save'), deactivate: actor('deactivate'), assign: actor('assign'), importFile: actor('importFile'), exportAll: actor('exportAll') },
      actions: { download: (_, p) => void downloads.push(p.name) },
    });
    renderView(
      <FarmersTableContext.Provider logic={logic}>
        <FarmersTable />
      </FarmersTableContext.Provider>,
      { catalog: false },
    );
    const check = (state: ModelStep['state'], e: Ev) => {
      const c = state.context;
      if (e.type === 'xstate.done.actor.exportAll') expect(downloads.at(-1)).toBe('farmers.csv');
      if (state.matches('ready')) {
        expectRows(c.farmers.map((f: FarmerRow) => f.name), 'No farmers found.');
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
    return {
      exec: {
        ...listExec({ row: 'Farmer 1' }),
        'list.refresh': () => act(() => announceChange('people')),
        'farmer.deactivate': () => fireEvent.click(get('button', 'Deactivate: Farmer 1')),
        'farmer.assign': () => fireEvent.change(get('combobox', 'Assign coordinator: Farmer 1'), { target: { value: 'c-1' } }),
        'import.file': (e: Ev) => fireEvent.change(document.querySelector('[data-testid="import-file"]')!, { target: { files: [e.file!.name === csv.name ? csv : xlsx] } }),
        'report.download': () => {
          fireEvent.click(get('button', 'Download rejected rows'));
          expect(downloads.at(-1)).toBe('rejected-farmers.csv');
        },
        'export.start': () => fireEvent.click(get('button', 'Export')),
      },
      settle,
      check: (step) => check(step.state, step.event as Ev),
    };
  },
});

describe('farmer table sent for real', () => {
  it('loads, searches, edits, deactivates, assigns, imports and exports through the API, and shows what it answers (the machine’s own calls)', async () => {
    const FARMERS = [farmer(1), farmer(2, { status: 'Inactive' }), farmer(3)];
    const COORDINATORS = [{ _id: 'c-1', name: 'Kiran', email: 'kiran@example.in' }, { _id: 'c-2', name: 'Meena', email: 'meena@example.in' }];
    const api = await startApiServer(({ method, path, query: q }) => {
      const ok = { status: 200, body: { success: true } };
      if (method === 'GET' && path === '/api/v1/admin/farmers') {
        const found = q.search ? FARMERS.filter((f) => f.name.includes(q.search)) : FARMERS;
        return { status: 200, body: { farmers: found, pagination: { page: Number(q.page), limit: 10, total: found.length, totalPages: 1 } } };
      }
      if (method === 'GET' && path === '/api/v1/coordinators') return { status: 200, body: { users: COORDINATORS } };
      if (method === 'PUT' && path === '/api/v1/admin/farmer/f-1') return ok;
      if (method === 'PATCH' && path === '/api/v1/admin/farmer/f-3/deactivate') return ok;
      if (method === 'PATCH' && path === '/api/v1/admin/farmer/f-3/assign-coordinator') return ok;
      if (method === 'GET' && path === '/api/v1/admin/farmers/export') return { status: 200, body: 'name,email' };
      return { status: 404 };
    });
    const downloads: Array<{ name: string; data: Blob | string }> = [];
    try {
      const logic = farmersTableMachine.provide({ actions: { download: (_, p) => void downloads.push(p) } });
      renderView(
        <FarmersTableContext.Provider logic={logic}>
          <FarmersTable />
        </FarmersTableContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Farmer 3');
      expect(get('combobox', 'Assign coordinator: Farmer 3').querySelectorAll('option')).toHaveLength(3);
      expect(api.calls('/admin/farmers').map((r) => r.query)).toEqual([{ page: '1', limit: '10' }]);
      fireEvent.change(get('searchbox'), { target: { value: 'Farmer 3' } });
      await waitFor(() => expectRows(['Farmer 3'], 'No farmers found.'));
      expect(api.calls('/admin/farmers').at(-1)?.query).toEqual({ page: '1', limit: '10', search: 'Farmer 3' });
      fireEvent.change(get('searchbox'), { target: { value: '' } });
      await screen.findByText('Farmer 1');
      const loads = () => api.calls('/admin/farmers').length;

      // Edit: the draft is PUT to the farmer's own path; the list loads again.
      let before = loads();
      fireEvent.click(get('button', 'Edit: Farmer 1'));
      fireEvent.change(document.querySelector('[name="edit-email"]')!, { target: { value: 'new@example.in' } });
      fireEvent.click(get('button', 'Save'));
      await waitFor(() => expect(api.calls('/admin/farmer/f-1')).toHaveLength(1));
      expect(api.calls('/admin/farmer/f-1')[0]).toMatchObject({ method: 'PUT', body: { name: 'Farmer 1', email: 'new@example.in', phoneNumber: '9876543211', status: 'Active' } });
      await waitFor(() => expect(loads()).toBe(before + 1));
      await screen.findByText('Farmer 3');

      // Deactivate asks about the farmer pressed, then PATCHes its path.
      before = loads();
      fireEvent.click(get('button', 'Deactivate: Farmer 3'));
      expect(get('alertdialog', 'Please confirm')).toHaveTextContent('Deactivate farmer Farmer 3?');
      fireEvent.click(get('button', 'Confirm'));
      await waitFor(() => expect(api.calls('/admin/farmer/f-3/deactivate')).toMatchObject([{ method: 'PATCH' }]));
      await waitFor(() => expect(loads()).toBe(before + 1));
      await screen.findByText('Farmer 3');

      // Assign names the farmer and the coordinator chosen, then PATCHes the coordinator's id.
      before = loads();
      fireEvent.change(get('combobox', 'Assign coordinator: Farmer 3'), { target: { value: 'c-2' } });
      expect(get('alertdialog', 'Please confirm')).toHaveTextContent('Assign farmer Farmer 3 to coordinator Meena?');
      fireEvent.click(get('button', 'Confirm'));
      await waitFor(() => expect(api.calls('/admin/farmer/f-3/assign-coordinator')).toMatchObject([{ method: 'PATCH', body: { coordinatorId: 'c-2' } }]));
      await waitFor(() => expect(loads()).toBe(before + 1));
      await screen.findByText('Farmer 3');

      // Import: the file is POSTed as a form with the page's language (jsdom's FormData cannot travel through Node's
      // fetch, so this one request is answered at fetch); the report's rejected rows can be downloaded.
      const uploads: Array<{ url: string; init?: RequestInit }> = [];
      const toServer = globalThis.fetch;
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/admin/farmers/import')) return toServer(input, init);
        uploads.push({ url: String(input), init });
        return Promise.resolve(new Response(JSON.stringify(REPORT), { status: 200, headers: { 'content-type': 'application/json' } }));
      });
      fireEvent.change(document.querySelector('[data-testid="import-file"]')!, { target: { files: [csv] } });
      expect(await screen.findByRole('status')).toHaveTextContent(/Farmers imported successfully: 2 farmers imported, 1 row rejected/);
      expect(uploads).toHaveLength(1);
      expect(uploads[0].url).toMatch(/\/api\/v1\/admin\/farmers\/import\?lang=english$/);
      expect(uploads[0].init?.method?.toUpperCase()).toBe('POST');
      expect(((uploads[0].init?.body as FormData).get('file') as File).name).toBe('farmers.csv');
      fireEvent.click(get('button', 'Download rejected rows'));
      expect(downloads.at(-1)).toEqual({ name: 'rejected-farmers.csv', data: REPORT.report });

      // Export: the whole list from the server, saved as farmers.csv.
      await screen.findByText('Farmer 3');
      fireEvent.click(get('button', 'Export'));
      // The export reads every page from the server: on a loaded 2-core machine that outlasts the 5 s default.
      await waitFor(() => expect(downloads.at(-1)?.name).toBe('farmers.csv'), { timeout: 15_000 });
      expect(await (downloads.at(-1)!.data as Blob).text()).toBe('"name,email"');
      expect(api.calls('/admin/farmers/export')).toHaveLength(1);
      expect(query('alert')).toBeNull();
    } finally {
      await api.close();
    }
  }, 20_000);
});
