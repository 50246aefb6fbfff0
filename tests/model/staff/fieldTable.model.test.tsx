/**
 * Generated paths over fieldTableMachine, each driving the real FieldTable (and its Set Field Location dialog).
 *
 * The dialog's map is maplibre on WebGL, which jsdom does not have: the real LocationPicker loads but draws
 * nothing, so a click on the map is driven in a real browser by tests/e2e/staff.e2e.ts. Here `location.pick`
 * comes from the typed coordinates (the same event), and 'use my location' from the device actor (stubbed);
 * the guard test below keeps every event walked.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { fieldTableMachine, type FieldTableInput } from '@/machines/fieldTable.machine';
import { FieldTableContext } from '@/machines/fieldTable.context';
import { FieldTable } from '@/views/fields/FieldTable';
import { HttpError } from '@/services/http';
import type { FieldRow } from '@/services/fields';
import { isOtherPage, type ListPage } from '@/machines/staffList';
import { deferred, type Deferred, renderView } from '../../support/modelHarness';

const field = (n: number, extra: Partial<FieldRow> = {}): FieldRow => ({
  _id: `fld-${n}`, fieldId: `FLD00000${n}AAA`, fieldName: `Plot ${n}`, status: 'good', operationalStatus: 'active',
  farmerId: null, farmerName: null, owner: { name: null }, crop: null, cropType: null, area: null,
  lastSensorData: null, lastSensorUpdate: null, lat: null, lng: null, ...extra,
});
const UNLOCATED = field(1, { farmerName: 'Sita Patil', crop: 'Wheat', status: 'warning', lastSensorUpdate: '2026-03-01T10:30:00.000Z' });
const LOCATED = field(2, { lat: 19.123456, lng: 75.654321, status: 'alert' });
const PAGE: ListPage<FieldRow> = { items: [UNLOCATED, LOCATED], totalPages: 2 };
const FAIL = new HttpError(500, 'server');

const TYPED = { lat: 18.5204, lng: 73.8567 };
const DEVICE = { latitude: 18.61, longitude: 73.91, accuracy: 23.4 };
const EVENTS = [
  { type: 'location.pick', position: TYPED },
  { type: 'location.locate' },
  { type: 'xstate.done.actor.locate', output: DEVICE },
  { type: 'xstate.error.actor.locate', error: new Error('denied') },
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 1 },
  { type: 'location.open', field: UNLOCATED },
  { type: 'location.open', field: LOCATED },
  { type: 'location.save' },
  { type: 'location.cancel' },
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
];
type Ev = { type: string; page?: number; field?: FieldRow; error?: unknown; output?: unknown; position?: { lat: number; lng: number } };
type Snap = SnapshotFrom<typeof fieldTableMachine>;
const label = (e: Ev) => `${e.type}${e.page ? `(${e.page})` : ''}${e.field ? `(${e.field.fieldName})` : ''}`;

function pathsFor(input: FieldTableInput) {
  return getShortestPaths(fieldTableMachine, {
    input,
    events: EVENTS as never,
    // Only what the screen offers: a row's button while its row is shown, a page button that is not the current page.
    filterEvents: (s: Snap, e) => {
      const c = s.context;
      if (!s.can(e)) return false;
      // The pager is shown only for two pages or more.
      if (e.type === 'page.go') return c.totalPages > 1 && isOtherPage(c, e.page);
      if (e.type === 'location.open') return c.fields.some((f) => f._id === e.field._id);
      return true;
    },
    serializeEvent: (e) => label(e as Ev),
    serializeState: (s: Snap, e) => {
      const c = s.context;
      // Every way into loading is kept apart by its event (first load, page change, save), and so is Cancel,
      // which goes back to a table the walk has already seen. The page matters to the table, not to the dialog.
      const via = s.matches('loading') || e?.type === 'location.cancel' ? (e?.type ?? '') : '';
      const shape = s.matches('locating') ? [c.locating?._id, JSON.stringify(c.position), c.accuracy, c.saveFailed, c.locateFailed] : [c.page, c.fields.length];
      return [JSON.stringify(s.value), ...shape, via].join('|');
    },
  });
}

describe.each([{ actorRole: 'admin' }, { actorRole: 'coordinator' }] satisfies FieldTableInput[])('field table as $actorRole', (input) => {
  const paths = pathsFor(input);

  it('walks every state and every event the view can send', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"loading"', '"ready"', '{"locating":"open"}', '{"locating":"saving"}', '{"locating":"finding"}']),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => label(s.event as Ev))));
    for (const e of EVENTS) expect(used).toContain(label(e));
    // Every event the machine takes is walked here.
    const walked = new Set(EVENTS.map((e) => e.type).filter((t) => !t.startsWith('xstate.')));
    expect([...new Set(fieldTableMachine.events)].filter((t) => !t.startsWith('xstate.')).sort()).toEqual([...walked].sort());
  });

  it.each(paths.map((p) => [p.steps.map((s) => label(s.event as Ev)).join(' → '), p] as const))('%s', async (_, path) => {
    const pending: Record<string, Deferred<unknown>> = {};
    const inputs: Record<string, unknown[]> = { load: [], save: [], locate: [] };
    const actor = (id: string) =>
      fromPromise(({ input: i }) => {
        inputs[id].push(i);
        return (pending[id] = deferred()).promise;
      }) as never;
    const logic = fieldTableMachine.provide({ actors: { load: actor('load'), save: actor('save'), locate: actor('locate') } });
    let addField = 0;
    renderView(
      <FieldTableContext.Provider logic={logic} options={{ input }}>
        <FieldTable onAddField={() => void addField++} />
      </FieldTableContext.Provider>
, { catalog: false });
    const dialog = () => screen.getByRole('dialog', { name: 'Set Field Location' });
    const exec = async (e: Ev) => {
      if (/^xstate\.(done|error)\.actor\./.test(e.type)) {
        const id = e.type.split('.').at(-1)!;
        return act(async () => (e.type.includes('.done.') ? pending[id].resolve(e.output) : pending[id].reject(e.error)));
      }
      switch (e.type) {
        case 'xstate.init':
          return;
        case 'page.go':
          return fireEvent.click(screen.getByRole('button', { name: `Page ${e.page}` }));
        case 'location.open': {
          const located = typeof e.field!.lat === 'number';
          return fireEvent.click(screen.getByRole('button', { name: `${located ? 'Edit Location' : 'Set Location'}: ${e.field!.fieldName}` }));
        }
        case 'location.save':
          return fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
        case 'location.cancel':
          return fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
        case 'location.locate':
          return fireEvent.click(within(dialog()).getByRole('button', { name: 'Use my location' }));
        case 'location.pick': {
          // Wrong first (each box says why, nothing is picked), then right.
          const d = dialog();
          const before = inputs.save.length;
          fireEvent.change(within(d).getByRole('textbox', { name: 'Latitude' }), { target: { value: '91' } });
          fireEvent.change(within(d).getByRole('textbox', { name: 'Longitude' }), { target: { value: '73,x' } });
          fireEvent.click(within(d).getByRole('button', { name: 'Use these coordinates' }));
          expect(within(d).getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription('Latitude must be between -90 and 90.');
          expect(within(d).getByRole('textbox', { name: 'Longitude' })).toHaveAccessibleDescription('Longitude must be a number in decimal degrees, e.g. 73.8567.');
          expect(inputs.save.length).toBe(before);
          fireEvent.change(within(d).getByRole('textbox', { name: 'Latitude' }), { target: { value: String(e.position!.lat) } });
          fireEvent.change(within(d).getByRole('textbox', { name: 'Longitude' }), { target: { value: String(e.position!.lng).replace('.', ',') } });
          return fireEvent.click(within(d).getByRole('button', { name: 'Use these coordinates' }));
        }
      }
      throw new Error(`no executor for ${e.type}`);
    };
    const check = (s: Snap, e: Ev) => {
      const c = s.context;
      const section = document.querySelector('section.staff-panel')!;
      expect(section).toHaveAttribute('aria-busy', String(s.hasTag('loading')));
      // Add Field is there whenever the page gives it somewhere to go.
      fireEvent.click(screen.getByRole('button', { name: 'Add Field' }));
      expect(addField).toBeGreaterThan(0);
      if (s.matches('loading')) {
        // Each load asks for the current page from the caller's own list.
        expect(inputs.load.at(-1)).toEqual({ admin: input.actorRole !== 'coordinator', page: c.page });
        if (e.type === 'xstate.done.actor.save') expect(screen.queryByRole('dialog')).toBeNull();
      }
      if (!s.matches('loading')) {
        const rows = screen.getAllByRole('row').slice(1);
        if (c.fields.length === 0) {
          expect(rows).toHaveLength(1);
          expect(rows[0]).toHaveTextContent('No fields found.');
        } else {
          expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual(c.fields.map((f) => f.fieldName));
          const [first, second] = rows as HTMLTableRowElement[];
          expect([...first.cells].map((x) => x.textContent)).toEqual(['Plot 1', 'Sita Patil', 'Wheat', 'Warning', 'Mar 1, 2026, 10:30', '⚠ Set Location']);
          expect(within(first).getByRole('img', { name: 'Location missing' })).toBeInTheDocument();
          expect([...second.cells].slice(1, 5).map((x) => x.textContent)).toEqual(['--', '--', 'Alert', '--']);
          expect(within(second).getByRole('img', { name: 'Location set' })).toBeInTheDocument();
        }
        const pager = screen.queryByRole('navigation');
        if (c.totalPages < 2) expect(pager).toBeNull();
        else {
          expect(pager).toHaveAccessibleName(`Page ${c.page} of ${c.totalPages}`);
          expect(within(pager!).getByRole('button', { name: `Page ${c.page}` })).toHaveAttribute('aria-current', 'page');
        }
      }
      if (s.matches('ready')) expect(screen.queryByRole('dialog')).toBeNull();
      if (s.matches('locating')) {
        const d = dialog();
        expect(within(d).getByRole('heading')).toHaveTextContent(`Set Field Location: ${c.locating!.fieldName}`);
        const picked = screen.queryByTestId('picked-position');
        if (c.position) expect(picked).toHaveTextContent(`Latitude ${c.position.lat.toFixed(6)}, Longitude ${c.position.lng.toFixed(6)}`);
        else expect(picked).toBeNull();
        if (c.saveFailed) expect(within(d).getByRole('alert')).toHaveTextContent('Failed to save location.');
        else expect(within(d).queryByRole('alert')).toBeNull();
        // The device's accuracy shows only for a position that came from the device.
        const accuracy = screen.queryByTestId('position-accuracy');
        if (c.position && c.accuracy !== null) expect(accuracy).toHaveTextContent(`From this device, accurate to about ${Math.round(c.accuracy)} m`);
        else expect(accuracy).toBeNull();
        const failure = 'Your location could not be found. Allow location access in the browser, or type the coordinates.';
        if (c.locateFailed) expect(d).toHaveTextContent(failure);
        else expect(d).not.toHaveTextContent(failure);
        // The typed boxes show the current position.
        expect(within(d).getByRole('textbox', { name: 'Latitude' })).toHaveValue(c.position ? c.position.lat.toFixed(6) : '');
        expect(within(d).getByRole('textbox', { name: 'Longitude' })).toHaveValue(c.position ? c.position.lng.toFixed(6) : '');
      }
      if (s.matches({ locating: 'finding' })) {
        expect(within(dialog()).getByRole('button', { name: 'Finding your location…' })).toBeDisabled();
        expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeDisabled();
        expect(within(dialog()).getByRole('textbox', { name: 'Latitude' })).toBeDisabled();
      }
      if (s.matches({ locating: 'open' })) {
        // Save needs a position: a field without one cannot be saved until the map is clicked.
        const save = within(dialog()).getByRole('button', { name: 'Save' });
        if (c.position) expect(save).toBeEnabled();
        else expect(save).toBeDisabled();
      }
      if (s.matches({ locating: 'saving' })) {
        expect(within(dialog()).getByRole('button', { name: 'Saving...' })).toBeDisabled();
        // The save cannot be called back once sent, so the dialog stays until it answers.
        expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        expect(inputs.save.at(-1)).toEqual({ id: c.locating!._id, ...c.position });
      }
    };
    for (const step of path.steps) {
      await exec(step.event as Ev);
      check(step.state as Snap, step.event as Ev);
    }
  });
});
