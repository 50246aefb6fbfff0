/**
 * Satellite NDVI for the land report (spec section 4): the field is registered once per
 * latitude/longitude pair and its id reused while the coordinates stay the same; then the
 * timeseries is fetched. Both coordinates are required ('please fill latitude and longitude').
 */
import { assign, fromPromise, setup } from 'xstate';
import type { NdviPoint } from '../../contracts/land';
import { getNdviTimeseries, registerNdviField, type NdviTimeseriesResponse } from '../services/land';

export type NdviNotice = { key: 'fillLatLon' } | { key: 'ndviReceived' } | { key: 'ndviError'; message: string } | null;
type Registration = { lat: number; lon: number; fieldId: string };
export type NdviSummary = NdviTimeseriesResponse['summary'];
type Ctx = {
  pending: { lat: number; lon: number } | null;
  registration: Registration | null;
  points: NdviPoint[];
  /** The server's rounding of the latest readings and the 30-day mean: the screen shows what the PDF prints. */
  summary: NdviSummary;
  estimated: boolean;
  notice: NdviNotice;
};

export const REGISTRATION_FAILED = 'Field registration failed';

const parse = (s: string) => (s.trim() === '' ? NaN : Number(s));
const coordsOf = (e: { lat: string; lon: string }) => ({ lat: parse(e.lat), lon: parse(e.lon) });
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A new fetch is possible whenever none is running (the button is disabled while busy). */
const FETCH = {
  'ndvi.fetch': [
    { guard: 'missingCoords', actions: 'askForCoords' },
    { guard: 'sameCoords', target: 'fetching', actions: 'remember' },
    { target: 'registering', actions: 'remember' },
  ],
} as const;

export const ndviRegistrationMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as { type: 'ndvi.fetch'; lat: string; lon: string },
  },
  actors: {
    register: fromPromise<string, { lat: number; lon: number }>(async ({ input, signal }) => {
      const { fieldId } = await registerNdviField(input.lat, input.lon, signal);
      if (!fieldId) throw new Error(REGISTRATION_FAILED);
      return fieldId;
    }),
    timeseries: fromPromise<NdviTimeseriesResponse, { fieldId: string }>(({ input, signal }) => getNdviTimeseries(input.fieldId, signal)),
  },
  guards: {
    missingCoords: ({ event }) => {
      const { lat, lon } = coordsOf(event);
      return !Number.isFinite(lat) || !Number.isFinite(lon);
    },
    sameCoords: ({ context, event }) => {
      const { lat, lon } = coordsOf(event);
      return context.registration !== null && context.registration.lat === lat && context.registration.lon === lon;
    },
  },
  actions: {
    remember: assign({ pending: ({ event }) => coordsOf(event), notice: null }),
    askForCoords: assign({ notice: { key: 'fillLatLon' } as NdviNotice }),
  },
}).createMachine({
  id: 'ndviRegistration',
  context: { pending: null, registration: null, points: [], summary: { latest: [], average30d: null }, estimated: false, notice: null },
  initial: 'idle',
  states: {
    idle: { on: FETCH },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context.pending!,
        onDone: { target: 'fetching', actions: assign({ registration: ({ context, event }) => ({ ...context.pending!, fieldId: event.output }) }) },
        onError: { target: 'failed', actions: assign({ notice: ({ event }) => ({ key: 'ndviError', message: errorText(event.error) }) as NdviNotice }) },
      },
    },
    fetching: {
      tags: ['busy'],
      invoke: {
        id: 'timeseries',
        src: 'timeseries',
        input: ({ context }) => ({ fieldId: context.registration!.fieldId }),
        onDone: {
          target: 'ready',
          actions: assign({
            points: ({ event }) => event.output.ndvi,
            summary: ({ event }) => event.output.summary,
            estimated: ({ event }) => event.output.estimated,
            notice: { key: 'ndviReceived' } as NdviNotice,
          }),
        },
        onError: { target: 'failed', actions: assign({ notice: ({ event }) => ({ key: 'ndviError', message: errorText(event.error) }) as NdviNotice }) },
      },
    },
    ready: { on: FETCH },
    failed: { on: FETCH },
  },
});
