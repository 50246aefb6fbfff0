/**
 * Generated path tests for the coordinator's alerts screen: every shortest path through the alerts list
 * statechart, driven through the real screen (search, severity/type/status filters, pager, mark read, Mark All
 * Read, opening and closing the details, a link to one alert (/alerts?alert=<id>, on the page or read from the
 * server), pushed alerts, reconnects), with each state checked on screen: every
 * card's status (active/cleared × unack/ack) and how often it was seen.
 */
import { expect } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { alertLifecycleMachine } from '@/machines/alertLifecycle.machine';
import type { AlertDetailResponse } from '@/services/alerts';
import { alertsListMachine, type LoadedAlerts } from '@/machines/alertsList.machine';
import { AlertsView } from '@/views/alerts/AlertsView';
import { makeAlert } from './alertFixtures';
import { get, getLabelled, query } from '../support/dom';
import { testLocation } from '../support/render';
import { coveringPaths, deferred, describeModel, type Deferred, leafPaths, renderView, type ModelPath } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof alertsListMachine>;

const PAGE: LoadedAlerts = {
  items: [makeAlert({ id: 'a1' }), makeAlert({ id: 'a2', type: 'temperature', severity: 'critical', message: 'High temperature in South plot', messageKey: null, fieldName: 'South plot', read: true })],
  totalPages: 2,
  unread: 1,
  coordinators: [],
};
const NONE: LoadedAlerts = { items: [], totalPages: 1, unread: 0, coordinators: [] };
/** A linked alert that is not on the page: GET /alerts/:id answers it. */
const LINKED = makeAlert({ id: 'a7', fieldName: 'North plot', messageKey: null, message: 'Low soil moisture in North plot: 5%', severity: 'critical' });
const PUSHED = makeAlert({ id: 'a9', fieldName: 'East plot', messageKey: null, message: 'Low soil moisture in East plot: 9%' });
/** The open details' answer for a1: the server says it was acknowledged meanwhile. */
const ANSWERED = makeAlert({ id: 'a1', status: 'active_ack' });

const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.done.actor.load', output: NONE },
  { type: 'xstate.error.actor.load', error: new Error('500') },
  { type: 'alerts.retry' },
  { type: 'alerts.search', search: 'ramesh' },
  { type: 'alerts.filterSeverity', severity: 'critical' },
  { type: 'alerts.filterType', alertType: 'moisture' },
  { type: 'alerts.filterStatus', status: 'active_unack' },
  { type: 'alerts.page', page: 2 },
  { type: 'alert.markRead', id: 'a1' },
  { type: 'alerts.markAllRead' },
  { type: 'xstate.done.actor.markAllRead', output: { marked: 1, unread: 0 } },
  { type: 'xstate.error.actor.markAllRead', error: new Error('500') },
  { type: 'alert.view', id: 'a1' },
  { type: 'alert.closeDetails' },
  { type: 'alert.openById', id: 'a1' },
  { type: 'alert.openById', id: 'a7' },
  { type: 'xstate.done.actor.openById', output: { alert: LINKED, timeline: [] } },
  { type: 'xstate.error.actor.openById', error: new Error('404') },
  { type: 'feed.alert', event: 'alert:new', alert: PUSHED },
  { type: 'feed.reconnected', recovered: false },
  { type: 'alert.changed', alert: ANSWERED },
];
const keyOf = (e: Ev) => {
  if (e.type === 'xstate.done.actor.load') return `${e.type}:${(e.output as LoadedAlerts).items.length ? 'page' : 'none'}`;
  if (e.type === 'alert.openById') return `${e.type}:${e.id === 'a7' ? 'link' : 'page'}`;
  return e.type;
};
const stateName = (s: Snap) => String(s.value);
/** What the screen shows of the context; the assertions below check exactly these. */
const digest = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, c.page, c.alerts.length > 0, c.unread > 0, c.detailsId, c.search !== '', c.severity !== null || c.type !== null || c.status !== null, c.alerts[0]?.id === 'a9', c.opening !== null, c.alerts.some((a) => a.id === 'a1' && a.status === 'active_ack')]);
};

