/**
 * GPS Field Mapping (spec section 3): loads the mapped field locations, their totals and the field list
 * (for 'Add Field Location'); then, in a parallel region, finds the device's position (browser
 * geolocation through a service; refused or unavailable → the spec's fallback position) and the nearby
 * fields and weather stations around it. The main region holds the dialogs: add a location, the map,
 * a field's details, and 'Update GPS' (locate, show how far that moves the field and ask, then save with
 * accuracy 95 and 'mobile_gps'; the user's confirmation is sent along, so the server's GPS_MAX_MOVE_KM guard
 * lets a move the user has seen through).
 * Stats, nearby and weather failures are only logged (spec section 9); a save reloads the page.
 */
import { assign, fromPromise, setup } from 'xstate';
import { currentPosition, type Position } from '@/services/geolocation';
import { listFieldChoices, type FieldChoice } from '@/services/fields';
import {
  addFieldLocation,
  getGpsStatistics,
  listFieldLocations,
  nearbyFields,
  nearbyWeatherStations,
  updateFieldLocation,
  type FieldLocation,
  type GpsOverview,
  type NewLocation,
  type Station,
} from '@/services/gpsMapping';
import { HttpError } from '@/services/http';
import { distanceKm } from '@/shared/geo';

export type { Position, FieldLocation, NewLocation, Station };
export type GpsLoaded = { locations: FieldLocation[]; stats: GpsOverview | null; fields: FieldChoice[] };
export type Surroundings = { nearby: FieldLocation[]; stations: Station[] };

/** Spec section 9: the position used when the browser gives none. */
export const FALLBACK_POSITION: Position = { longitude: 72.8777, latitude: 19.076 };

export type GpsEvent =
  | { type: 'list.refresh' }
  | { type: 'add.open' }
  | { type: 'add.cancel' }
  | { type: 'add.submit'; draft: NewLocation }
  | { type: 'map.open' }
  | { type: 'map.close' }
  | { type: 'details.open'; fieldId: string }
  | { type: 'details.close' }
  | { type: 'gps.update'; fieldId: string }
  | { type: 'gps.confirm' }
  | { type: 'gps.cancel' }
  | { type: 'notice.dismiss' };

type Failure = 'fetch' | 'add' | 'invalid' | 'update' | null;
type Source = 'device' | 'fallback' | null;
type Ctx = {
  locations: FieldLocation[];
  stats: GpsOverview | null;
  fields: FieldChoice[];
  position: Position | null;
  positionSource: Source;
  nearby: FieldLocation[];
  stations: Station[];
  /** The field whose details are open or whose GPS is being updated. */
  selected: string | null;
  /** The location being added (kept while it saves). */
  draft: NewLocation | null;
  /** The position an 'Update GPS' will save, and where it came from. */
  updatePosition: Position | null;
  updateSource: Source;
  /** How far the update would move the field from its current location (km). */
  moveKm: number | null;
  failure: Failure;
  error: HttpError | null;
  notice: 'added' | 'updated' | null;
};

const asHttp = (e: unknown) => (e instanceof HttpError ? e : null);
const finite = (n: number) => typeof n === 'number' && Number.isFinite(n);

/** A draft the server can take: a field chosen, a name, and coordinates on the globe. */
export function draftProblem(d: NewLocation): boolean {
  const [lng, lat] = d.coordinates;
  return !d.fieldId || !d.name.trim() || !finite(lng) || !finite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90;
}

/** The distance from the selected field's current location to `to`, or null when it has none. */
function moveKm(context: Ctx, to: Position) {
  const at = context.locations.find((l) => l.fieldId === context.selected);
  if (!at) return null;
  const [lng, lat] = at.location.coordinates;
  return distanceKm(lat, lng, to.latitude, to.longitude);
}

