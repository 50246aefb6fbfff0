/**
 * GPS field mapping's machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (tests/model/staff/gpsMapping.model.test.tsx checks the view against the machine's own snapshots). Its own actors
 * run against a real HTTP server standing in for the API (tests/support/apiServer.ts) and a stand-in for the
 * browser's geolocation (jsdom has none): the calls and what each sends, the spec's fallback position, what a
 * failure keeps or logs, which drafts are refused before any call, and the 'Update GPS' move and its confirmation.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createActor } from 'xstate';
import { draftProblem, gpsMappingMachine } from '@/machines/gpsMapping.machine';
import type { FieldLocation, NewLocation } from '@/services/gpsMapping';
import { HttpError } from '@/services/http';
import { startApiServer, type ApiAnswer, type ApiRequest, type ApiServer } from '../support/apiServer';

const F1 = '0b7f7c1e-54c8-4f0e-9d55-5d0f7e0c9a11';
const F2 = '1c8f7c1e-54c8-4f0e-9d55-5d0f7e0c9a22';
const mapped = (fieldId: string, lng: number, lat: number) => ({ _id: `loc-${fieldId}`, fieldId, name: 'North plot', location: { type: 'Point', coordinates: [lng, lat] } }) as FieldLocation;
/** F1 mapped at Shirur; F2 (listed) not mapped yet. */
const LOCATIONS = [mapped(F1, 74.3735, 18.8268)];
const FIELDS = [
  { _id: F1, fieldId: 'FLD1', name: 'North plot' },
  { _id: F2, fieldId: 'FLD2', name: 'River plot' },
];
const STATS = { totalFields: 1, totalArea: 2.5, avgElevation: 560 };
const NEARBY = [{ ...mapped(F1, 74.3735, 18.8268), distanceKm: 1.2 }];
const STATIONS = [{ _id: 's1', stationId: 'IMD-PUNE', name: 'Pune', distanceKm: 40 }];
const HERE = { longitude: 74.38, latitude: 18.83 };
const FALLBACK = { longitude: 72.8777, latitude: 19.076 };
const DRAFT: NewLocation = { fieldId: F2, name: 'River plot', coordinates: [74.7, 19.1] } as NewLocation;

type Routes = Record<string, ApiAnswer>;
const OK: Routes = {
  'GET /api/v1/gps-mapping': { status: 200, body: { fieldLocations: LOCATIONS } },
  'GET /api/v1/fields': { status: 200, body: { data: { fields: FIELDS } } },
  'GET /api/v1/gps-mapping/statistics': { status: 200, body: { stats: { overview: STATS } } },
  'GET /api/v1/gps-mapping/mobile/nearby': { status: 200, body: { fieldLocations: NEARBY } },
  'GET /api/v1/gps-mapping/mobile/weather-stations': { status: 200, body: { weatherStations: STATIONS } },
  'POST /api/v1/gps-mapping': { status: 201, body: { fieldLocation: mapped(F2, 74.7, 19.1) } },
  [`PUT /api/v1/gps-mapping/mobile/location/${F1}`]: { status: 200, body: { fieldLocation: mapped(F1, 74.38, 18.83) } },
};
const refusal = (status: number) => ({ status, body: { statusCode: status, message: 'no' } });

/** The browser's geolocation: each call answers the next position given, or refuses when none is left. */
let positions: (typeof HERE)[] = [];
let api: ApiServer | undefined;
let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  positions = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, refuse: PositionErrorCallback) => {
        const p = positions.shift();
        setTimeout(() => (p ? ok({ coords: { ...p, accuracy: 12 } } as GeolocationPosition) : refuse({ message: 'User denied Geolocation' } as GeolocationPositionError)), 0);
      },
    },
  });
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
});