/**
 * Each filter, the search, the page change and the push once per path: repeating them only revisits the
 * same screens with another query, and their combinations would multiply the paths without new states.
 */
const once = (s: Snap, e: Ev) => {
  const c = s.context;
  if (e.type === 'alerts.search') return c.search === '';
  // One filter per path: both reset to page 1 the same way.
  if (e.type === 'alerts.filterSeverity' || e.type === 'alerts.filterType' || e.type === 'alerts.filterStatus')
    return c.severity === null && c.type === null && c.status === null;
  if (e.type === 'alerts.page') return c.page === 1;
  if (e.type === 'feed.alert') return !c.alerts.some((a) => a.id === 'a9');
  // One link per path, followed with no details open and on the unfiltered first page (a filter or a page change
  // does not change what a link does: it only multiplies the paths); the linked alert's answer only while it is read.
  if (e.type === 'alert.openById')
    return (
      c.detailsId === null && c.opening === null && c.search === '' && c.severity === null && c.type === null && c.status === null && c.page === 1 &&
      (e.id === 'a7' || c.alerts.some((a) => a.id === e.id))
    );
  if (e.type === 'xstate.done.actor.openById' || e.type === 'xstate.error.actor.openById') return c.opening !== null;
  // The details' answer (their lifecycle's load) outside `ready`: entering `loading` closes the details, so the one
  // state it can arrive in is Mark All Read under way (details of a1 open, then Mark All Read, then the answer).
  // In `ready` it is driven by the lifecycle's own tests (alertLifecycle.model.test.tsx, AlertsView stories).
  if (e.type === 'alert.changed') return s.matches('markingAllRead') && c.detailsId === 'a1';
  return true;
};
const options = {
  input: { viewer: 'coordinator' as const },
  events: EVENTS as never,
  filterEvents: (s: Snap, e: Ev) => s.can(e as never) && once(s, e),
  serializeEvent: (e: Ev) => keyOf(e),
};
const all = getShortestPaths(alertsListMachine, {
  ...options,
  // Keyed on the event too: each transition into a screen is its own node (closing the details, retrying, each filter).
  serializeState: (s: Snap, e?: Ev) => `${digest(s as Snap)}|${e ? keyOf(e) : ''}`,
} as never);
/**
 * A screen, as the checks below tell it apart: the state, the page, whether cards show, whether any is unread, and
 * the details dialog (none, an alert of the page, the linked one read from the server, or one being fetched). The
 * walk ends a path at every (digest, event that led there); render only the fewest of its leaf paths that still
 * take every step (screen before, event, screen after) the walk takes. The guard test holds them to it, so no state,
 * event or transition between screens is dropped, only the same step again on another route (after another filter,
 * say: a search and each filter are each still driven from every screen the walk offers them on).
 */
const screenOf = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, c.page, c.alerts.length > 0, c.unread > 0, c.detailsId === 'a7' ? 'linked' : c.detailsId !== null, c.opening !== null]);
};
const transition = (before: Snap | null, e: Ev, after: Snap) => `${before ? screenOf(before) : ''}|${keyOf(e)}|${screenOf(after)}`;
const paths = coveringPaths(leafPaths(all), transition as never);

const drive = {
  load: deferred<LoadedAlerts>(),
  markAll: deferred<{ marked: number; unread: number }>(),
  fetched: deferred<AlertDetailResponse>(),
  fetchCalls: [] as string[],
  /** The open details' acknowledgement, until the server answers it. */
  ack: null as Deferred<AlertDetailResponse> | null,
  location: testLocation('/alerts'),
  push: null as ((e: Ev) => void) | null,
  markReadCalls: [] as string[],
};

