/**
 * Generated path tests for the sensor feed: every shortest path through its statechart, driven by the
 * socket (a stand-in for the socket.io connection and its room) and the catch-up call, checked on the farmer home
 * it feeds (the live indicator and the chart).
 */
import { expect } from 'vitest';
import { act, screen } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { farmerHomeMachine, relayFeed, type FieldData } from '@/machines/farmerHome.machine';
import { sensorFeedMachine } from '@/machines/sensorFeed.machine';
import type { SeriesPoint } from '@/services/sensors';
import { FarmerHomeView } from '@/views/farmer/FarmerHomeView';
import { byKey, deferred, describeModel, modelPaths, renderView } from '../support/modelHarness';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
// Two points: with one the home shows that single reading in words, not the chart this walk follows.
const SERIES: SeriesPoint[] = [
  { timestamp: ago(60), moisture: 41, temperature: 27 },
  { timestamp: ago(30), moisture: 40, temperature: 28 },
];
const MISSED: SeriesPoint[] = [{ timestamp: ago(5), moisture: 38 }, { timestamp: ago(4), moisture: 37 }];

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'socket.up', recovered: false },
  { type: 'socket.up', recovered: true },
  { type: 'socket.down', reconnecting: false },
  { type: 'socket.down', reconnecting: true },
  { type: 'socket.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 41, timestamp: ago(1) } },
  { type: 'socket.joined' },
  { type: 'socket.refused', error: new Error('field:watch refused: NOT_FOUND') },
  { type: 'xstate.done.actor.fetchSince', output: MISSED },
  { type: 'xstate.error.actor.fetchSince', error: new Error('offline') },
];
const keyOf = (e: Ev) =>
  e.type === 'socket.up'
    ? `socket.up:${e.recovered ? 'recovered' : 'fresh'}`
    : e.type === 'socket.down'
      ? `socket.down:${e.reconnecting ? 'reconnecting' : 'gone'}`
      : e.type;

type Snap = SnapshotFrom<typeof sensorFeedMachine>;
const INPUT = { fieldId: 'f1', lastSeenAt: SERIES[1].timestamp };
/** Traversed alone, the feed has no parent to tell. */
const alone = sensorFeedMachine.provide({ actions: { tellParent: () => {} } });
const paths = modelPaths(alone, {
  input: INPUT,
  events: EVENTS,
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${JSON.stringify(s.value)}|${s.context.recovered}|${e ? keyOf(e) : ''}|${prev ? JSON.stringify(prev.value) : ''}`,
});

const drive = {
  socket: null as ((e: Ev) => void) | null,
  fetch: deferred<SeriesPoint[]>(),
  /** Points the chart should show: the loaded series plus what the feed delivered. */
  expectedPoints: 0,
};

function render() {
  drive.expectedPoints = SERIES.length;
  const feed = sensorFeedMachine.provide({
    actors: {
      fieldSocket: fromCallback(({ sendBack }) => {
        drive.socket = sendBack;
        return () => (drive.socket = null);
      }),
      fetchSince: fromPromise(() => (drive.fetch = deferred<SeriesPoint[]>()).promise),
    },
  });
  const home = farmerHomeMachine.provide({
    actors: {
      loadFields: fromPromise(async () => [{ _id: 'f1', fieldId: 'FLD000001AAA', name: 'North plot', health: 'good', lastSensorData: null }]) as never,
      loadFieldData: fromPromise(async (): Promise<FieldData & { failures: [] }> => ({ latest: { moisture: 40, temperature: 28, timestamp: SERIES[1].timestamp }, series: SERIES, emptyMessage: null, failures: [] })) as never,
      // The app's relay (the feed's code is imported after the first paint), here loading the feed with stand-ins.
      sensorFeed: relayFeed(async () => feed),
    },
  });
  renderView(<FarmerHomeView logic={home} chatbot={null} />, { session: 'farmer', intlLocale: 'en' });
}

const exec: Record<string, (e: Ev) => unknown> = {
  'socket.up:fresh': (e) => act(() => drive.socket!(e)),
  'socket.up:recovered': (e) => act(() => drive.socket!(e)),
  'socket.down:gone': (e) => act(() => drive.socket!(e)),
  'socket.down:reconnecting': (e) => act(() => drive.socket!(e)),
  'socket.reading': (e) =>
    act(() => {
      drive.expectedPoints++;
      drive.socket!({ ...e, reading: { ...e.reading, timestamp: new Date(Date.now() + drive.expectedPoints).toISOString() } });
    }),
  'socket.joined': (e) => act(() => drive.socket!(e)),
  'socket.refused': (e) => act(() => drive.socket!(e)),
  'xstate.done.actor.fetchSince': () =>
    act(async () => {
      // Each catch-up brings points the chart has not seen yet.
      const fresh = MISSED.map((p, i) => ({ ...p, timestamp: new Date(Date.now() - 60_000 + i + drive.expectedPoints).toISOString() }));
      drive.expectedPoints += fresh.length;
      drive.fetch.resolve(fresh);
    }),
  'xstate.error.actor.fetchSince': (e) => act(async () => drive.fetch.reject(e.error)),
};

const label: Record<string, string> = {
  offline: 'Offline',
  reconnecting: 'Reconnecting…',
  joining: 'Connecting…',
  catchingUp: 'Catching up…',
  live: 'Live',
  failed: 'Live updates unavailable',
};
const assertState: Record<string, (s: Snap) => Promise<void>> = Object.fromEntries(
  Object.entries(label).map(([state, text]) => [
    state,
    async () => {
      expect(await screen.findByRole('status')).toHaveTextContent(text);
      const line = await screen.findByTestId('moisture-line');
      expect(Number(line.getAttribute('data-points'))).toBe(drive.expectedPoints);
    },
  ]),
);

describeModel('sensor feed model', {
  paths,
  events: EVENTS,
  eventKey: keyOf,
  machine: sensorFeedMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: async () => {
    render();
    // The screen reaches the live feed once the field has loaded (the chart chunk loads lazily).
    await screen.findByTestId('moisture-line', {}, { timeout: 5000 });
    // Where the feed must be, worked out from what the socket and the catch-up said along the path (not read from
    // the snapshot): the status line follows it.
    const want = { state: 'offline', recovered: false };
    const follow = (e: Ev) => {
      const from = want.state;
      if (e.type === 'socket.up' && ['offline', 'reconnecting', 'failed'].includes(from)) Object.assign(want, { state: 'joining', recovered: from !== 'failed' && e.recovered });
      else if (e.type === 'socket.down') want.state = e.reconnecting ? 'reconnecting' : 'offline';
      else if (e.type === 'socket.joined' && from === 'joining') want.state = want.recovered ? 'live' : 'catchingUp';
      else if (e.type === 'socket.refused' && from === 'joining') want.state = 'failed';
      else if (e.type.endsWith('.actor.fetchSince')) want.state = 'live';
    };
    return {
      exec: byKey(exec, keyOf),
      check: ({ state, event }) => {
        follow(event as Ev);
        expect(state.value).toBe(want.state);
        return assertState[String(state.value)](state as Snap);
      },
    };
  },
});