async function open(routes: Routes = {}) {
  const all = { ...OK, ...routes };
  api = await startApiServer((r: ApiRequest) => all[`${r.method} ${r.path}`] ?? { status: 404, body: { statusCode: 404, message: 'no route' } });
  const actor = createActor(gpsMappingMachine).start();
  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000 });
  return {
    actor,
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
    until,
    calls: (method: string, path: string) => api!.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`),
    /** Loaded, and the surroundings found. */
    settled: () => until(() => actor.getSnapshot().matches({ ready: { main: 'idle', around: 'done' } })),
  };
}

describe('GPS mapping: the page', () => {
  it('loads the locations, the field list and the totals; finds the device and what is around it', async () => {
    positions = [HERE];
    const t = await open();
    await t.settled();
    expect(t.ctx()).toMatchObject({ locations: LOCATIONS, fields: FIELDS, stats: STATS, position: { ...HERE, accuracy: 12 }, positionSource: 'device', nearby: NEARBY, stations: STATIONS });
    // The coordinates only: the browser's accuracy is not part of the query.
    expect(t.calls('GET', '/gps-mapping/mobile/nearby')[0].query).toEqual({ longitude: '74.38', latitude: '18.83' });
    expect(t.calls('GET', '/gps-mapping/mobile/weather-stations')[0].query).toEqual({ longitude: '74.38', latitude: '18.83' });
    expect(logged).not.toHaveBeenCalled();
  });

  it("with no position from the browser it looks around the spec's fallback (Mumbai)", async () => {
    const t = await open();
    await t.settled();
    expect(t.ctx()).toMatchObject({ position: FALLBACK, positionSource: 'fallback' });
    expect(t.calls('GET', '/gps-mapping/mobile/nearby')[0].query).toEqual({ longitude: '72.8777', latitude: '19.076' });
  });

  it('totals, nearby fields and stations that fail are only logged: the page shows the rest', async () => {
    const t = await open({
      'GET /api/v1/gps-mapping/statistics': refusal(500),
      'GET /api/v1/gps-mapping/mobile/nearby': refusal(500),
      'GET /api/v1/gps-mapping/mobile/weather-stations': refusal(503),
    });
    await t.settled();
    expect(t.ctx()).toMatchObject({ locations: LOCATIONS, fields: FIELDS, stats: null, nearby: [], stations: [], failure: null });
    expect(logged.mock.calls.map((c) => c[0]).sort()).toEqual(['gps mapping: nearby fields failed', 'gps mapping: statistics failed', 'gps mapping: weather stations failed']);
  });

  it("a failed load says so with the server's error; Refresh loads again", async () => {
    const t = await open({ 'GET /api/v1/gps-mapping': refusal(500) });
    await t.until(() => t.snap().value === 'failed');
    expect(t.ctx().failure).toBe('fetch');
    expect(t.ctx().error).toBeInstanceOf(HttpError);
    expect(t.ctx().error?.status).toBe(500);
    t.send({ type: 'list.refresh' });
    expect(t.snap().hasTag('loading')).toBe(true);
    await t.until(() => t.snap().value === 'failed');
    expect(t.calls('GET', '/gps-mapping')).toHaveLength(2);
  });
});

describe('GPS mapping: adding a location', () => {
  it('refuses a draft without a field, a name or coordinates on the globe, before any call', async () => {
    const t = await open();
    await t.settled();
    t.send({ type: 'add.open' });
    for (const draft of [
      { ...DRAFT, fieldId: '' },
      { ...DRAFT, name: '  ' },
      { ...DRAFT, coordinates: [180.5, 19] },
      { ...DRAFT, coordinates: [-181, 19] },
      { ...DRAFT, coordinates: [74, 90.1] },
      { ...DRAFT, coordinates: [74, -91] },
      { ...DRAFT, coordinates: [Number.NaN, 19] },
      { ...DRAFT, coordinates: [74, Number.POSITIVE_INFINITY] },
    ] as NewLocation[]) {
      expect(draftProblem(draft)).toBe(true);
      t.send({ type: 'add.submit', draft });
      expect(t.snap().matches({ ready: { main: 'adding' } })).toBe(true);
      expect(t.ctx()).toMatchObject({ failure: 'invalid', error: null, draft: null });
    }
    expect(draftProblem({ ...DRAFT, coordinates: [180, -90] } as NewLocation)).toBe(false);
    expect(t.calls('POST', '/gps-mapping')).toHaveLength(0);
    t.send({ type: 'add.cancel' });
    expect(t.snap().matches({ ready: { main: 'idle' } })).toBe(true);
    expect(t.ctx().failure).toBeNull();
  });

  it('saves a good draft, then loads the page again and says it was added', async () => {
    const t = await open();
    await t.settled();
    t.send({ type: 'add.open' });
    t.send({ type: 'add.submit', draft: DRAFT });
    expect(t.snap().hasTag('submitting')).toBe(true);
    expect(t.ctx().draft).toEqual(DRAFT);
    await t.until(() => t.calls('GET', '/gps-mapping').length === 2);
    expect(t.calls('POST', '/gps-mapping')[0].body).toEqual(DRAFT);
    await t.settled();
    expect(t.ctx()).toMatchObject({ notice: 'added', draft: null });
    t.send({ type: 'notice.dismiss' });
    expect(t.ctx().notice).toBeNull();
  });

  it("the 'added' notice goes when the form is opened again", async () => {
    const t = await open();
    await t.settled();
    t.send({ type: 'add.open' });
    t.send({ type: 'add.submit', draft: DRAFT });
    await t.until(() => t.calls('GET', '/gps-mapping').length === 2);
    await t.settled();
    expect(t.ctx().notice).toBe('added');
    t.send({ type: 'add.open' });
    expect(t.ctx().notice).toBeNull();
  });

  it("a refused save goes back to the form with the server's error; opening it again clears that", async () => {
    const t = await open({ 'POST /api/v1/gps-mapping': refusal(409) });
    await t.settled();
    t.send({ type: 'add.open' });
    t.send({ type: 'add.submit', draft: DRAFT });
    await t.until(() => t.snap().matches({ ready: { main: 'adding' } }));
    expect(t.ctx().failure).toBe('add');
    expect(t.ctx().error?.status).toBe(409);
    t.send({ type: 'add.cancel' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null });
    t.send({ type: 'add.open' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null, notice: null });
  });
});

describe('GPS mapping: the dialogs', () => {
  it("opens the map and a field's details, and closing the details forgets the field", async () => {
    const t = await open();
    await t.settled();
    t.send({ type: 'map.open' });
    expect(t.snap().matches({ ready: { main: 'map' } })).toBe(true);
    t.send({ type: 'map.close' });
    t.send({ type: 'details.open', fieldId: F1 });
    expect(t.snap().matches({ ready: { main: 'details' } })).toBe(true);
    expect(t.ctx().selected).toBe(F1);
    t.send({ type: 'details.close' });
    expect(t.snap().matches({ ready: { main: 'idle' } })).toBe(true);
    expect(t.ctx().selected).toBeNull();
  });
});

describe("GPS mapping: 'Update GPS'", () => {
  it('finds the device, says how far that moves the field, and saves only when confirmed (accuracy 95, mobile GPS)', async () => {
    positions = [HERE, HERE];
    const t = await open();
    await t.settled();
    t.send({ type: 'gps.update', fieldId: F1 });
    expect(t.snap().hasTag('updating')).toBe(true);
    await t.until(() => t.snap().matches({ ready: { main: 'confirmingMove' } }));
    expect(t.ctx()).toMatchObject({ selected: F1, updatePosition: { ...HERE, accuracy: 12 }, updateSource: 'device' });
    // Shirur (74.3735, 18.8268) to (74.38, 18.83): about 0.78 km.
    expect(t.ctx().moveKm).toBeCloseTo(0.78, 1);
    expect(t.calls('PUT', `/gps-mapping/mobile/location/${F1}`)).toHaveLength(0);
    t.send({ type: 'gps.confirm' });
    expect(t.snap().hasTag('updating')).toBe(true);
    await t.until(() => t.calls('GET', '/gps-mapping').length === 2);
    expect(t.calls('PUT', `/gps-mapping/mobile/location/${F1}`)[0].body).toEqual({ coordinates: [74.38, 18.83], accuracy: 95, surveyMethod: 'mobile_gps', confirmLargeMove: true });
    await t.settled();
    expect(t.ctx()).toMatchObject({ notice: 'updated', selected: null });
  });

  it("with no position it offers the spec's fallback, and a field not mapped yet has no distance", async () => {
    const t = await open();
    await t.settled();
    t.send({ type: 'gps.update', fieldId: F1 });
    await t.until(() => t.snap().matches({ ready: { main: 'confirmingMove' } }));
    expect(t.ctx()).toMatchObject({ updatePosition: FALLBACK, updateSource: 'fallback' });
    // Shirur to Mumbai: about 160 km.
    expect(t.ctx().moveKm).toBeCloseTo(159.73, 1);
    t.send({ type: 'gps.cancel' });
    expect(t.ctx()).toMatchObject({ selected: null, updatePosition: null, updateSource: null, moveKm: null });
    positions = [HERE];
    t.send({ type: 'gps.update', fieldId: F2 });
    await t.until(() => t.snap().matches({ ready: { main: 'confirmingMove' } }));
    expect(t.ctx()).toMatchObject({ selected: F2, updateSource: 'device', moveKm: null });
    expect(t.calls('PUT', `/gps-mapping/mobile/location/${F2}`)).toHaveLength(0);
  });

  /** 'Update GPS' of the first field, confirmed, and refused by the server (422). */
  async function refusedUpdate() {
    const t = await open({ [`PUT /api/v1/gps-mapping/mobile/location/${F1}`]: refusal(422) });
    await t.settled();
    t.send({ type: 'gps.update', fieldId: F1 });
    await t.until(() => t.snap().matches({ ready: { main: 'confirmingMove' } }));
    t.send({ type: 'gps.confirm' });
    await t.until(() => t.snap().matches({ ready: { main: 'idle' } }) && t.ctx().failure === 'update');
    return t;
  }

  it("a refused save says so, forgets the field, and a new 'Update GPS' clears that", async () => {
    const t = await refusedUpdate();
    expect(t.ctx()).toMatchObject({ failure: 'update', selected: null });
    expect(t.ctx().error?.status).toBe(422);
    expect(t.calls('PUT', `/gps-mapping/mobile/location/${F1}`)[0].body).toEqual({ coordinates: [72.8777, 19.076], accuracy: 95, surveyMethod: 'mobile_gps', confirmLargeMove: true });
    t.send({ type: 'gps.update', fieldId: F1 });
    expect(t.ctx()).toMatchObject({ failure: null, error: null, notice: null, selected: F1 });
  });

  it('a refused update, then Add location: the form opens without the old message', async () => {
    const t = await refusedUpdate();
    t.send({ type: 'add.open' });
    expect(t.snap().matches({ ready: { main: 'adding' } })).toBe(true);
    expect(t.ctx()).toMatchObject({ failure: null, error: null });
  });
});
