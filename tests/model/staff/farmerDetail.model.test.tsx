/**
 * Generated paths over farmerDetailMachine, each driving the real FarmerDetailView (/farmer/:id and
 * /farmer/:id/edit) with its Edit Farmer dialog, as an admin and as a coordinator. Load and save are faked at
 * their actors (the recipe).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SnapshotFrom } from 'xstate';
import { farmerDetailMachine, type FarmerDetailInput } from '@/machines/farmerDetail.machine';
import { FarmerDetailView } from '@/views/people/FarmerDetailView';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { startApiServer } from '../../support/apiServer';
import { describeModel, modelPaths, pendingActors, renderView } from '../../support/modelHarness';

const FARMER: FarmerRow = {
  _id: 'f-1', name: 'Ramesh Patil', email: 'ramesh@example.in', phoneNumber: '9876543210', village: null, district: null,
  status: 'Active', coordinator: 'u-coord', coordinatorName: null, lastActive: null, fieldCount: 3, hasOpenAlert: false,
};
const FAIL = new HttpError(500, 'server');
const EVENTS = [
  { type: 'xstate.done.actor.load', output: FARMER },
  { type: 'xstate.error.actor.load', error: new HttpError(404, 'notFound') },
  // Not 'not found': no network, or the server failed. The page says so and offers Retry.
  { type: 'xstate.error.actor.load', error: new HttpError(0, 'network') },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'load.retry' },
  { type: 'edit.open' },
  { type: 'edit.change', key: 'email', value: 'bad' },
  { type: 'edit.change', key: 'email', value: 'Ramesh.P@Example.in' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
];
type Ev = { type: string; key?: string; value?: string; error?: unknown; output?: unknown };
type Snap = SnapshotFrom<typeof farmerDetailMachine>;
const label = (e: Ev) => `${e.type}${e.key ? `(${e.key}=${e.value})` : ''}${e.error instanceof HttpError && e.type === 'xstate.error.actor.load' ? `(${e.error.status})` : ''}`;

const CASES = [
  { id: 'f-1', mode: 'view', editing: false, actorRole: 'admin' },
  { id: 'f-1', mode: 'edit', editing: true, actorRole: 'coordinator' },
] satisfies FarmerDetailInput[];

function pathsFor(input: FarmerDetailInput) {
  return modelPaths(farmerDetailMachine, {
    input,
    events: EVENTS,
    // The email is mistyped, then corrected: 'bad' over the farmer's own, the good one over 'bad'.
    filterEvents: (s: Snap, e) => s.can(e) && (e.type !== 'edit.change' || s.context.edit?.email === (e.value === 'bad' ? FARMER.email : 'bad')),
    serializeEvent: (e) => label(e as Ev),
    serializeState: (s: Snap, e, prev) => {
      const c = s.context;
      // Each way into loading, each Cancel (from the open dialog, after each kind of problem) and each Edit is its own node.
      // A failed load is keyed by its failure (no network, a 500), so both are walked.
      const keyed = s.matches('loading') || s.matches('failed') || e?.type === 'edit.cancel' || e?.type === 'edit.open';
      const from = e?.type === 'edit.cancel' && prev ? JSON.stringify(prev.value) : '';
      const via = keyed ? `${from}>${e ? label(e as Ev) : ''}` : '';
      // The dialog's draft matters only while it is open.
      const editing = s.matches('editing');
      return [JSON.stringify(s.value), c.farmer !== null, editing ? c.edit?.email : '', editing ? c.editProblem : '', via].join('|');
    },
  });
}

for (const input of CASES) {
  describeModel(`farmer page (${input.mode}) as ${input.actorRole}`, {
    paths: pathsFor(input),
    events: EVENTS,
    eventKey: (e) => label(e as Ev),
    machine: farmerDetailMachine,
    states: ['loading', 'shown', 'missing', 'failed', 'editing.open', 'editing.saving'],
    name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
    render: (path) => {
      const { actor, settle, inputs } = pendingActors();
      const logic = farmerDetailMachine.provide({ actors: { load: actor('load'), save: actor('save') } });
      renderView(<FarmerDetailView id={input.id} mode={input.mode} logic={logic} />, { session: input.actorRole as 'admin' | 'coordinator', intlLocale: 'en' });
      const dialog = () => screen.getByRole('dialog', { name: 'Edit Farmer' });
      const exec = async (e: Ev) => {
        if (await settle(e)) return;
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'edit.open':
            return fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
          case 'load.retry':
            return fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
          case 'edit.change':
            return fireEvent.change(dialog().querySelector(`[name="edit-${e.key}"]`)!, { target: { value: e.value } });
          case 'edit.save':
            return fireEvent.click(within(dialog()).getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }));
          case 'edit.cancel':
            return fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        }
        throw new Error(`no executor for ${e.type}`);
      };
      const check = (s: Snap, index: number) => {
        const c = s.context;
        const main = screen.getByRole('main');
        expect(main).toHaveAttribute('aria-busy', String(s.matches('loading')));
        expect(inputs.load.at(-1)).toEqual({ id: 'f-1' });
        // Each Retry loads again.
        expect(inputs.load).toHaveLength(1 + path.steps.slice(0, index + 1).filter((x) => ['load.retry', 'xstate.done.actor.save'].includes(x.event.type)).length);
        // The edit route keeps its title; the page otherwise carries the farmer's name once known.
        expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(input.mode === 'edit' ? 'Edit Farmer' : c.farmer ? 'Ramesh Patil' : 'Farmer');
        if (s.matches('missing')) {
          expect(within(main).getByRole('alert')).toHaveTextContent('This farmer was not found.');
          // Not found is final: nothing to retry.
          expect(within(main).queryByRole('button', { name: 'Retry' })).toBeNull();
        } else if (s.matches('failed')) {
          const alert = within(main).getByRole('alert');
          expect(alert).toHaveTextContent('Could not load this farmer. Please try again.');
          expect(alert).not.toHaveTextContent('not found');
          expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
        } else expect(main.querySelector('.staff-panel + [role="alert"], main > [role="alert"]')).toBeNull();
        const facts = main.querySelector('dl.facts');
        if (c.farmer) {
          expect([...facts!.querySelectorAll('div')].map((d) => d.textContent)).toEqual([
            'Emailramesh@example.in', 'Phone Number9876543210', 'CoordinatorUnassigned', 'Fields3', 'StatusActive',
          ]);
        } else expect(facts).toBeNull();
        // Worked out from the path, not the snapshot: the edit route opens the dialog by itself once, when the farmer
        // first loads (not again when a save reloads them); the page route never does.
        const loadsDone = path.steps.slice(0, index + 1).filter((x) => x.event.type === 'xstate.done.actor.load').length;
        if (path.steps[index].event.type === 'xstate.done.actor.load') expect(s.matches('editing')).toBe(input.editing && loadsDone === 1);
        if (!s.matches('editing')) {
          expect(screen.queryByRole('dialog')).toBeNull();
          return;
        }
        const d = dialog();
        const value = (k: string) => (d.querySelector(`[name="edit-${k}"]`) as HTMLInputElement).value;
        expect([value('name'), value('email'), value('phoneNumber')]).toEqual([c.edit!.name, c.edit!.email, c.edit!.phoneNumber]);
        // Only an admin changes a farmer's status.
        expect(d.querySelector('[name="edit-status"]') !== null).toBe(input.actorRole === 'admin');
        const problem = within(d).queryByRole('alert');
        if (c.editProblem === 'email') expect(problem).toHaveTextContent('Enter a valid email address.');
        else if (c.editProblem === 'failed') expect(problem).toHaveTextContent('Failed to update farmer');
        else expect(problem).toBeNull();
        if (s.matches({ editing: 'saving' })) {
          expect(within(d).getByRole('button', { name: 'Saving...' })).toBeDisabled();
          // The update cannot be called back once sent, so the dialog stays until it answers.
          expect(within(d).getByRole('button', { name: 'Cancel' })).toBeDisabled();
          // What is sent is the draft, the email lower-cased.
          const email = c.edit!.email === 'Ramesh.P@Example.in' ? 'ramesh.p@example.in' : 'ramesh@example.in';
          expect(inputs.save.at(-1)).toEqual({ id: 'f-1', edit: { name: 'Ramesh Patil', email, phoneNumber: '9876543210', status: 'Active' } });
        } else expect(within(d).getByRole('button', { name: 'Save' })).toBeEnabled();
      };
      return { exec, check: (step, index) => check(step.state as Snap, index) };
    },
  });
}

describe('farmer page, fixed scenarios', () => {
  it('on the edit route the dialog opens by itself once: after a save the farmer reloads into the page, not the dialog', async () => {
    const { actor, settle } = pendingActors();
    const logic = farmerDetailMachine.provide({ actors: { load: actor('load'), save: actor('save') } });
    renderView(<FarmerDetailView id="f-1" mode="edit" logic={logic} />, { session: 'coordinator', intlLocale: 'en' });
    await settle({ type: 'xstate.done.actor.load', output: FARMER });
    const dialog = screen.getByRole('dialog', { name: 'Edit Farmer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle({ type: 'xstate.done.actor.save', output: {} });
    await settle({ type: 'xstate.done.actor.load', output: FARMER });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('a farmer the role may not read (403) is "not found" too, with nothing to retry', async () => {
    const { actor, settle } = pendingActors();
    const logic = farmerDetailMachine.provide({ actors: { load: actor('load'), save: actor('save') } });
    renderView(<FarmerDetailView id="f-1" mode="view" logic={logic} />, { session: 'coordinator', intlLocale: 'en' });
    await settle({ type: 'xstate.error.actor.load', error: new HttpError(403, 'forbidden') });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('alert')).toHaveTextContent('This farmer was not found.');
    expect(within(main).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('farmer page sent for real', () => {
  it('loads the farmer from /admin/farmer/:id and saves the edit with a PUT there, then loads again (the machine’s own calls)', async () => {
    let saved = false;
    const api = await startApiServer(({ method, path }) => {
      if (path !== '/api/v1/admin/farmer/f-1') return { status: 404 };
      if (method === 'PUT') {
        saved = true;
        return { status: 200, body: {} };
      }
      return { status: 200, body: saved ? { ...FARMER, email: 'ramesh.p@example.in' } : FARMER };
    });
    try {
      renderView(<FarmerDetailView id="f-1" mode="view" />, { session: 'admin', intlLocale: 'en' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Ramesh Patil' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Farmer' });
      fireEvent.change(dialog.querySelector('[name="edit-email"]')!, { target: { value: 'Ramesh.P@Example.in' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('ramesh.p@example.in')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.calls('/admin/farmer/f-1').map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
      expect(api.calls('/admin/farmer/f-1')[1].body).toEqual({ name: 'Ramesh Patil', email: 'ramesh.p@example.in', phoneNumber: '9876543210', status: 'Active' });
    } finally {
      await api.close();
    }
  });
});
