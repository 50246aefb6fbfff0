/**
 * Generated paths over fieldMonitoringMachine, each driving the real FieldMonitoring list and its Field Details
 * modal. The machine is parallel (the list and the details run side by side), so the walk is split the way the
 * recipe splits addField: one walk over the list (search, status filter, pages, navigation) per role, one over
 * the details (both loads, failures, the live readings, closing) with the list loaded.
 */
import { expect } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromCallback, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { fieldMonitoringMachine, type FieldSource, type LiveReading, type MonitoringInput } from '@/machines/fieldMonitoring.machine';
import { FieldMonitoringContext } from '@/machines/fieldMonitoring.context';
import { FieldMonitoring } from '@/views/fields/FieldMonitoring';
import { HttpError } from '@/services/http';
import type { FieldDetail, FieldRow, SensorTimeline } from '@/services/fields';
import type { ListPage } from '@/machines/staffList';
import { describeModel, leafPaths, modelPaths, pendingActors, renderView, variants, type ModelPath } from '../../support/modelHarness';

const row = (n: number, extra: Partial<FieldRow> = {}): FieldRow => ({
  _id: `fld-${n}`, fieldId: `FLD00000${n}AAA`, fieldName: `Plot ${n}`, status: 'good', operationalStatus: 'active',
  farmerId: null, farmerName: null, owner: { name: null }, crop: null, cropType: null, area: null,
  lastSensorData: null, lastSensorUpdate: null, lat: null, lng: null, ...extra,
});
const NORTH = row(1, { owner: { name: 'Sita Patil' }, crop: 'Wheat', area: 2.5, status: 'alert', lastSensorData: { moisture: 18.25, temperature: 31 } });
const UNNAMED = row(2, { fieldName: '' });
// What the list's load answers (the list kit's page: rows and how many pages).
const PAGE: ListPage<FieldRow> = { items: [NORTH, UNNAMED], totalPages: 2 };
const FAIL = new HttpError(500, 'server');
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const DETAIL = {
  _id: NORTH._id, fieldId: NORTH.fieldId, name: 'Plot 1', status: 'alert',
  owner: { _id: 'farmer-1', name: 'Sita Patil' },
  location: { coordinates: { lat: null, lng: null }, address: {}, area: { value: 2.5, unit: 'acres' } },
  currentCrop: { name: 'Wheat' },
  soilInfo: { type: 'black', ph: 6.5, organicMatter: null, nitrogen: 120, phosphorus: null, potassium: null, lastTested: null },
  irrigation: null,
  cropHistory: [],
  financial: null,
  notes: [{ content: 'Check the drip line', author: 'Kiran', createdAt: '2026-02-01T08:00:00.000Z' }],
} as unknown as FieldDetail;
const TIMELINE: SensorTimeline = { sensors: [{ type: 'temperature', readings: [{ timestamp: hoursAgo(2), value: 30 }, { timestamp: hoursAgo(1), value: 31 }] }] };
const READING: LiveReading = { fieldId: NORTH._id, type: 'moisture', value: 44, timestamp: hoursAgo(0) };
/** The timeline read again after a reconnect that lost pushes: one more moisture reading arrived meanwhile. */
const CAUGHT_UP: SensorTimeline = { sensors: [...TIMELINE.sensors, { type: 'moisture', readings: [{ timestamp: hoursAgo(1), value: 43 }, { timestamp: hoursAgo(0), value: 44 }] }] };

type Ev = { type: string; value?: string; page?: number; id?: string; reading?: LiveReading; timeline?: SensorTimeline; error?: unknown; output?: unknown };
type Snap = SnapshotFrom<typeof fieldMonitoringMachine>;
const label = (e: Ev) => `${e.type}${e.value !== undefined ? `(${e.value})` : ''}${e.page ? `(${e.page})` : ''}`;

const LIST_EVENTS: AnyEventObject[] = [
  { type: 'search.change', value: 'north' },
  { type: 'status.change', value: 'alert' },
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 1 },
  { type: 'nav.back' },
  { type: 'nav.addField' },
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.error.actor.load', error: FAIL },
];
const DETAIL_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'details.open', id: NORTH._id },
  { type: 'details.close' },
  { type: 'xstate.done.actor.loadDetail', output: DETAIL },
  { type: 'xstate.error.actor.loadDetail', error: FAIL },
  { type: 'xstate.done.actor.loadTimeline', output: TIMELINE },
  { type: 'xstate.error.actor.loadTimeline', error: FAIL },
  { type: 'reading.new', reading: READING },
  { type: 'timeline.caughtUp', timeline: CAUGHT_UP },
];

