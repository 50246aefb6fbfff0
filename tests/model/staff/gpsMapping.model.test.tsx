/**
 * Generated path tests for GPS Field Mapping: every shortest path through gpsMappingMachine (load and its
 * failure, the position found or refused → fallback, nearby fields and weather stations, the add dialog
 * with its guard and failures, the map and details dialogs, Update GPS with a device or fallback
 * position and its failure, the notices), each driven through the real view and checked on screen.
 * The map itself (maplibre) is replaced by a list of its pins: jsdom has no WebGL.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { FALLBACK_POSITION, gpsMappingMachine, type GpsLoaded, type Position, type Surroundings } from '@/machines/gpsMapping.machine';
import type { FieldLocation, NewLocation, Station } from '@/services/gpsMapping';
import { HttpError } from '@/services/http';
import { GpsFieldMappingView } from '@/views/fields/gpsMapping/GpsFieldMappingView';
import type { FieldPin } from '@/services/fields';
import { startApiServer } from '../../support/apiServer';
import { get, query, queryAll } from '../../support/dom';
import { FIELDS } from '../recommendationFixtures';
import { byKey, coveringPaths, deferred, describeModel, leafPaths, leafValues, modelPaths, renderView } from '../../support/modelHarness';

vi.mock('@/views/map/FieldMap', () => ({
  FieldMap: ({ pins }: { pins: FieldPin[] }) => (
    <ul data-testid="map-pins">
      {pins.map((p) => (
        <li key={`${p.fieldId}@${p.lat},${p.lng}`}>{`${p.fieldName} @ ${p.lat},${p.lng}`}</li>
      ))}
    </ul>
  ),
}));

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof gpsMappingMachine>;

const loc = (id: string, name: string, lng: number, lat: number, extra: Partial<FieldLocation> = {}): FieldLocation => ({
  _id: `g-${id}`,
  fieldId: id,
  name,
  status: 'active',
  location: { type: 'Point', coordinates: [lng, lat] },
  area: { value: 2.5, unit: 'acres' },
  elevation: { value: 560, unit: 'meters' },
  soilType: 'loam',
  irrigationType: 'drip',
  metadata: { village: 'Wagholi', district: 'Pune' },
  accuracy: 95,
  lastSurvey: { date: '2026-11-20T08:00:00.000Z', method: 'mobile_gps' },
  ...extra,
});
const FIELD_CHOICES = [...FIELDS, { _id: 'f-3', fieldId: 'FLD000003CCC', name: 'Hill plot', farmerId: 'u-1', lat: null, lng: null }];
const LOCS = [loc('f-1', 'North plot', 73.91, 18.58), loc('f-2', 'River plot', 73.95, 18.6, { soilType: 'clay', area: { value: null, unit: 'acres' } })];
const LOADED: GpsLoaded = { locations: LOCS, fields: FIELD_CHOICES, stats: { totalFields: 2, totalArea: 2.5, avgElevation: 560 } };
const EMPTY: GpsLoaded = { locations: [], fields: FIELD_CHOICES, stats: null };
const DEVICE: Position = { longitude: 73.9, latitude: 18.57 };
const station = (n: number): Station => ({
  _id: `s-${n}`,
  stationId: `ST-${n}`,
  name: `Station ${n}`,
  location: { type: 'Point', coordinates: [73.9 + n / 100, 18.5] },
  temperature: 28 + n,
  humidity: 60,
  observedAt: null,
  distanceKm: n * 3,
});
const AROUND: Surroundings = {
  nearby: [1, 2, 3, 4].map((n) => ({ ...loc(`n-${n}`, `Nearby ${n}`, 73.9, 18.5), distanceKm: n })),
  stations: [1, 2, 3, 4].map(station),
};
const NOTHING_AROUND: Surroundings = { nearby: [], stations: [] };
const VALID: NewLocation = {
  fieldId: 'f-3',
  name: 'Hill plot GPS',
  coordinates: [73.5, 18.4],
  area: { value: 3, unit: 'acres' },
  soilType: 'sandy',
  metadata: { village: 'Saswad' },
};
const SAVED = loc('f-3', 'Hill plot GPS', 73.5, 18.4);

const EVENTS: Ev[] = [
  { type: 'list.refresh' },
  { type: 'add.open' },
  { type: 'add.cancel' },
  { type: 'add.submit', draft: VALID },
  { type: 'add.submit', draft: { ...VALID, fieldId: '' } },
  { type: 'map.open' },
  { type: 'map.close' },
  { type: 'details.open', fieldId: 'f-1' },
  { type: 'details.close' },
  { type: 'gps.update', fieldId: 'f-1' },
  { type: 'gps.confirm' },
  { type: 'gps.cancel' },
  { type: 'notice.dismiss' },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.done.actor.load', output: EMPTY },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
  { type: 'xstate.done.actor.locate', output: DEVICE },
  { type: 'xstate.error.actor.locate', error: new Error('denied') },
  { type: 'xstate.done.actor.survey', output: AROUND },
  { type: 'xstate.done.actor.survey', output: NOTHING_AROUND },
  { type: 'xstate.error.actor.survey', error: new Error('unexpected') },
  { type: 'xstate.done.actor.locateForUpdate', output: DEVICE },
  { type: 'xstate.error.actor.locateForUpdate', error: new Error('denied') },
  { type: 'xstate.done.actor.add', output: SAVED },
  { type: 'xstate.error.actor.add', error: new HttpError(500, 'server') },
  { type: 'xstate.done.actor.update', output: LOCS[0] },
  { type: 'xstate.error.actor.update', error: new HttpError(500, 'server') },
];

function keyOf(e: Ev): string {
  switch (e.type) {
    case 'add.submit':
      return (e.draft as NewLocation).fieldId ? 'add.submit(valid)' : 'add.submit(invalid)';
    case 'xstate.done.actor.load':
      return `load.done(${(e.output as GpsLoaded).locations.length})`;
    case 'xstate.done.actor.survey':
      return `survey.done(${(e.output as Surroundings).nearby.length})`;
    default:
      return e.type;
  }
}
const leaves = (s: Snap) => leafValues(s.value);
const stateName = (s: Snap) => leaves(s).join('+');
const ctxKey = (s: Snap) => {
  const c = s.context;
  // Where an update's position came from shows while it is confirmed and saved, and in the notice after it.
  return JSON.stringify([c.locations.length, c.positionSource, c.nearby.length, c.failure, c.notice, c.notice === 'updated' || s.hasTag('updating') ? c.updateSource : null]);
};
const aroundDone = (s: Snap) => s.matches({ ready: { around: 'done' } });

const all = modelPaths(gpsMappingMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    const [own] = e.type.replace('xstate.done.actor.', '').replace('xstate.error.actor.', '').split('.');
    const first = s.context.positionSource == null;
    // Surroundings resolve while the page is at rest; the reader acts once they are in (keeps the graph small).
    // Their variants (refused, nothing around, a failure) are explored on the first load; later ones succeed.
    if (own === 'locate') return s.matches({ ready: { main: 'idle' } }) && (first || e.type === 'xstate.done.actor.locate');
    if (own === 'survey') return s.matches({ ready: { main: 'idle' } }) && (s.context.positionSource === 'fallback' || keyOf(e) === 'survey.done(4)');
    // An empty list or a failed load is explored on the first load.
    if (e.type === 'xstate.error.actor.load' || keyOf(e) === 'load.done(0)') return first;
    if (!e.type.startsWith('xstate.') && s.matches('ready') && !aroundDone(s)) return false;
    // The buttons exist only beside a listed field.
    if (e.type === 'details.open' || e.type === 'gps.update') return s.context.locations.some((l) => l.fieldId === e.fieldId);
    if (e.type === 'notice.dismiss') return s.context.notice != null;
    return true;
  },
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev) => `${stateName(s)}|${ctxKey(s)}|${e ? keyOf(e) : ''}`,
});
/**
 * The walk ends one path at every (screen, event that led there); many of those paths repeat the same steps.
 * Render the fewest that still take every step the walk takes: every (screen before, event, screen after),
 * a screen being the leaf states and the context the checks read. The guard test holds them to it.
 */
