/**
 * Generated paths over editFieldMachine, each driving the real EditFieldDialog (issue 19): the field loads (or
 * fails and is retried), the person types a blank name or a negative area (each refused here with its own
 * message, nothing sent), fixes it, saves only what changed (or closes without a call when nothing did), the
 * server refuses in its own words, or the save closes the dialog and announces the change to the field lists.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, setup, type SnapshotFrom } from 'xstate';
import { editFieldMachine } from '@/machines/editField.machine';
import { listChanges } from '@/machines/listChanges';
import { HttpError } from '@/services/http';
import type { FieldDetail } from '@/services/fields';
import { EditFieldDialog } from '@/views/fields/EditFieldDialog';
import { startApiServer } from '../../support/apiServer';
import { describeModel, leafPaths, modelPaths, pendingActors, renderView, serializeWith } from '../../support/modelHarness';

type Snap = SnapshotFrom<typeof editFieldMachine>;
const DETAIL: FieldDetail = {
  _id: 'fld-1',
  fieldId: 'FLD000001AAA',
  name: 'Plot 1',
  status: 'good',
  owner: { _id: 'f-1', name: 'Ramesh Patil' },
  location: {
    coordinates: { lat: null, lng: null },
    address: { state: 'Maharashtra', district: 'Pune', village: 'Wadgaon', pincode: '412101', fullAddress: null },
    area: { value: 2.5, unit: 'acres' },
  },
  currentCrop: { name: 'wheat', variety: null, plantedDate: null, expectedHarvest: null, status: 'growing', yield: { expected: null, actual: null, unit: 'kg' } },
  soilInfo: null,
  irrigation: { type: 'manual', automation: false, schedule: { frequency: null, duration: null, timeSlots: [] } },
  sensors: [],
  cropHistory: [],
  financial: null,
  notes: [],
  lastSensorData: null,
};
/** The load got no answer in its time: the reason is shown (a retry is the way on), not the dialog's fallback. */
const SLOW = new HttpError(0, 'timeout');
const REFUSED = new HttpError(400, 'badRequest', {
  statusCode: 400,
  code: 'FIELD_NAME_REQUIRED',
  error: 'Some values are out of range.',
  message: { english: 'Some values are out of range.', marathi: 'काही मूल्ये मर्यादेबाहेर आहेत.', hindi: 'कुछ मान सीमा से बाहर हैं।' },
} as never);

const EVENTS = [
  { type: 'xstate.done.actor.load', output: DETAIL },
  { type: 'xstate.error.actor.load', error: SLOW },
  { type: 'edit.retry' },
  { type: 'edit.cancel' },
  { type: 'edit.change', field: 'name', value: '' },
  { type: 'edit.change', field: 'name', value: 'North plot' },
  { type: 'edit.change', field: 'areaValue', value: '-2' },
  { type: 'edit.change', field: 'areaValue', value: '3.75' },
  { type: 'edit.save' },
  { type: 'xstate.done.actor.save', output: { _id: 'fld-1', fieldId: 'FLD000001AAA', name: 'North plot', changed: ['name'] } },
  { type: 'xstate.error.actor.save', error: REFUSED },
];
type Ev = { type: string; field?: 'name' | 'areaValue'; value?: string };
const LABEL = { name: 'Field Name', areaValue: 'Area' } as const;

/**
 * Where the dialog must be after these events, worked out from them alone: the loaded name and area as typed
 * since, the problem the last Save found (a change puts it away), and whether the server refused the last save.
 */
function expected(events: Ev[]) {
  let state = 'loading';
  let name = 'Plot 1';
  let area = '2.5';
  let problem: 'name' | 'area' | null = null;
  let refused = false;
  for (const e of events) {
    if (e.type === 'xstate.done.actor.load') [state, name, area, refused] = ['editing', 'Plot 1', '2.5', false];
    else if (e.type === 'xstate.error.actor.load') state = 'loadFailed';
    else if (e.type === 'edit.retry') state = 'loading';
    else if (e.type === 'edit.cancel') state = 'closed';
    else if (e.type === 'edit.change') {
      if (e.field === 'name') name = e.value!;
      else area = e.value!;
      [problem, refused] = [null, false];
    } else if (e.type === 'edit.save') {
      problem = !name.trim() ? 'name' : Number(area) < 0 ? 'area' : null;
      if (!problem) state = name === 'Plot 1' && area === '2.5' ? 'closed' : 'saving';
    } else if (e.type === 'xstate.done.actor.save') state = 'closed';
    else if (e.type === 'xstate.error.actor.save') [state, refused] = ['editing', true];
  }
  return { state, name, area, problem, refused };
}

const all = modelPaths(editFieldMachine, {
  events: EVENTS,
  input: { fieldId: 'fld-1', cropText: (n: string) => (n === 'wheat' ? 'Wheat' : n) },
  // Typing the value a box already holds fires no change in a browser.
  filterEvents: (s: Snap, e: Ev) => s.can(e as never) && !(e.type === 'edit.change' && s.context.draft?.[e.field!] === e.value),
  serializeState: serializeWith((c: Snap['context']) => [c.draft?.name, c.draft?.areaValue, c.problem, !!c.errorCause]),
});
const paths = leafPaths(all);