function render() {
  drive.markReadCalls = [];
  drive.fetchCalls = [];
  drive.ack = null;
  drive.location = testLocation('/alerts');
  const logic = alertsListMachine.provide({
    actors: {
      load: fromPromise(() => (drive.load = deferred<LoadedAlerts>()).promise),
      markAllRead: fromPromise(() => (drive.markAll = deferred<{ marked: number; unread: number }>()).promise),
      fetchAlert: fromPromise(({ input }: { input: { id: string } }) => {
        drive.fetchCalls.push(input.id);
        return (drive.fetched = deferred<AlertDetailResponse>()).promise;
      }) as never,
      markRead: fromPromise(async ({ input }: { input: { id: string } }) => void drive.markReadCalls.push(input.id)) as never,
      alertSocket: fromCallback(({ sendBack }) => {
        drive.push = sendBack;
        return () => (drive.push = null);
      }),
      // The details' own lifecycle is tested in alertLifecycle.model.test.tsx: here its read answers at once (the alert
      // as listed) and, for alert.changed, an acknowledgement made in the details answers while the list is busy.
      alertLifecycle: alertLifecycleMachine.provide({
        actors: {
          load: fromPromise<AlertDetailResponse, { id: string }>(async ({ input }) => ({ alert: [...PAGE.items, LINKED, PUSHED].find((a) => a.id === input.id)!, timeline: [] })),
          acknowledge: fromPromise(() => (drive.ack = deferred<AlertDetailResponse>()).promise) as never,
        },
      }),
    },
  });
  renderView(<AlertsView logic={logic} />, { session: 'coordinator', intlLocale: 'en', location: drive.location });
}

