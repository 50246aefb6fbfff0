/**
 * Generated path tests: every shortest path through the farmer home statechart, each event driven
 * through the real FarmerHomeView, each state checked on screen. Offline (issue 17): a load lost to the
 * network (offline, dropped, timed out) shows the copy kept on the phone with its time, and the browser's 'online'
 * event or the banner's Retry loads afresh; a field list the server refused is told with its own Retry.
 */
import { expect } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { farmerHomeMachine, homeFieldKey, isMoistureLow, type CachedHome, type FieldData } from '@/machines/farmerHome.machine';
import { HttpError } from '@/shared/httpError';
import type { FieldReadingSummary } from '@/services/sensors';
import { FarmerHomeView } from '@/views/farmer/FarmerHomeView';
import { get, getLabelled, query } from '../support/dom';
import { todayAgo } from '../support/today';
import { byKey, deferred, describeModel, leafPaths, modelPaths, renderView } from '../support/modelHarness';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const FIELDS: FieldReadingSummary[] = [
  { _id: 'f1', fieldId: 'FLD000001AAA', name: 'North plot', health: 'good', lastSensorData: null },
  { _id: 'f2', fieldId: 'FLD000002AAA', name: 'South plot', health: 'good', lastSensorData: null },
];
const DRY: FieldData & { failures: [] } = {
  latest: { moisture: 18.5, temperature: 31.2, timestamp: ago(2) },
  series: [
    { timestamp: ago(60), moisture: 22, temperature: 29 },
    { timestamp: ago(30), moisture: 20, temperature: 30.5 },
  ],
  emptyMessage: null,
  failures: [],
};
const EMPTY: FieldData & { failures: [] } = {
  latest: null,
  series: [],
  emptyMessage: { english: 'No sensor data available for the last 24 hours', marathi: 'x', hindi: 'x' },
  failures: [],
};
const READING = { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 45, timestamp: ago(0) };
/** What the phone kept: the fields and the first field's tiles and chart, last seen 45 minutes ago. */
const CACHED: CachedHome = {
  fields: FIELDS,
  selectedFieldId: 'f1',
  latest: { moisture: 41.5, temperature: 27.5, timestamp: ago(50) },
  series: [
    { timestamp: ago(120), moisture: 43, temperature: 26 },
    { timestamp: ago(50), moisture: 41.5, temperature: 27.5 },
  ],
  emptyMessage: null,
  // Today's (a copy from before midnight shows its day too).
  savedAt: todayAgo(45 * 60_000),
};
/** A load lost to the network (the client's status 0), unlike a server's answer. */
const NETWORK = new HttpError(0, 'network');
/** No answer in the time limit on a slow network: status 0 as well, so the kept copy, with a Retry. */
const TIMEOUT = new HttpError(0, 'timeout');
/** The server answered, with a failure: not the network, so the field list's own failure and Retry. */
const ANSWERED = new HttpError(503, 'unavailable');
/** What a failed load is, for its event key: answered by the server (or broken), lost to the network, timed out. */
const failureKind = (error: unknown) => (!(error instanceof HttpError) || error.status !== 0 ? 'answered' : error.reason === 'timeout' ? 'timeout' : 'network');

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadFields', output: FIELDS },
  { type: 'xstate.done.actor.loadFields', output: [] },
  { type: 'xstate.error.actor.loadFields', error: ANSWERED },
  { type: 'xstate.error.actor.loadFields', error: NETWORK },
  { type: 'xstate.error.actor.loadFields', error: TIMEOUT },
  { type: 'fields.retry' },
  { type: 'xstate.done.actor.loadFieldData', output: DRY },
  { type: 'xstate.done.actor.loadFieldData', output: EMPTY },
  { type: 'xstate.error.actor.loadFieldData', error: new Error('offline') },
  { type: 'xstate.error.actor.loadFieldData', error: NETWORK },
  { type: 'xstate.done.actor.recallHome', output: CACHED },
  { type: 'xstate.done.actor.recallHome', output: null },
  { type: 'xstate.error.actor.recallHome', error: new Error('no IndexedDB') },
  { type: 'network.online' },
  { type: 'field.select', fieldId: 'f2' },
  { type: 'field.select', fieldId: 'f1' },
  { type: 'feed.status', status: 'live' },
  { type: 'feed.status', status: 'offline' },
  { type: 'feed.status', status: 'reconnecting' },
  { type: 'feed.reading', reading: READING },
  { type: 'feed.points', points: [{ timestamp: ago(10), moisture: 33 }] },
];