const screenOf = (s: Snap) => `${stateName(s)}|${ctxKey(s)}`;
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = {
  load: deferred<GpsLoaded>(),
  locate: deferred<Position>(),
  locateForUpdate: deferred<Position>(),
  survey: deferred<Surroundings>(),
  add: deferred<FieldLocation>(),
  update: deferred<FieldLocation>(),
};
type Update = { fieldId: string; position: Position; confirmLargeMove: boolean };
const seen: { survey: Position | null; add: NewLocation | null; update: Update | null } = { survey: null, add: null, update: null };

function render() {
  const page = gpsMappingMachine.provide({
    actors: {
      load: fromPromise<GpsLoaded>(() => (drive.load = deferred<GpsLoaded>()).promise),
      locate: fromPromise<Position, { purpose: 'survey' | 'update' }>(({ input }) =>
        input.purpose === 'survey' ? (drive.locate = deferred<Position>()).promise : (drive.locateForUpdate = deferred<Position>()).promise,
      ),
      survey: fromPromise<Surroundings, Position>(({ input }) => ((seen.survey = input), (drive.survey = deferred<Surroundings>()).promise)),
      add: fromPromise<FieldLocation, NewLocation>(({ input }) => ((seen.add = input), (drive.add = deferred<FieldLocation>()).promise)),
      update: fromPromise<FieldLocation, Update>(
        ({ input }) => ((seen.update = input), (drive.update = deferred<FieldLocation>()).promise),
      ),
    },
  });
  renderView(<GpsFieldMappingView logic={page} />, { session: 'coordinator', intlLocale: 'en', path: '/gps-field-mapping' });
}