const listValue = (s: Snap) => (s.value as { list: string }).list;

/** The other roles differ in the load they ask for and the Add Field button: their walk is the first load and the buttons. */
const ROLE_EVENTS = LIST_EVENTS.filter((e) => e.type.startsWith('nav.') || e.type.endsWith('.load'));

function listPaths(input: MonitoringInput, events: AnyEventObject[]) {
  return modelPaths(fieldMonitoringMachine, {
    input,
    events,
    filterEvents: (s: Snap, e) => {
      const c = s.context;
      if (!s.can(e)) return false;
      // One filter at a time, each from the unfiltered list (either one sends the list back to page 1).
      const unfiltered = c.search === '' && c.status === 'all';
      if (e.type === 'search.change' || e.type === 'status.change') return unfiltered;
      // Prev and Next: page 2 from page 1 and back.
      if (e.type === 'page.go') return unfiltered && c.totalPages >= 2 && Math.abs(c.page - e.page) === 1;
      // The buttons leave the page whatever the list shows: walked from the first load and the loaded list.
      if (e.type.startsWith('nav.')) {
        if (!unfiltered || c.page !== 1 || c.loadFailed) return false;
        // Add Field is a staff button.
        return e.type !== 'nav.addField' || input.actorRole !== 'farmer';
      }
      return true;
    },
    serializeEvent: (e) => label(e as Ev),
    serializeState: (s: Snap, e, prev) => {
      const c = s.context;
      // Each way into loading (and each navigation) is its own node, keyed by where it came from.
      const keyed = s.matches({ list: 'loading' }) || e?.type.startsWith('nav.');
      const via = keyed ? `${prev ? listValue(prev as Snap) : ''}>${label((e ?? { type: '' }) as Ev)}` : '';
      return [listValue(s), c.search, c.status, c.page, c.loadFailed, c.fields.length, via].join('|');
    },
  });
}

const detailPaths = (input: MonitoringInput) => modelPaths(fieldMonitoringMachine, {
  input,
  events: DETAIL_EVENTS,
  // A card's View Details needs the card. The live reading, the catch-up and Close are one transition each whatever
  // the field part shows: each is walked once, with the details and the timeline both loaded.
  filterEvents: (s: Snap, e) => {
    if (!s.can(e)) return false;
    if (e.type === 'details.open') return s.context.fields.length > 0;
    if (e.type === 'reading.new' || e.type === 'timeline.caughtUp' || e.type === 'details.close') {
      return s.matches({ details: { open: { field: 'shown', timeline: 'live' } } }) && s.context.timeline!.sensors.length === 1;
    }
    return true;
  },
  serializeEvent: (e) => label(e as Ev),
  serializeState: (s: Snap, e) => {
    const c = s.context;
    const keyed = ['details.close', 'reading.new', 'timeline.caughtUp'].includes(e?.type ?? '');
    return [JSON.stringify(s.value), c.timeline?.sensors.map((x) => x.type).join(), keyed ? e?.type : ''].join('|');
  },
});

// Every prefix of a shortest path is itself a path and the screen is checked after every step, so each walk renders
// its leaf paths (those no other path extends): every step of the walk is driven and checked, each prefix once.
const leaves = <W extends { all: ModelPath[] }>(w: W) => ({ ...w, paths: leafPaths(w.all) });
const walks = [
  leaves({ name: 'list as admin', input: { actorRole: 'admin' } as MonitoringInput, all: listPaths({ actorRole: 'admin' }, LIST_EVENTS), events: LIST_EVENTS }),
  ...(['coordinator', 'farmer'] as const).map((actorRole) => leaves({ name: `list as ${actorRole}`, input: { actorRole }, all: listPaths({ actorRole }, ROLE_EVENTS), events: ROLE_EVENTS })),
  // A farmer opens the details of their own fields, from their own endpoints (the server answers 404 for others').
  ...(['admin', 'farmer'] as const).map((actorRole) => leaves({ name: `details as ${actorRole}`, input: { actorRole } as MonitoringInput, all: detailPaths({ actorRole }), events: DETAIL_EVENTS })),
];

/** The endpoints each role reads: the staff lists and details, or the caller-scoped ones for a farmer. */
const SOURCE: Record<MonitoringInput['actorRole'], FieldSource> = { superadmin: 'admin', admin: 'admin', coordinator: 'coordinator', farmer: 'own' };

