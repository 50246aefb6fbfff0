/**
 * Generated paths over fieldTableMachine, each driving the real FieldTable (and its Set Field Location dialog).
 *
 * The dialog's map is maplibre on WebGL, which jsdom does not have: the real LocationPicker loads but draws
 * nothing, so a click on the map is driven in a real browser by tests/e2e/staff.e2e.ts. Here `location.pick`
 * comes from the typed coordinates (the same event), and 'use my location' from the device actor (stubbed);
 * the guard test below keeps every event walked.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { announceChange } from '@/machines/listChanges';
import type { SnapshotFrom } from 'xstate';
import { fieldTableMachine, type FieldTableInput } from '@/machines/fieldTable.machine';
import { FieldTableContext } from '@/machines/fieldTable.context';
import { FieldTable } from '@/views/fields/FieldTable';
import { HttpError } from '@/services/http';
import type { FieldRow } from '@/services/fields';
import type { ListPage } from '@/machines/staffList';
import { startApiServer } from '../../support/apiServer';
import { get, getLabelled, query, queryAll } from '../../support/dom';
import { describeModel, pendingActors, renderView } from '../../support/modelHarness';
import { expectPager, expectRows, listPaths } from '../../support/listModel';

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
  // A saved Edit Field dialog on the page announces the change (listChanges.ts): the table reloads.
  { type: 'list.refresh' },
];
type Ev = { type: string; page?: number; field?: FieldRow; error?: unknown; output?: unknown; position?: { lat: number; lng: number } };
type Snap = SnapshotFrom<typeof fieldTableMachine>;
const label = (e: Ev) => `${e.type}${e.page ? `(${e.page})` : ''}${e.field ? `(${e.field.fieldName})` : ''}`;

for (const input of [{ actorRole: 'admin' }, { actorRole: 'coordinator' }] satisfies FieldTableInput[]) {
  const { all, paths } = listPaths(fieldTableMachine, {
    input,
    events: EVENTS,
    rows: 'fields',
    // Only what the screen offers: a row's button while its row is shown.
    offers: (s: Snap, e) => (e.type === 'location.open' ? s.context.fields.some((f) => f._id === e.field._id) : true),
    serializeEvent: (e) => label(e as Ev),
    key: (s: Snap, e) => {
      const c = s.context;
      // Every way into loading is kept apart by its event (first load, page change, save), and so is Cancel,
      // which goes back to a table the walk has already seen. The page matters to the table, not to the dialog.
      const via = s.matches('loading') || e?.type === 'location.cancel' ? (e?.type ?? '') : '';
      const shape = s.matches('locating') ? [c.locating?._id, JSON.stringify(c.position), c.accuracy, c.saveFailed, c.locateFailed] : [c.page, c.fields.length];
      return [...shape, via];
    },
  });

  describeModel(`field table as ${input.actorRole}`, {
    paths,
    all,
    events: EVENTS,
    eventKey: (e) => label(e as Ev),
    // Every event the machine takes is walked here.
    machine: fieldTableMachine,
    states: ['loading', 'ready', 'locating.open', 'locating.saving', 'locating.finding'],
    name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
    render: () => {
      const { actor, settle, inputs } = pendingActors();
      const logic = fieldTableMachine.provide({ actors: { load: actor('load'), save: actor('save'), locate: actor('locate') } });
      let addField = 0;
      renderView(
        <FieldTableContext.Provider logic={logic} options={{ input }}>
          <FieldTable onAddField={() => void addField++} />
        </FieldTableContext.Provider>,
        { catalog: false },
      );
      const dialog = () => get('dialog', 'Set Field Location');
      const exec = async (e: Ev) => {
        if (await settle(e)) return;
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'page.go':
            return fireEvent.click(get('button', `Page ${e.page}`));
          case 'location.open': {
            const located = typeof e.field!.lat === 'number';
            return fireEvent.click(get('button', `${located ? 'Edit Location' : 'Set Location'}: ${e.field!.fieldName}`));
          }
          case 'location.save':
            return fireEvent.click(get('button', 'Save', dialog()));
          case 'location.cancel':
            return fireEvent.click(get('button', 'Cancel', dialog()));
          case 'location.locate':
            return fireEvent.click(get('button', 'Use my location', dialog()));
          case 'list.refresh':
            return act(() => announceChange('fields'));
          case 'location.pick': {
            // Wrong first (each box says why, nothing is picked), then right.
            const d = dialog();
            const before = inputs.save.length;
            fireEvent.change(getLabelled('Latitude', d), { target: { value: '91' } });
            fireEvent.change(getLabelled('Longitude', d), { target: { value: '73,x' } });
            fireEvent.click(get('button', 'Use these coordinates', d));
            expect(getLabelled('Latitude', d)).toHaveAccessibleDescription('Latitude must be between -90 and 90.');
            expect(getLabelled('Longitude', d)).toHaveAccessibleDescription('Longitude must be a number in decimal degrees, e.g. 73.8567.');
            expect(inputs.save.length).toBe(before);
            fireEvent.change(getLabelled('Latitude', d), { target: { value: String(e.position!.lat) } });
            fireEvent.change(getLabelled('Longitude', d), { target: { value: String(e.position!.lng).replace('.', ',') } });
            return fireEvent.click(get('button', 'Use these coordinates', d));
          }
        }
        throw new Error(`no executor for ${e.type}`);
      };
      const check = (s: Snap, e: Ev) => {
        const c = s.context;
        const section = document.querySelector('section.staff-panel')!;
        expect(section).toHaveAttribute('aria-busy', String(s.hasTag('loading')));
        // Add Field is there whenever the page gives it somewhere to go.
        fireEvent.click(get('button', 'Add Field'));
        expect(addField).toBeGreaterThan(0);
        if (s.matches('loading')) {
          // Each load asks for the current page from the caller's own list.
          expect(inputs.load.at(-1)).toEqual({ admin: input.actorRole !== 'coordinator', page: c.page });
          if (e.type === 'xstate.done.actor.save') expect(query('dialog')).toBeNull();
        }
        if (!s.matches('loading')) {
          expectRows(c.fields.map((f) => f.fieldName), 'No fields found.');
          if (c.fields.length) {
            const [first, second] = queryAll('row').slice(1) as HTMLTableRowElement[];
            expect([...first.cells].map((x) => x.textContent)).toEqual(['Plot 1', 'Sita Patil', 'Wheat', 'Warning', 'Mar 1, 2026, 10:30', '⚠ Set Location', 'Edit']);
            expect(get('button', 'Edit: Plot 2', second)).toBeInTheDocument();
            expect(get('img', 'Location missing', first)).toBeInTheDocument();
            expect([...second.cells].slice(1, 5).map((x) => x.textContent)).toEqual(['--', '--', 'Alert', '--']);
            expect(get('img', 'Location set', second)).toBeInTheDocument();
          }
          expectPager(c);
        }
        if (s.matches('ready')) expect(query('dialog')).toBeNull();
        if (s.matches('locating')) {
          const d = dialog();
          expect(d.querySelector('h2')).toHaveTextContent(`Set Field Location: ${c.locating!.fieldName}`);
          const picked = screen.queryByTestId('picked-position');
          if (c.position) expect(picked).toHaveTextContent(`Latitude ${c.position.lat.toFixed(6)}, Longitude ${c.position.lng.toFixed(6)}`);
          else expect(picked).toBeNull();
          if (c.saveFailed) expect(get('alert', undefined, d)).toHaveTextContent('Failed to save location.');
          else expect(query('alert', undefined, d)).toBeNull();
          // The device's accuracy shows only for a position that came from the device.
          const accuracy = screen.queryByTestId('position-accuracy');
          if (c.position && c.accuracy !== null) expect(accuracy).toHaveTextContent(`From this device, accurate to about ${Math.round(c.accuracy)} m`);
          else expect(accuracy).toBeNull();
          const failure = 'Your location could not be found. Allow location access in the browser, or type the coordinates.';
          if (c.locateFailed) expect(d).toHaveTextContent(failure);
          else expect(d).not.toHaveTextContent(failure);
          // The typed boxes show the current position.
          expect(getLabelled('Latitude', d)).toHaveValue(c.position ? c.position.lat.toFixed(6) : '');
          expect(getLabelled('Longitude', d)).toHaveValue(c.position ? c.position.lng.toFixed(6) : '');
        }
        if (s.matches({ locating: 'finding' })) {
          expect(get('button', 'Finding your location…', dialog())).toBeDisabled();
          expect(get('button', 'Save', dialog())).toBeDisabled();
          expect(getLabelled('Latitude', dialog())).toBeDisabled();
        }
        if (s.matches({ locating: 'open' })) {
          // Save needs a position: a field without one cannot be saved until the map is clicked.
          const save = get('button', 'Save', dialog());
          if (c.position) expect(save).toBeEnabled();
          else expect(save).toBeDisabled();
        }
        if (s.matches({ locating: 'saving' })) {
          expect(get('button', 'Saving...', dialog())).toBeDisabled();
          // The save cannot be called back once sent, so the dialog stays until it answers.
          expect(get('button', 'Cancel', dialog())).toBeDisabled();
          expect(inputs.save.at(-1)).toEqual({ id: c.locating!._id, ...c.position });
        }
      };
      return { exec, check: (step) => check(step.state as Snap, step.event as Ev) };
    },
  });
}

describe('field table sent for real', () => {
  let saves = 0;
  const serve = () =>
    startApiServer(({ method, path, query: q }) => {
      const page = { fields: Number(q.page) === 1 ? [UNLOCATED, LOCATED] : [field(3)], pagination: { page: Number(q.page), limit: 10, total: 11, totalPages: 2 } };
      if (method === 'GET' && (path === '/api/v1/admin/fields' || path === '/api/v1/coordinator/field-overview')) return { status: 200, body: page };
      // The first save of a location fails; the next one is kept.
      if (method === 'PUT' && path === '/api/v1/admin/fields/fld-1/location') return saves++ === 0 ? { status: 500, body: { statusCode: 500, error: 'boom' } } : { status: 200, body: { success: true } };
      return { status: 404 };
    });

  it('an admin’s table reads /admin/fields page by page, and the device’s position is PUT as the field’s location (the machine’s own calls)', async () => {
    const api = await serve();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      // The device does not answer at first.
      value: { getCurrentPosition: () => {} },
    });
    try {
      renderView(
        <FieldTableContext.Provider options={{ input: { actorRole: 'admin' } }}>
          <FieldTable />
        </FieldTableContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Plot 1');
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await screen.findByText('Plot 3');
      fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
      // A located field opens on its own position; Cancel closes the dialog.
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Location: Plot 2' }));
      const located = screen.getByRole('dialog', { name: 'Set Field Location' });
      expect(within(located).getByRole('textbox', { name: 'Latitude' })).toHaveValue(LOCATED.lat!.toFixed(6));
      fireEvent.click(within(located).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      // An unlocated one opens empty, with no failure shown; Cancel also stops a search for the device that has not answered.
      fireEvent.click(screen.getByRole('button', { name: 'Set Location: Plot 1' }));
      const waiting = screen.getByRole('dialog', { name: 'Set Field Location' });
      expect(within(waiting).getByRole('textbox', { name: 'Latitude' })).toHaveValue('');
      expect(within(waiting).queryByRole('alert')).toBeNull();
      expect(waiting).not.toHaveTextContent('Your location could not be found.');
      fireEvent.click(within(waiting).getByRole('button', { name: 'Use my location' }));
      fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      navigator.geolocation.getCurrentPosition = (ok: PositionCallback) => ok({ coords: { latitude: DEVICE.latitude, longitude: DEVICE.longitude, accuracy: DEVICE.accuracy } } as GeolocationPosition);
      fireEvent.click(screen.getByRole('button', { name: 'Set Location: Plot 1' }));
      const dialog = screen.getByRole('dialog', { name: 'Set Field Location' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Use my location' }));
      expect(await screen.findByTestId('position-accuracy')).toHaveTextContent('From this device, accurate to about 23 m');
      expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue(DEVICE.latitude.toFixed(6));
      expect(within(dialog).getByRole('textbox', { name: 'Longitude' })).toHaveValue(DEVICE.longitude.toFixed(6));
      // The failed save says so and can be tried again; the second is kept and the table read again.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save location.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const body = { method: 'PUT', body: { lat: DEVICE.latitude, lng: DEVICE.longitude } };
      expect(api.calls('/admin/fields/fld-1/location')).toMatchObject([body, body]);
      await waitFor(() => expect(api.calls('/admin/fields')).toHaveLength(4));
      expect(api.calls('/admin/fields').map((r) => r.query.page)).toEqual(['1', '2', '1', '1']);
      expect(api.calls('/admin/fields').every((r) => r.query.limit === '10')).toBe(true);
      expect(api.calls('/coordinator/field-overview')).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
      await api.close();
    }
  }, 20_000);

  it('a coordinator’s table reads /coordinator/field-overview (the machine’s own load)', async () => {
    const api = await serve();
    try {
      renderView(
        <FieldTableContext.Provider options={{ input: { actorRole: 'coordinator' } }}>
          <FieldTable />
        </FieldTableContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Plot 1');
      expect(api.calls('/coordinator/field-overview').map((r) => r.query)).toEqual([{ page: '1', limit: '10' }]);
      expect(api.calls('/admin/fields')).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