/** One key per distinct event (type plus the payload variant). */
const keyOf = (e: Ev) => {
  if (e.type === 'xstate.done.actor.loadFields') return `${e.type}:${(e.output as unknown[]).length ? 'some' : 'none'}`;
  if (e.type === 'xstate.done.actor.loadFieldData') return `${e.type}:${(e.output as FieldData).series.length ? 'series' : 'empty'}`;
  if (e.type === 'xstate.error.actor.loadFields') return `${e.type}:${failureKind(e.error)}`;
  if (e.type === 'field.select') return `${e.type}:${e.fieldId}`;
  if (e.type === 'xstate.error.actor.loadFieldData') return failureKind(e.error) === 'answered' ? e.type : `${e.type}:network`;
  if (e.type === 'xstate.done.actor.recallHome') return `${e.type}:${e.output ? 'saved' : 'none'}`;
  if (e.type === 'feed.status') return `${e.type}:${e.status}`;
  return e.type;
};

type Snap = SnapshotFrom<typeof farmerHomeMachine>;
/** The whole context the screen shows: finite here, since repeated pushes carry the same timestamps. */
const digest = (s: Snap) => JSON.stringify([s.value, s.context]);

const all = modelPaths(farmerHomeMachine, {
  events: EVENTS,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${digest(s)}|${e ? keyOf(e) : ''}|${prev ? JSON.stringify(prev.value) : ''}`,
  serializeEvent: keyOf,
});
// Each path is checked at every step, so a path that another one extends adds nothing: run the leaves only
// (every step of every generated path is still replayed and checked).
const paths = leafPaths(all);

const stateName = (s: Snap) => {
  if (typeof s.value === 'string') return s.value;
  const [parent, child] = Object.entries(s.value)[0];
  return `${parent}.${child as string}`;
};

/** What the executors reach into: the pending loads and the feed's line to its parent. */
const drive = {
  fieldsLoad: deferred<FieldReadingSummary[]>(),
  dataLoad: deferred<FieldData & { failures: [] }>(),
  toParent: null as ((e: AnyEventObject) => void) | null,
  recall: deferred<CachedHome | null>(),
  /** The field the cache was asked for, and what the machine kept (key → value), as the phone's store would hold it. */
  recalledFor: [] as Array<string | null>,
  kept: new Map<string, unknown>(),
};

function render() {
  const logic = farmerHomeMachine.provide({
    actors: {
      loadFields: fromPromise(() => (drive.fieldsLoad = deferred<FieldReadingSummary[]>()).promise),
      loadFieldData: fromPromise(() => (drive.dataLoad = deferred<FieldData & { failures: [] }>()).promise) as never,
      // The feed child is exercised in sensorFeed.model.test.tsx; here it only relays what the step sends.
      sensorFeed: fromCallback(({ sendBack }) => {
        drive.toParent = sendBack;
        return () => (drive.toParent = null);
      }) as never,
      recallHome: fromPromise(({ input }: { input: { fieldId: string | null } }) => {
        drive.recalledFor.push(input.fieldId);
        return (drive.recall = deferred<CachedHome | null>()).promise;
      }),
      // watchOnline is the real one: the executor fires the window's 'online' event.
    },
    actions: { remember: (_, p: { what: string; value: unknown }) => void drive.kept.set(p.what, p.value) },
  });
  drive.recalledFor = [];
  drive.kept = new Map();
  renderView(<FarmerHomeView logic={logic} chatbot={null} />, { session: 'farmer', intlLocale: 'en' });
}

const toFeedParent = (e: Ev) => act(() => drive.toParent!(e));
const exec: Record<string, (e: Ev) => unknown> = {
  'xstate.done.actor.loadFields:some': (e) => act(async () => drive.fieldsLoad.resolve(e.output)),
  'xstate.done.actor.loadFields:none': (e) => act(async () => drive.fieldsLoad.resolve(e.output)),
  'xstate.error.actor.loadFields:answered': (e) => act(async () => drive.fieldsLoad.reject(e.error)),
  'xstate.error.actor.loadFields:network': (e) => act(async () => drive.fieldsLoad.reject(e.error)),
  'xstate.error.actor.loadFields:timeout': (e) => act(async () => drive.fieldsLoad.reject(e.error)),
  // The one Retry on the screen: the field list's (fieldsFailed) or the offline banner's.
  'fields.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })),
  'xstate.error.actor.loadFieldData:network': (e) => act(async () => drive.dataLoad.reject(e.error)),
  'xstate.done.actor.recallHome:saved': (e) => act(async () => drive.recall.resolve(e.output)),
  'xstate.done.actor.recallHome:none': (e) => act(async () => drive.recall.resolve(e.output)),
  'xstate.error.actor.recallHome': (e) => act(async () => drive.recall.reject(e.error)),
  'network.online': () => act(() => void window.dispatchEvent(new Event('online'))),
  'xstate.done.actor.loadFieldData:series': (e) => act(async () => drive.dataLoad.resolve(e.output)),
  'xstate.done.actor.loadFieldData:empty': (e) => act(async () => drive.dataLoad.resolve(e.output)),
  'xstate.error.actor.loadFieldData': (e) => act(async () => drive.dataLoad.reject(e.error)),
  'field.select:f2': () => fireEvent.change(getLabelled('Field'), { target: { value: 'f2' } }),
  'field.select:f1': () => fireEvent.change(getLabelled('Field'), { target: { value: 'f1' } }),
  'feed.status:live': toFeedParent,
  'feed.status:offline': toFeedParent,
  'feed.status:reconnecting': toFeedParent,
  'feed.reading': toFeedParent,
  'feed.points': toFeedParent,
};

const tile = (id: string) => screen.getByTestId(id).querySelector('.tile-value')!.textContent;

const assertState: Record<string, (s: Snap) => Promise<void> | void> = {
  loadingFields: () => {
    expect(screen.getByText('Loading sensor data…')).toBeInTheDocument();
    expect(tile('tile-moisture')).toBe('--');
  },
  fieldsFailed: async (s) => {
    // The server answered with a failure (the network's failures, timeouts too, are `offline`): said as it is, never
    // as 'no fields'. The retry loads the list again.
    expect(failureKind(s.context.fieldsError)).toBe('answered');
    // The notice is loaded when it shows (not in the initial JavaScript).
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByText(/No fields yet/)).toBeNull();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.queryByText('Loading sensor data…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(tile('tile-moisture')).toBe('--');
  },
  noFields: () => {
    expect(screen.getByText(/No fields yet/)).toBeInTheDocument();
    expect(tile('tile-moisture')).toBe('--');
    expect(tile('tile-temperature')).toBe('--');
    expect(query('alert')).toBeNull();
  },
  'field.loading': (s) => {
    expect(screen.getByText('Loading sensor data…')).toBeInTheDocument();
    expect((getLabelled('Field') as HTMLSelectElement).value).toBe(s.context.selectedFieldId);
  },
  'offline.reading': (s) => {
    expect(screen.getByText('Loading sensor data…')).toBeInTheDocument();
    expect(drive.recalledFor.at(-1)).toBe(s.context.selectedFieldId);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  },
  'offline.shown': async (s) => {
    const { latest, series, offlineAt, selectedFieldId } = s.context;
    // The banner is loaded when it shows (not in the initial JavaScript).
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      `Offline — last updated ${new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(offlineAt!))}`,
    );
    expect(tile('tile-moisture')).toBe(`${latest!.moisture}%`);
    expect(tile('tile-temperature')).toBe(`${latest!.temperature}°C`);
    expect((getLabelled('Field') as HTMLSelectElement).value).toBe(selectedFieldId);
    const line = await screen.findByTestId('moisture-line', {}, { timeout: 5000 });
    expect(Number(line.getAttribute('data-points'))).toBe(series.length);
    // No live badge: nothing is live.
    expect(screen.queryByText('Live')).toBeNull();
    // A timed-out slow network never fires 'online': the banner has the Retry.
    expect(within(screen.getByTestId('offline-banner')).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
  'offline.nothingSaved': async () => {
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Offline — nothing saved on this phone yet.');
    expect(within(screen.getByTestId('offline-banner')).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(tile('tile-moisture')).toBe('--');
    expect(screen.queryByText('Loading sensor data…')).toBeNull();
  },
  'field.live': async (s) => {
    const { latest, series, emptyMessage, connection } = s.context;
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    // What the phone keeps for this field is what the screen shows (a failed load keeps the older copy).
    if (latest || series.length || emptyMessage) expect(drive.kept.get(homeFieldKey(s.context.selectedFieldId!))).toEqual({ latest, series, emptyMessage });
    expect(screen.queryByText('Loading sensor data…')).toBeNull();
    expect(tile('tile-moisture')).toBe(typeof latest?.moisture === 'number' ? `${latest.moisture}%` : '--');
    expect(tile('tile-temperature')).toBe(typeof latest?.temperature === 'number' ? `${latest.temperature}°C` : '--');
    const banner = query('alert');
    if (isMoistureLow(latest)) expect(banner).toHaveTextContent('Soil moisture is low, please give water!');
    else expect(banner).toBeNull();
    if (series.length === 1) {
      // One reading is not a trend: it is said in words with its values, not drawn as a lone dot.
      expect(await screen.findByText(/^Only one reading so far/, {}, { timeout: 5000 })).toHaveTextContent(
        `moisture ${typeof series[0].moisture === 'number' ? `${series[0].moisture}%` : '--'}, temperature ${typeof series[0].temperature === 'number' ? `${series[0].temperature}°C` : '--'}`,
      );
      expect(screen.queryByTestId('moisture-line')).toBeNull();
    } else if (series.length > 0) {
      const line = await screen.findByTestId('moisture-line', {}, { timeout: 5000 });
      expect(Number(line.getAttribute('data-points'))).toBe(series.filter((p) => typeof p.moisture === 'number').length);
    } else {
      expect(screen.queryByTestId('moisture-line')).toBeNull();
      if (emptyMessage) expect(screen.getByText(emptyMessage.english)).toBeInTheDocument();
    }
    const status = get('status');
    expect(status).toHaveTextContent({ live: 'Live', reconnecting: 'Reconnecting…' }[connection as string] ?? 'Offline');
    // The three feature cards are always there.
    for (const name of ['Disease detection', 'Farm decision support', 'Land health report']) {
      expect(within(document.querySelector('.feature-cards') as HTMLElement).getByText(name)).toBeInTheDocument();
    }
  },
};

/**
 * What the checks above read of a state, part by part (each in its state): the field chosen, the tiles and the
 * low-moisture banner (the latest reading), the chart or its one-reading sentence (the series), the empty message,
 * the live badge, the offline banner's time and the kind of failure. Each is drawn from its own slice of context, so
 * the rendered paths show each of them in each state, not each combination of them.
 */
const screenOf = (s: Snap): string[] => {
  const c = s.context;
  const at = stateName(s);
  const plotted = c.series.filter((p) => typeof p.moisture === 'number').length;
  return [
    `${at} field=${c.selectedFieldId}`,
    `${at} latest=${JSON.stringify(c.latest)}`,
    `${at} series=${c.series.length === 1 ? JSON.stringify(c.series[0]) : `${c.series.length}/${plotted}`}`,
    `${at} empty=${c.emptyMessage?.english ?? null}`,
    `${at} connection=${c.connection}`,
    `${at} offlineAt=${c.offlineAt}`,
    `${at} failure=${c.fieldsError ? failureKind(c.fieldsError) : null}`,
  ];
};

describeModel('farmer home model', {
  paths,
  all,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: farmerHomeMachine,
  states: Object.keys(assertState),
  stateKeys: (s: Snap) => [stateName(s)],
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: () => {
    render();
    return { exec: byKey(exec, keyOf), check: ({ state }) => assertState[stateName(state as Snap)](state as Snap) };
  },
  // A leaf path can wait for the lazily loaded chart more than once; the default 5 s is tight on a busy machine.
  timeout: 30_000,
});