const click = (name: string | RegExp) => fireEvent.click(get('button', name));
const settle = (fn: () => void) => act(async () => fn());
const dialog = () => query('dialog');
const type = (label: string, value: string) => fireEvent.change(within(dialog()!).getByLabelText(label), { target: { value } });

const exec: Record<string, (e: Ev) => unknown> = {
  'list.refresh': () => click('Refresh'),
  'add.open': () => click('Add Field Location'),
  'add.cancel': () => click('Cancel'),
  'add.submit(valid)': () => {
    type('Field', 'f-3');
    type('Location name', '  Hill plot GPS ');
    type('Latitude', '18.4');
    type('Longitude', '73.5');
    type('Area (acres)', '3');
    type('Elevation (m)', '');
    type('Soil type', 'sandy');
    type('Village', 'Saswad');
    click('Add Location');
    expect(seen.add).toEqual({ ...VALID, name: 'Hill plot GPS' });
  },
  'add.submit(invalid)': () => {
    type('Field', '');
    seen.add = null;
    click('Add Location');
    expect(seen.add).toBeNull();
  },
  'map.open': async () => {
    click('View Map');
    await screen.findByTestId('map-pins');
  },
  'map.close': () => click('Close'),
  'details.open': () => click('View Details: North plot'),
  'details.close': () => click('Close'),
  'gps.update': () => click('Update GPS: North plot'),
  'gps.confirm': () => click('Move the field'),
  'gps.cancel': () => {
    seen.update = null;
    click('Cancel');
    expect(seen.update).toBeNull();
  },
  'notice.dismiss': () => click('Dismiss'),
  'load.done(2)': (e) => settle(() => drive.load.resolve(e.output)),
  'load.done(0)': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
  'xstate.done.actor.locate': (e) => settle(() => drive.locate.resolve(e.output)),
  'xstate.error.actor.locate': (e) => settle(() => drive.locate.reject(e.error)),
  'survey.done(4)': (e) => settle(() => drive.survey.resolve(e.output)),
  'survey.done(0)': (e) => settle(() => drive.survey.resolve(e.output)),
  'xstate.error.actor.survey': (e) => settle(() => drive.survey.reject(e.error)),
  'xstate.done.actor.locateForUpdate': (e) => settle(() => drive.locateForUpdate.resolve(e.output)),
  'xstate.error.actor.locateForUpdate': (e) => settle(() => drive.locateForUpdate.reject(e.error)),
  'xstate.done.actor.add': (e) => settle(() => drive.add.resolve(e.output)),
  'xstate.error.actor.add': (e) => settle(() => drive.add.reject(e.error)),
  'xstate.done.actor.update': (e) => settle(() => drive.update.resolve(e.output)),
  'xstate.error.actor.update': (e) => settle(() => drive.update.reject(e.error)),
};

