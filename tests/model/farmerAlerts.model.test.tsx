/**
 * Generated path tests for the farmer's alerts on the home (the alerts list machine with viewer 'farmer'), driven
 * through the real FarmerAlerts: the first page loads and is kept on the phone; a load lost to the network (offline,
 * dropped, timed out) shows the kept copy under the offline banner with its time (or 'nothing saved'), and the
 * browser's 'online' event or the banner's Retry loads afresh; a failure the server answered is the quiet notice
 * with its own Retry, never the offline copy. Alerts pushed live (a new one, an acknowledgement, a clearance) change the
 * kept copy too, so going offline afterwards shows them. (The coordinator's screen: alertsList.model.test.tsx.)
 */
import { expect, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { alertsListMachine, FARMER_ALERTS_KEY, type CachedAlerts, type LoadedAlerts } from '@/machines/alertsList.machine';
import type { Cached } from '@/machines/offline';
import { HttpError } from '@/shared/httpError';
import { FarmerAlerts } from '@/views/alerts/FarmerAlerts';
import { makeAlert } from './alertFixtures';
import { byKey, deferred, describeModel, leafValues, modelPaths, renderView } from '../support/modelHarness';

const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
const PAGE: LoadedAlerts = {
  items: [makeAlert({ id: 'a1' }), makeAlert({ id: 'a2', status: 'cleared_unack', resolvedAt: ago(90), fieldName: 'South plot' })],
  totalPages: 1,
  unread: 0,
  coordinators: [],
};
const NONE: LoadedAlerts = { items: [], totalPages: 1, unread: 0, coordinators: [] };
/** What the phone kept: one alert, seen 40 minutes ago. */
const KEPT: Cached<CachedAlerts> = { value: { alerts: [makeAlert({ id: 'k1', fieldName: 'East plot', messageKey: null, message: 'Low soil moisture in East plot: 12%' })], totalPages: 1 }, savedAt: ago(40) };
/** Pushed live while the list is shown: a new critical alert, and the first one acknowledged by the coordinator. */
const PUSHED_NEW = makeAlert({ id: 'p1', severity: 'critical', fieldName: 'West plot', createdAt: ago(1) });
const PUSHED_ACK = { ...PAGE.items[0], status: 'active_ack' as const, acknowledgedBy: 'Sunil Pawar' };
const NETWORK = new HttpError(0, 'network');
const TIMEOUT = new HttpError(0, 'timeout');
const ANSWERED = new HttpError(503, 'unavailable');

/** What the machine keeps on the phone, as the store would hold it (its own rule of what to keep runs as written). */
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  keep: (what: string, value: unknown) => void kept.set(what, value),
}));

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.done.actor.load', output: NONE },
  { type: 'xstate.error.actor.load', error: ANSWERED },
  { type: 'xstate.error.actor.load', error: NETWORK },
  { type: 'xstate.error.actor.load', error: TIMEOUT },
  { type: 'alerts.retry' },
  { type: 'xstate.done.actor.recallAlerts', output: KEPT },
  { type: 'xstate.done.actor.recallAlerts', output: null },
  { type: 'xstate.error.actor.recallAlerts', error: new Error('no IndexedDB') },
  { type: 'network.online' },
  { type: 'feed.alert', event: 'alert:new', alert: PUSHED_NEW },
  { type: 'feed.alert', event: 'alert:updated', alert: PUSHED_ACK },
];
const keyOf = (e: Ev) => {
  if (e.type === 'xstate.done.actor.load') return `${e.type}:${(e.output as LoadedAlerts).items.length ? 'page' : 'none'}`;
  if (e.type === 'xstate.error.actor.load') return `${e.type}:${(e.error as HttpError).status === 0 ? e.error.reason : 'answered'}`;
  if (e.type === 'xstate.done.actor.recallAlerts') return `${e.type}:${e.output ? 'kept' : 'none'}`;
  if (e.type === 'feed.alert') return `${e.type}:${e.event}`;
  return e.type;
};
/** Each push once per path, onto a list that can show it (the new one not yet there, the acknowledged one still unacknowledged). */
const pushable = (s: Snap, e: Ev) => {
  if (e.type !== 'feed.alert') return true;
  if (!s.matches('ready')) return false;
  if (e.event === 'alert:new') return !s.context.alerts.some((a) => a.id === 'p1');
  return s.context.alerts.some((a) => a.id === 'a1' && a.status === 'active_unack');
};

type Snap = SnapshotFrom<typeof alertsListMachine>;
const paths = modelPaths(alertsListMachine, {
  input: { viewer: 'farmer' },
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => s.can(e as never) && pushable(s, e),
  serializeState: (s: Snap, e?: Ev, prev?: Snap) =>
    `${JSON.stringify([s.value, s.context.alerts.map((a) => `${a.id}:${a.status}`), s.context.offlineAt !== null])}|${e ? keyOf(e) : ''}|${prev ? JSON.stringify(prev.value) : ''}`,
  serializeEvent: keyOf,
});