describeModel('edit field dialog', {
  paths,
  all,
  events: EVENTS,
  machine: editFieldMachine,
  states: ['loading', 'loadFailed', 'editing', 'saving', 'closed'],
  render: () => {
    const { actor, settle, inputs } = pendingActors();
    const logic = editFieldMachine.provide({ actors: { load: actor('load'), save: actor('save') } });
    let closed = 0;
    // A field list on the same page: counts the changes it is told about (listChanges.ts).
    let announced = 0;
    const list = createActor(
      setup({ actors: { listChanges } }).createMachine({
        invoke: { src: 'listChanges', input: 'fields' },
        on: { 'list.refresh': { actions: () => void announced++ } },
      }),
    ).start();
    renderView(<EditFieldDialog fieldId="fld-1" name="Plot 1" onClose={() => void closed++} logic={logic} />, { catalog: false });
    const dialog = () => screen.getByRole('dialog', { name: 'Edit field: Plot 1' });
    return {
      exec: async (e: Ev) => {
        if (await settle(e)) return;
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'edit.retry':
            return fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }));
          case 'edit.cancel':
            return fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
          case 'edit.save':
            return fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
          case 'edit.change':
            return fireEvent.change(within(dialog()).getByRole('textbox', { name: LABEL[e.field!] }), { target: { value: e.value } });
        }
        throw new Error(`no executor for ${e.type}`);
      },
      check: (step, i, path) => {
        const s = step.state as Snap;
        // A save is sent exactly once per step into `saving`: a refused, unchanged or cancelled draft never is.
        expect(inputs.save?.length ?? 0).toBe(path.steps.slice(0, i + 1).filter((x) => (x.state as Snap).matches('saving')).length);
        const e = step.event as Ev;
        // What the steps so far (typed, pressed, answered) must have led to, worked out here, not read from the machine.
        const want = expected(path.steps.slice(0, i + 1).map((x) => x.event as Ev));
        expect(s.value).toBe(want.state);
        if (s.matches('loading')) {
          expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading field details...');
          expect(inputs.load.at(-1)).toBe('fld-1');
        }
        if (s.matches('loadFailed')) {
          expect(within(dialog()).getByRole('alert')).toHaveTextContent('This is taking too long — the network is slow. Please try again.');
          expect(within(dialog()).getByRole('button', { name: 'Try again' })).toBeEnabled();
          expect(within(dialog()).queryByRole('textbox')).toBeNull();
        }
        if (s.matches('editing')) {
          const d = dialog();
          expect(within(d).getByRole('textbox', { name: 'Field Name' })).toHaveValue(want.name);
          expect(within(d).getByRole('textbox', { name: 'Area' })).toHaveValue(want.area);
          expect(within(d).getByRole('combobox', { name: 'Crop Status' })).toHaveValue('growing');
          expect(within(d).getByRole('textbox', { name: 'Village' })).toHaveValue('Wadgaon');
          // The stored crop key is shown as the reader says it.
          expect(within(d).getByRole('textbox', { name: 'Crop Name' })).toHaveValue('Wheat');
          const alerts = within(d).queryAllByRole('alert').map((a) => a.textContent);
          expect(alerts).toEqual([
            ...(want.refused ? ['Some values are out of range.'] : []),
            ...(want.problem === 'name' ? ['Field name is required'] : []),
            ...(want.problem === 'area' ? ['Area must be a number, 0 or more'] : []),
          ]);
        }
        if (s.matches('saving')) {
          expect(within(dialog()).getByRole('button', { name: 'Saving...' })).toBeDisabled();
          // Only what differs from the loaded field is sent.
          const body: Record<string, unknown> = {};
          if (want.name !== 'Plot 1') body.name = want.name;
          if (want.area !== '2.5') body.areaValue = Number(want.area);
          expect(inputs.save.at(-1)).toEqual({ fieldId: 'fld-1', body });
          expect(Object.keys(body).length).toBeGreaterThan(0);
        }
        if (s.matches('closed')) {
          expect(closed).toBe(1);
          expect(s.status).toBe('done');
          expect(screen.queryByRole('textbox')).toBeNull();
          // A saved edit is announced to the field lists; a cancel or an unchanged draft is not.
          expect(announced).toBe(e.type === 'xstate.done.actor.save' ? 1 : 0);
        } else expect(closed).toBe(0);
        if (!s.matches('closed')) expect(announced).toBe(0);
      },
      done: () => list.stop(),
    };
  },
});

describe('edit field sent for real', () => {
  it('loads /admin/fields/:id and saves only what changed with PATCH /fields/:id (the machine’s own calls)', async () => {
    let patches = 0;
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/admin/fields/fld-1') return { status: 200, body: DETAIL };
      // The first save is refused in the server's words; the second one is taken.
      if (method === 'PATCH' && path === '/api/v1/fields/fld-1') return patches++ === 0 ? { status: 400, body: REFUSED.body } : { status: 200, body: { _id: 'fld-1', changed: ['name', 'pincode'] } };
      return { status: 404 };
    });
    let closed = 0;
    try {
      renderView(<EditFieldDialog fieldId="fld-1" name="Plot 1" onClose={() => void closed++} />, { catalog: false });
      const box = async (name: string) => screen.findByRole('textbox', { name });
      fireEvent.change(await box('Field Name'), { target: { value: ' North plot ' } });
      fireEvent.change(await box('Pincode'), { target: { value: '4121' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Pincode must be 6 digits');
      fireEvent.change(await box('Pincode'), { target: { value: '412102' } });
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Some values are out of range.');
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(closed).toBe(1));
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/admin/fields/fld-1', 'PATCH /api/v1/fields/fld-1', 'PATCH /api/v1/fields/fld-1']);
      expect(api.calls('/fields/fld-1').map((r) => r.body)).toEqual([
        { name: 'North plot', pincode: '412102' },
        { name: 'North plot', pincode: '412102' },
      ]);
    } finally {
      await api.close();
    }
  });
});