const statValue = (label: string) => screen.getAllByText(label, { selector: '.stat-label' })[0].nextSibling?.textContent;

function commonChecks(s: Snap) {
  const c = s.context;
  expect(statValue('Total Fields')).toBe(c.stats ? String(c.stats.totalFields) : '--');
  expect(statValue('Avg Elevation (m)')).toBe(c.stats ? String(c.stats.avgElevation) : '--');
  expect(statValue('Weather Stations')).toBe(aroundDone(s) ? String(c.stations.length) : '--');
  const notice = query('status');
  if (c.notice === 'added') expect(notice).toHaveTextContent('Field location added successfully!');
  else if (c.notice === 'updated') {
    expect(notice).toHaveTextContent('Field location updated successfully!');
    if (c.updateSource === 'fallback') expect(notice).toHaveTextContent('the default position (19.076, 72.8777) was saved');
    else expect(notice).not.toHaveTextContent('default position');
  } else expect(notice).toBeNull();
  if (c.failure === 'update') expect(get('alert')).toHaveTextContent('Failed to update field location');
}

const assertLeaf: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    expect(get('button', 'Add Field Location')).toBeDisabled();
    expect(get('button', 'Refresh')).toBeDisabled();
    if (s.context.locations.length === 0) expect(screen.getByText('Loading field locations…')).toBeInTheDocument();
    else expect(document.querySelector('.gps-list')).toHaveAttribute('aria-busy', 'true');
    expect(dialog()).toBeNull();
  },
  failed: () => {
    expect(get('alert')).toHaveTextContent('Failed to fetch field locations');
    expect(get('button', 'Refresh')).toBeEnabled();
    expect(get('button', 'Add Field Location')).toBeDisabled();
  },
  'ready.main.idle': (s) => {
    expect(dialog()).toBeNull();
    if (s.context.locations.length === 0) expect(screen.getByText('No Fields Mapped')).toBeInTheDocument();
    else {
      expect(screen.queryByText('No Fields Mapped')).toBeNull();
      expect(get('button', 'View Details: River plot')).toBeEnabled();
      expect(get('button', 'Update GPS: North plot')).toBeEnabled();
    }
    expect(get('button', 'Refresh')).toBeEnabled();
  },
  'ready.main.adding': (s) => {
    expect(dialog()).toHaveTextContent('Add Field Location');
    // Only the field without a location is offered.
    const options = queryAll('option', /plot \(FLD/, dialog()!).map((o) => o.textContent);
    expect(options).toEqual(s.context.locations.length ? ['Hill plot (FLD000003CCC)'] : FIELD_CHOICES.map((f) => `${f.name} (${f.fieldId})`));
    const alert = query('alert', undefined, dialog()!);
    if (s.context.failure === 'invalid') expect(alert).toHaveTextContent('Choose a field, give it a name');
    else if (s.context.failure === 'add') expect(alert).toHaveTextContent('Failed to add field location');
    else expect(alert).toBeNull();
    expect(get('button', 'Add Location')).toBeEnabled();
  },
  'ready.main.saving': () => {
    expect(get('button', 'Adding…')).toBeDisabled();
    expect(query('alert', undefined, dialog()!)).toBeNull();
  },
  'ready.main.map': (s) => {
    expect(dialog()).toHaveTextContent('Mapped fields');
    const pins = queryAll('listitem', undefined, screen.getByTestId('map-pins')).map((li) => li.textContent);
    expect(pins).toEqual(s.context.locations.length ? ['North plot @ 18.58,73.91', 'River plot @ 18.6,73.95'] : []);
  },
  'ready.main.details': () => {
    expect(dialog()).toHaveTextContent('Field location details: North plot');
    expect(dialog()).toHaveTextContent('18.58, 73.91');
    expect(dialog()).toHaveTextContent('560 m');
    expect(dialog()).toHaveTextContent('Wagholi, Pune');
    expect(dialog()).toHaveTextContent('phone GPS');
  },
  'ready.main.locating': () => {
    expect(get('button', 'Updating…: North plot')).toBeDisabled();
    expect(get('button', 'Update GPS: River plot')).toBeDisabled();
  },
  // Nothing is saved before the user has seen how far the field would move.
  'ready.main.confirmingMove': (s) => {
    expect(seen.update).toBeNull();
    expect(dialog()).toHaveTextContent('Move North plot?');
    if (s.context.updateSource === 'device') {
      // North plot (18.58, 73.91) → the device (18.57, 73.9): 1.53 km, more than a field is wide.
      expect(dialog()).toHaveTextContent('New position: 18.57, 73.9');
      expect(dialog()).toHaveTextContent('This moves the field 1.53 km from where it is now. That is far: make sure you are standing in this field');
      expect(dialog()).not.toHaveTextContent('default position');
    } else {
      // The default position in Mumbai is about 120 km from Pune.
      expect(dialog()).toHaveTextContent('New position: 19.076, 72.8777');
      expect(dialog()).toHaveTextContent(/This moves the field 1[12]\d km from where it is now\./);
      expect(dialog()).toHaveTextContent('Your device gave no position: the default position would be saved');
    }
    expect(get('button', 'Updating…: North plot')).toBeDisabled();
  },
  'ready.main.updating': (s) => {
    expect(get('button', 'Updating…: North plot')).toBeDisabled();
    expect(seen.update).toEqual({ fieldId: 'f-1', position: s.context.updateSource === 'device' ? DEVICE : FALLBACK_POSITION, confirmLargeMove: true });
  },
  'ready.around.locating': () => {
    expect(screen.getByText('Finding your location…')).toBeInTheDocument();
    expect(screen.getAllByText('Searching near you…')).toHaveLength(2);
  },
  'ready.around.surveying': (s) => {
    if (s.context.positionSource === 'device') expect(screen.getByText('Your position: 18.57, 73.9')).toBeInTheDocument();
    else expect(screen.getByText('Location not allowed or unavailable; using the default position 19.076, 72.8777.')).toBeInTheDocument();
    expect(seen.survey).toEqual(s.context.position);
    expect(screen.getAllByText('Searching near you…')).toHaveLength(2);
  },
  'ready.around.done': (s) => {
    const nearby = get('region', 'Nearby Fields');
    const stations = get('region', 'Weather Stations');
    if (s.context.nearby.length === 0) expect(nearby).toHaveTextContent('No nearby fields found');
    else {
      expect(queryAll('listitem', undefined, nearby).map((li) => li.querySelector('strong')?.textContent)).toEqual(['Nearby 1', 'Nearby 2', 'Nearby 3']);
      expect(nearby).toHaveTextContent('1 km away');
    }
    if (s.context.stations.length === 0) expect(stations).toHaveTextContent('No weather stations nearby');
    else {
      expect(queryAll('listitem', undefined, stations)).toHaveLength(3);
      expect(stations).toHaveTextContent('29 °C · humidity 60%');
    }
  },
};