const card = (id: string) => document.querySelector(`[data-alert-id="${id}"]`) as HTMLElement | null;
const exec: Record<string, (e: Ev) => unknown> = {
  'xstate.done.actor.load:page': (e) => act(async () => drive.load.resolve(e.output)),
  'xstate.done.actor.load:none': (e) => act(async () => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => act(async () => drive.load.reject(e.error)),
  'alerts.retry': () => fireEvent.click(get('button', 'Retry')),
  'alerts.search': (e) => fireEvent.change(screen.getByPlaceholderText('Search alerts...'), { target: { value: e.search } }),
  'alerts.filterSeverity': (e) => fireEvent.change(getLabelled('Severity'), { target: { value: e.severity } }),
  'alerts.filterType': (e) => fireEvent.change(getLabelled('Type'), { target: { value: e.alertType } }),
  'alerts.filterStatus': (e) => fireEvent.change(getLabelled('Status'), { target: { value: e.status } }),
  'alerts.page': () => fireEvent.click(get('button', 'Next')),
  'alert.markRead': (e) => fireEvent.click(get('button', 'Mark as Read', card(e.id)!)),
  'alerts.markAllRead': () => fireEvent.click(get('button', 'Mark All Read')),
  'xstate.done.actor.markAllRead': (e) => act(async () => drive.markAll.resolve(e.output)),
  'xstate.error.actor.markAllRead': (e) => act(async () => drive.markAll.reject(e.error)),
  'alert.view': (e) => fireEvent.click(get('button', 'View Details', card(e.id)!)),
  // The link is followed as the bell follows it: the address changes; the view sends alert.openById.
  'alert.openById:page': (e) => act(() => drive.location.navigate(`/alerts?alert=${e.id}`)),
  'alert.openById:link': (e) => act(() => drive.location.navigate(`/alerts?alert=${e.id}`)),
  'xstate.done.actor.openById': (e) => act(async () => drive.fetched.resolve(e.output)),
  'xstate.error.actor.openById': (e) => act(async () => drive.fetched.reject(e.error)),
  'alert.closeDetails': () => fireEvent.click(get('button', 'Close', get('dialog'))),
  'feed.alert': (e) => act(() => drive.push!(e)),
  'feed.reconnected': (e) => act(() => drive.push!(e)),
  // The coordinator acknowledges in the open details while Mark All Read is under way; the answer arrives then:
  // the details' lifecycle tells the list (alert.changed), whose row shows the new status.
  'alert.changed': async (e) => {
    const dialog = get('dialog');
    expect(dialog).toHaveAttribute('data-alert-id', e.alert.id);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Acknowledge' }));
    expect(drive.ack).not.toBeNull();
    await act(async () => drive.ack!.resolve({ alert: e.alert, timeline: [] }));
  },
};

const unreadShown = () => Number(screen.getByTestId('unread-count').textContent!.match(/\d+/)![0]);

/** Checks the screen against the parts of the state the path's digest pins down. */
function assertList(s: Snap) {
  const c = s.context;
  const count = unreadShown();
  expect(count >= 0).toBe(true);
  expect(count > 0).toBe(c.unread > 0);
  const cards = [...document.querySelectorAll('.alert-card')] as HTMLElement[];
  expect(cards.length > 0).toBe(c.alerts.length > 0);
  if (c.alerts.length === 0) {
    expect(screen.getByText('No alerts found')).toBeInTheDocument();
    expect(screen.getByText('There are no alerts matching your current filters.')).toBeInTheDocument();
  }
  if (c.alerts[0]?.id === 'a9') expect(cards[0].getAttribute('data-alert-id')).toBe('a9');
  let newBadges = 0;
  // Every alert says whether it is still active, and when it was raised.
  for (const [i, el] of cards.entries()) {
    const a = c.alerts[i];
    expect(el).toHaveTextContent(a.resolvedAt === null ? 'Active' : 'Cleared');
    expect(el).toHaveTextContent({ active_unack: 'Active, unacknowledged', active_ack: 'Active, acknowledged', cleared_unack: 'Cleared, unacknowledged', cleared_ack: 'Cleared, acknowledged' }[a.status]);
    expect(el).toHaveTextContent(a.count === 1 ? 'once, last' : `${a.count} times, last`);
    expect(el.querySelector('time.alert-when')).toHaveAttribute('dateTime', a.createdAt);
  }
  for (const el of cards) {
    const isNew = within(el).queryByText('New') !== null;
    if (isNew) newBadges++;
    expect(query('button', 'Mark as Read', el) !== null).toBe(isNew);
  }
  expect(newBadges).toBeLessThanOrEqual(count);
  const pager = screen.queryByText(/^Page \d+ of \d+$/);
  if (pager) expect(pager.textContent).toMatch(new RegExp(`^Page ${c.page} of`));
  const dialog = query('dialog');
  if (c.detailsId) {
    expect(within(dialog!).getByText('Alert Details')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-alert-id', c.detailsId);
    // The linked alert, not on the page, shows what the server said of it.
    if (c.detailsId === 'a7') expect(within(dialog!).getByText('North plot')).toBeInTheDocument();
  } else expect(dialog).toBeNull();
  // A followed link leaves the address (so the same link followed again opens it again).
  expect(drive.location.history.at(-1)).toBe('/alerts');
}

const assertState: Record<string, (s: Snap) => void> = {
  loading: () => expect(screen.getByText('Loading alerts…')).toBeInTheDocument(),
  failed: () => expect(get('alert')).toHaveTextContent('Failed to load alerts'),
  ready: (s) => {
    assertList(s);
    expect((get('button', 'Mark All Read') as HTMLButtonElement).disabled).toBe(unreadShown() === 0);
  },
  markingAllRead: (s) => {
    assertList(s);
    expect(get('button', 'Mark All Read')).toHaveAttribute('aria-busy', 'true');
  },
};

describeModel('alerts list model (coordinator)', {
  paths: paths as unknown as ModelPath[],
  all: all as unknown as ModelPath[],
  events: EVENTS,
  // Both load answers (a page, none) are driven.
  eventKey: keyOf,
  transitions: transition,
  screen: screenOf,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: () => {
    render();
    return {
      exec: (e: Ev) => (e.type === 'xstate.init' ? undefined : exec[keyOf(e)](e)),
      check: (step) => assertState[stateName(step.state as Snap)](step.state as Snap),
      // Read marks reach the server once per alert.
      done: () => {
        expect(new Set(drive.markReadCalls).size).toBe(drive.markReadCalls.length);
        // Only a linked alert that is not on the page is read from the server.
        expect(drive.fetchCalls.every((id) => id === 'a7')).toBe(true);
      },
    };
  },
});