describeModel('field monitoring model', {
  paths: variants(walks.map((w) => [w.name, w, w.paths] as const)),
  // The guard holds the rendered leaves to the whole walks.
  all: variants(walks.map((w) => [w.name, w, w.all] as const)),
  events: [...LIST_EVENTS, ...DETAIL_EVENTS],
  eventKey: (e) => label(e as Ev),
  // The walks together take every event the machine has.
  machine: fieldMonitoringMachine,
  states: ['list.loading', 'list.ready', 'details.closed', 'details.open.field.loading', 'details.open.field.shown', 'details.open.field.failed', 'details.open.timeline.loading', 'details.open.timeline.live'],
  // Each walk takes every event of its own list (a farmer has no Add Field).
  walk: () => {
    for (const w of walks) {
      const used = new Set(w.paths.flatMap((p) => p.steps.map((s) => label(s.event as Ev))));
      for (const e of w.events) if (!(e.type === 'nav.addField' && w.input.actorRole === 'farmer')) expect(used, w.name).toContain(label(e));
    }
  },
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: (path) => {
    const { input } = path.variant!.value as (typeof walks)[number];
    const { actor, settle, inputs } = pendingActors();
    const feed = { toParent: null as ((e: Ev) => void) | null, watching: null as string | null };
    const navigated: string[] = [];
    const logic = fieldMonitoringMachine.provide({
      actors: {
        load: actor('load'),
        loadDetail: actor('loadDetail'),
        loadTimeline: actor('loadTimeline'),
        watchReadings: fromCallback(({ input: i, sendBack }) => {
          feed.toParent = sendBack as never;
          feed.watching = (i as { fieldId: string }).fieldId;
          return () => {
            feed.toParent = null;
            feed.watching = null;
          };
        }) as never,
      },
      actions: { navigate: (_, p) => void navigated.push(p.to) },
    });
    renderView(
      <FieldMonitoringContext.Provider logic={logic} options={{ input }}>
        <FieldMonitoring />
      </FieldMonitoringContext.Provider>,
      { catalog: false },
    );
    const modal = () => screen.getByRole('dialog', { name: 'Field Details' });
    const exec = async (e: Ev) => {
      if (await settle(e)) return;
      switch (e.type) {
        case 'xstate.init':
          return;
        case 'search.change':
          return fireEvent.change(screen.getByRole('searchbox', { name: 'Search fields...' }), { target: { value: e.value } });
        case 'status.change':
          return fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: e.value } });
        case 'page.go':
          return fireEvent.click(screen.getByRole('button', { name: e.page === 2 ? 'Next' : 'Prev' }));
        case 'nav.back':
          fireEvent.click(screen.getByRole('button', { name: '← Back' }));
          return expect(navigated.at(-1)).toBe('/');
        case 'nav.addField':
          fireEvent.click(screen.getByRole('button', { name: 'Add Field' }));
          return expect(navigated.at(-1)).toBe('/add-field');
        case 'details.open':
          fireEvent.click(screen.getByRole('button', { name: 'View Details: Plot 1' }));
          // The modal's code loads on first use.
          return void (await screen.findByRole('dialog', { name: 'Field Details' }, { timeout: 10_000 }));
        case 'details.close':
          return fireEvent.click(within(modal()).getByRole('button', { name: 'Close' }));
        case 'reading.new':
          return act(() => feed.toParent!({ type: e.type, reading: e.reading }));
        case 'timeline.caughtUp':
          return act(() => feed.toParent!({ type: e.type, timeline: e.timeline }));
      }
      throw new Error(`no executor for ${e.type}`);
    };
    const check = (s: Snap) => {
      const c = s.context;
      expect(screen.queryByRole('button', { name: 'Add Field' }) !== null).toBe(input.actorRole !== 'farmer');
      expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe(c.search);
      expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe(c.status);
      const cards = screen.queryAllByRole('article');
      if (s.matches({ list: 'loading' })) {
        expect(screen.getByText('Loading fields...')).toBeInTheDocument();
        // The list asks for what the filters say, from page 1 after each filter change.
        expect(inputs.load.at(-1)).toEqual({ source: SOURCE[input.actorRole], page: c.page, search: c.search, status: c.status });
      } else {
        expect(screen.queryByText('Loading fields...')).toBeNull();
        const failed = screen.queryByText('Failed to load fields. Please try again.');
        if (c.loadFailed) {
          expect(failed).toHaveAttribute('role', 'alert');
          expect(cards).toHaveLength(0);
        } else expect(failed).toBeNull();
        expect(screen.queryByText('No fields found.') !== null).toBe(!c.loadFailed && c.fields.length === 0);
      }
      expect(cards.map((a) => a.getAttribute('aria-label'))).toEqual(c.fields.map((f) => f.fieldName || f.fieldId));
      if (c.fields.length) {
        const [north, unnamed] = cards;
        expect(north).toHaveTextContent('Plot 1Alert');
        expect(north).toHaveTextContent('Sita Patil');
        expect(north).toHaveTextContent('Moisture: 18.3% · Temperature: 31°C');
        expect(north).toHaveTextContent('Crop: Wheat');
        expect(north).toHaveTextContent('Area: 2.5 acres');
        expect(unnamed).toHaveTextContent('FLD000002AAAGood');
        expect(unnamed).toHaveTextContent('Crop: Not specified');
        expect(unnamed).toHaveTextContent('Area: N/A');
        expect(unnamed).not.toHaveTextContent('Moisture');
      }
      const pager = screen.queryByRole('navigation');
      if (c.totalPages > 1) {
        expect(pager).toHaveTextContent(`Page ${c.page} of ${c.totalPages}`);
        expect(within(pager!).getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', c.page === 1);
        expect(within(pager!).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', c.page === c.totalPages);
      } else expect(pager).toBeNull();

      if (s.matches({ details: 'closed' })) {
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(feed.watching).toBeNull();
        return;
      }
      const d = modal();
      expect(inputs.loadDetail.at(-1)).toEqual({ id: c.openId, source: SOURCE[input.actorRole] });
      expect(inputs.loadTimeline.at(-1)).toEqual({ id: c.openId, source: SOURCE[input.actorRole] });
      expect(within(d).queryByText('Loading field details...') !== null).toBe(s.matches({ details: { open: { field: 'loading' } } }));
      expect(within(d).queryByRole('alert') !== null).toBe(s.matches({ details: { open: { field: 'failed' } } }));
      if (s.matches({ details: { open: { field: 'failed' } } })) expect(within(d).getByRole('alert')).toHaveTextContent('Failed to load field details. Please try again.');
      if (s.matches({ details: { open: { field: 'shown' } } })) {
        expect(within(d).getByRole('heading', { level: 3, name: 'Plot 1' })).toBeInTheDocument();
        expect(d).toHaveTextContent('OwnerSita Patil');
        expect(d).toHaveTextContent('Crop TypeWheat');
        expect(d).toHaveTextContent('Area2.5 Acres');
        const soil = within(d).getByRole('region', { name: 'Soil Information' });
        expect(soil).toHaveTextContent('TypeBlack');
        expect(soil).toHaveTextContent('pH6.5');
        expect(soil).toHaveTextContent('Organic Matter--');
        expect(within(d).getByRole('region', { name: 'Irrigation' })).toHaveTextContent('No irrigation info available.');
        expect(within(d).getByRole('region', { name: 'Crop History' })).toHaveTextContent('No crop history available.');
        expect(within(d).getByRole('region', { name: 'Financials' })).toHaveTextContent('No financial info available.');
        expect(within(d).getByRole('region', { name: 'Notes' })).toHaveTextContent('Check the drip line — Kiran, Feb 1, 2026');
      } else expect(within(d).queryByRole('region', { name: 'Soil Information' })).toBeNull();

      const timeline = within(d).getByRole('region', { name: 'Sensor Data Timeline (Last 7 Days)' });
      if (s.matches({ details: { open: { timeline: 'loading' } } })) {
        expect(timeline).toHaveTextContent('Loading sensor data...');
        expect(feed.watching).toBeNull();
      } else {
        expect(timeline).not.toHaveTextContent('Loading sensor data...');
        // While the timeline is live the field's readings are followed.
        expect(feed.watching).toBe(c.openId);
        for (const [type, axis] of [['moisture', 'Moisture (%)'], ['temperature', 'Temperature (°C)']]) {
          const points = c.timeline!.sensors.find((x) => x.type === type)?.readings.length ?? 0;
          // One reading is not a trend: it is said in words (value and time), not drawn as a lone dot.
          if (points === 1) {
            expect(within(timeline).queryByRole('img', { name: axis })).toBeNull();
            expect(timeline).toHaveTextContent(`${axis}: only one reading so far`);
          } else if (points) expect(within(timeline).getByRole('img', { name: axis })).toHaveAttribute('data-series', type);
          else expect(timeline).toHaveTextContent(`No ${type} data available.`);
        }
      }
    };

    return { exec, check: (step) => check(step.state as Snap) };
  },
});