describeModel('GPS field mapping model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: gpsMappingMachine,
  states: Object.keys(assertLeaf),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  timeout: 30_000,
  render: () => {
    seen.survey = seen.add = seen.update = null;
    render();
    return {
      exec: byKey(exec, keyOf),
      check: ({ state }) => {
        const s = state as Snap;
        commonChecks(s);
        for (const leaf of leaves(s)) assertLeaf[leaf](s);
      },
    };
  },
});

describe('GPS field mapping against the API', () => {
  it('loads, surveys around the device, adds a location and moves a field through its own calls', async () => {
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/gps-mapping') return { status: 200, body: { fieldLocations: LOCS } };
      if (path === '/api/v1/fields') return { status: 200, body: { data: { fields: FIELD_CHOICES } } };
      if (path === '/api/v1/gps-mapping/statistics') return { status: 200, body: { stats: { overview: LOADED.stats } } };
      if (path === '/api/v1/gps-mapping/mobile/nearby') return { status: 200, body: { fieldLocations: AROUND.nearby } };
      if (path === '/api/v1/gps-mapping/mobile/weather-stations') return { status: 200, body: { weatherStations: AROUND.stations } };
      if (method === 'POST' && path === '/api/v1/gps-mapping') return { status: 201, body: { fieldLocation: SAVED } };
      if (method === 'PUT' && path === '/api/v1/gps-mapping/mobile/location/f-1') return { status: 200, body: { fieldLocation: LOCS[0] } };
      return { status: 404 };
    });
    // The device is where DEVICE says (the browser's Geolocation API).
    const geolocation = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { ...DEVICE, accuracy: 12 } } as GeolocationPosition) };
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
    try {
      renderView(<GpsFieldMappingView />, { session: 'coordinator', intlLocale: 'en', path: '/gps-field-mapping' });
      await waitFor(() => expect(statValue('Total Fields')).toBe('2'));
      await waitFor(() => expect(statValue('Weather Stations')).toBe('4'));
      // The coordinates only (spec section 7: longitude, latitude, radius): not the browser's accuracy.
      const where = { longitude: String(DEVICE.longitude), latitude: String(DEVICE.latitude) };
      expect(api.calls('/gps-mapping/mobile/nearby').map((r) => r.query)).toEqual([where]);
      expect(api.calls('/gps-mapping/mobile/weather-stations').map((r) => r.query)).toEqual([where]);
      click('Add Field Location');
      for (const [label, value] of [['Field', 'f-3'], ['Location name', '  Hill plot GPS '], ['Latitude', '18.4'], ['Longitude', '73.5'], ['Area (acres)', '3'], ['Soil type', 'sandy'], ['Village', 'Saswad']])
        type(label, value);
      click('Add Location');
      expect(await screen.findByRole('status')).toHaveTextContent('Field location added successfully!');
      expect(api.calls('/gps-mapping').filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([VALID]);
      await waitFor(() => expect(get('button', 'Update GPS: North plot')).toBeEnabled());
      click('Update GPS: North plot');
      await waitFor(() => expect(query('button', 'Move the field') ?? query('status', /updated/)).not.toBeNull());
      if (query('button', 'Move the field')) click('Move the field');
      await waitFor(() => expect(get('status')).toHaveTextContent('Field location updated successfully!'));
      const [moved] = api.calls('/gps-mapping/mobile/location/f-1');
      expect([moved.method, moved.body]).toMatchObject(['PUT', { coordinates: [DEVICE.longitude, DEVICE.latitude], surveyMethod: 'mobile_gps' }]);
      // Each change reads the page and the surroundings again (the first load, after the addition, after the move).
      await waitFor(() => expect(api.calls('/gps-mapping/statistics')).toHaveLength(3));
      await waitFor(() => expect(get('button', 'Update GPS: North plot')).toBeEnabled());
      await waitFor(() => expect(api.calls('/gps-mapping/mobile/weather-stations')).toHaveLength(3));
      await waitFor(() => expect(statValue('Weather Stations')).toBe('4'));
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
      await api.close();
    }
  }, 20_000);
});