const drive = {
  push: null as ((e: Ev) => void) | null,
  load: deferred<LoadedAlerts>(),
  recall: deferred<Cached<CachedAlerts> | null>(),
};

function render() {
  kept.clear();
  const logic = alertsListMachine.provide({
    actors: {
      load: fromPromise(() => (drive.load = deferred<LoadedAlerts>()).promise) as never,
      recallAlerts: fromPromise(() => (drive.recall = deferred<Cached<CachedAlerts> | null>()).promise),
      // The socket feed: the executor pushes as the server would.
      alertSocket: fromCallback(({ sendBack }) => {
        drive.push = sendBack;
        return () => {};
      }),
      // watchOnline is the real one: the executor fires the window's 'online' event.
    },
  });
  renderView(<FarmerAlerts logic={logic} />, { session: 'farmer', intlLocale: 'en' });
}

const settleLoad = (e: Ev) => act(async () => (e.type.startsWith('xstate.done') ? drive.load.resolve(e.output) : drive.load.reject(e.error)));
const settleRecall = (e: Ev) => act(async () => (e.type.startsWith('xstate.done') ? drive.recall.resolve(e.output) : drive.recall.reject(e.error)));
const exec = byKey<Ev>(
  {
    'xstate.done.actor.load:page': settleLoad,
    'xstate.done.actor.load:none': settleLoad,
    'xstate.error.actor.load:answered': settleLoad,
    'xstate.error.actor.load:network': settleLoad,
    'xstate.error.actor.load:timeout': settleLoad,
    // The one Retry on the screen: the failure notice's, or the offline banner's.
    'alerts.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })),
    'xstate.done.actor.recallAlerts:kept': settleRecall,
    'xstate.done.actor.recallAlerts:none': settleRecall,
    'xstate.error.actor.recallAlerts': settleRecall,
    'network.online': () => act(() => void window.dispatchEvent(new Event('online'))),
    'feed.alert:alert:new': (e) => act(() => drive.push!(e)),
    'feed.alert:alert:updated': (e) => act(() => drive.push!(e)),
  },
  keyOf,
);

const cards = () => [...document.querySelectorAll('.farmer-alerts .alert-card')].map((el) => el.getAttribute('data-alert-id'));
/** The card's quiet line offline (the home above has the one offline banner; the card has none of its own). */
const banner = () => {
  expect(screen.queryByTestId('offline-banner')).toBeNull();
  return screen.queryByTestId('alerts-kept');
};
const timeOf = (iso: string) => new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

const assertState: Record<string, (s: Snap) => void> = {
  loading: () => {
    expect(screen.getByText('Loading alerts…')).toBeInTheDocument();
    expect(cards()).toEqual([]);
    expect(banner()).toBeNull();
  },
  ready: (s) => {
    expect(banner()).toBeNull();
    expect(cards()).toEqual(s.context.alerts.map((a) => a.id));
    if (s.context.alerts.length === 0) expect(screen.getByText('No alerts on your fields.')).toBeInTheDocument();
    // What the phone keeps is what the screen shows, pushed alerts and acknowledgements included.
    expect(kept.get(FARMER_ALERTS_KEY)).toEqual({ alerts: s.context.alerts, totalPages: 1 });
    const shownAck = document.querySelector('.farmer-alerts [data-alert-id="a1"]')?.getAttribute('data-status');
    if (shownAck) expect((kept.get(FARMER_ALERTS_KEY) as CachedAlerts).alerts.find((a) => a.id === 'a1')?.status).toBe(shownAck);
    if (cards().includes('p1')) expect(cards()[0]).toBe('p1');
  },
  failed: () => {
    // The server answered: its failure, not the offline copy.
    expect(screen.getByRole('status')).toHaveTextContent('Failed to load alerts');
    expect(banner()).toBeNull();
    expect(cards()).toEqual([]);
  },
  'offline.reading': () => {
    expect(screen.getByText('Loading alerts…')).toBeInTheDocument();
    expect(banner()).toBeNull();
  },
  'offline.shown': (s) => {
    expect(banner()).toHaveTextContent(`Alerts as last seen at ${timeOf(s.context.offlineAt!)}.`);
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(cards()).toEqual(['k1']);
    expect(screen.getByText(/East plot/)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load alerts')).toBeNull();
    // Nothing is kept again from the kept copy (its time stays the time it was seen).
    expect((kept.get(FARMER_ALERTS_KEY) as CachedAlerts | undefined)?.alerts.some((a) => a.id === 'k1') ?? false).toBe(false);
  },
  'offline.nothingSaved': () => {
    expect(banner()).toHaveTextContent('No alerts saved on this phone yet.');
    expect(within(banner()!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(cards()).toEqual([]);
    // Not 'no alerts': nothing is known.
    expect(screen.queryByText('No alerts on your fields.')).toBeNull();
  },
};

describeModel('farmer alerts model (offline)', {
  paths,
  events: EVENTS,
  eventKey: keyOf,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event)).join(' → '),
  render: () => {
    render();
    return { exec, check: (step) => leafValues(step.state.value).forEach((leaf) => assertState[leaf](step.state as Snap)) };
  },
});