export const gpsMappingMachine = setup({
  types: { context: {} as Ctx, events: {} as GpsEvent },
  actors: {
    load: fromPromise<GpsLoaded>(async ({ signal }) => {
      const [locations, fields, stats] = await Promise.all([
        listFieldLocations(signal),
        listFieldChoices(signal),
        getGpsStatistics(signal).catch((error: unknown) => {
          console.error('gps mapping: statistics failed', error);
          return null;
        }),
      ]);
      return { locations, fields, stats };
    }),
    /** `purpose` tells the two uses apart (the page's surroundings, or an 'Update GPS'). */
    locate: fromPromise<Position, { purpose: 'survey' | 'update' }>(() => currentPosition()),
    survey: fromPromise<Surroundings, Position>(async ({ input, signal }) => {
      const [nearby, stations] = await Promise.all([
        nearbyFields(input, signal).catch((error: unknown) => {
          console.error('gps mapping: nearby fields failed', error);
          return [];
        }),
        nearbyWeatherStations(input, signal).catch((error: unknown) => {
          console.error('gps mapping: weather stations failed', error);
          return [];
        }),
      ]);
      return { nearby, stations };
    }),
    add: fromPromise<FieldLocation, NewLocation>(({ input }) => addFieldLocation(input)),
    update: fromPromise<FieldLocation, { fieldId: string; position: Position; confirmLargeMove: boolean }>(({ input }) =>
      updateFieldLocation(input.fieldId, input.position, input.confirmLargeMove),
    ),
  },
  guards: {
    draftOk: ({ event }) => event.type === 'add.submit' && !draftProblem(event.draft),
  },
}).createMachine({
  id: 'gps',
  context: {
    locations: [],
    stats: null,
    fields: [],
    position: null,
    positionSource: null,
    nearby: [],
    stations: [],
    selected: null,
    draft: null,
    updatePosition: null,
    updateSource: null,
    moveKm: null,
    failure: null,
    error: null,
    notice: null,
  },
  initial: 'loading',
  on: { 'notice.dismiss': { actions: assign({ notice: null }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            locations: event.output.locations,
            fields: event.output.fields,
            stats: event.output.stats,
            failure: null,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ failure: 'fetch', error: ({ event }) => asHttp(event.error) }) },
      },
    },
    failed: { on: { 'list.refresh': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        main: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'list.refresh': '#gps.loading',
                'add.open': { target: 'adding', actions: assign({ failure: null, error: null, notice: null }) },
                'map.open': 'map',
                'details.open': { target: 'details', actions: assign({ selected: ({ event }) => event.fieldId }) },
                'gps.update': { target: 'locating', actions: assign({ selected: ({ event }) => event.fieldId, failure: null, error: null, notice: null }) },
              },
            },
            adding: {
              on: {
                'add.cancel': { target: 'idle', actions: assign({ failure: null, error: null }) },
                'add.submit': [
                  { guard: 'draftOk', target: 'saving', actions: assign({ draft: ({ event }) => event.draft }) },
                  { target: 'adding', reenter: true, actions: assign({ failure: 'invalid', error: null }) },
                ],
              },
            },
            saving: {
              tags: ['submitting'],
              entry: assign({ failure: null, error: null }),
              invoke: {
                id: 'add',
                src: 'add',
                input: ({ context }) => context.draft!,
                onDone: { target: '#gps.loading', actions: assign({ notice: 'added', draft: null }) },
                onError: { target: 'adding', actions: assign({ failure: 'add', error: ({ event }) => asHttp(event.error) }) },
              },
            },
            map: { on: { 'map.close': 'idle' } },
            details: { on: { 'details.close': { target: 'idle', actions: assign({ selected: null }) } } },
            locating: {
              tags: ['updating'],
              invoke: {
                id: 'locateForUpdate',
                src: 'locate',
                input: { purpose: 'update' },
                onDone: {
                  target: 'confirmingMove',
                  actions: assign({ updatePosition: ({ event }) => event.output, updateSource: 'device', moveKm: ({ context, event }) => moveKm(context, event.output) }),
                },
                onError: {
                  target: 'confirmingMove',
                  actions: assign({ updatePosition: FALLBACK_POSITION, updateSource: 'fallback', moveKm: ({ context }) => moveKm(context, FALLBACK_POSITION) }),
                },
              },
            },
            /** Nothing moves until the user has seen how far the field would go and said yes. */
            confirmingMove: {
              tags: ['updating'],
              on: {
                'gps.confirm': 'updating',
                'gps.cancel': { target: 'idle', actions: assign({ selected: null, updatePosition: null, updateSource: null, moveKm: null }) },
              },
            },
            updating: {
              tags: ['updating'],
              invoke: {
                id: 'update',
                src: 'update',
                input: ({ context }) => ({ fieldId: context.selected!, position: context.updatePosition ?? FALLBACK_POSITION, confirmLargeMove: true }),
                onDone: { target: '#gps.loading', actions: assign({ notice: 'updated', selected: null }) },
                onError: { target: 'idle', actions: assign({ failure: 'update', error: ({ event }) => asHttp(event.error), selected: null }) },
              },
            },
          },
        },
        around: {
          initial: 'locating',
          states: {
            locating: {
              tags: ['locating'],
              invoke: {
                id: 'locate',
                src: 'locate',
                input: { purpose: 'survey' },
                onDone: { target: 'surveying', actions: assign({ position: ({ event }) => event.output, positionSource: 'device' }) },
                onError: { target: 'surveying', actions: assign({ position: FALLBACK_POSITION, positionSource: 'fallback' }) },
              },
            },
            surveying: {
              tags: ['surveying'],
              invoke: {
                id: 'survey',
                src: 'survey',
                input: ({ context }) => context.position ?? FALLBACK_POSITION,
                onDone: { target: 'done', actions: assign({ nearby: ({ event }) => event.output.nearby, stations: ({ event }) => event.output.stations }) },
                onError: { target: 'done' },
              },
            },
            done: {},
          },
        },
      },
    },
  },
});
