/**
 * Generated path tests for the header's notification bell (issue 16): every shortest path through the notification
 * centre statechart — the count alone at start, the panel opening and closing, the first page loading on the first
 * open or failing (Retry), read again on later opens, older pages, marking
 * one or all read (and failing to), opening a notification (it goes to its link), the server's pushes and the
 * catch-up after a reconnect — driven through the real bell and panel and checked on screen.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { notificationCentreMachine, type NotificationItem, type NotificationPage } from '@/machines/notificationCentre.machine';
import { NotificationBell } from '@/views/ui/NotificationBell';
import { AppHeader } from '@/views/ui/AppHeader';
import { NotificationCentreContext } from '@/views/ui/notificationCentreContext';
import { startApiServer } from '../support/apiServer';
import { get, query, queryAll } from '../support/dom';
import { coveringPaths, deferred, describeModel, eventKey, leafValues, modelPaths, renderView, type Deferred, type MemoryLocation } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof notificationCentreMachine>;

const note = (id: string, over: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: id,
  kind: 'alertRaised',
  messageKey: 'alert.moisture.low',
  params: { field: 'North plot', value: 18, threshold: 25 },
  alertId: `0000000${id.slice(1)}-0000-4000-8000-000000000000`,
  messageId: null,
  link: `/alerts/${id}`,
  createdAt: '2026-03-05T08:37:00.000Z',
  readAt: null,
  ...over,
});

const N1 = note('n1');
// As the server writes them (server/src/modules/notifications/enqueue.ts): the bell's own sentences carry the alert's
// key, parameters and English text.
const N2 = note('n2', {
  kind: 'alertAssigned',
  messageKey: 'notifications.text.alertAssigned',
  params: { field: 'South plot', alertKey: 'alert.temperature.high', value: 39, threshold: 35, alert: 'High temperature in South plot: 39°C (threshold 35°C)' },
  readAt: '2026-03-05T09:00:00.000Z',
});
const N3 = note('n3', { kind: 'message', messageKey: 'notifications.text.message', params: { sender: 'Sunil Pawar', subject: 'Irrigation tomorrow' }, alertId: null, link: '/messages' });
const N4 = note('n4', { kind: 'alertEscalated', messageKey: 'notifications.text.alertEscalated', params: { field: 'East plot', minutes: 15, alert: 'Pump failed' } });

const PAGE1: NotificationPage = { items: [N1, N2], unread: 1, page: 1, totalPages: 2 };
const PAGE2: NotificationPage = { items: [N2, N4], unread: 2, page: 2, totalPages: 2 };
const EMPTY: NotificationPage = { items: [], unread: 0, page: 1, totalPages: 1 };

/** What each notification says in English (the catalog the tests render with). */
const TEXT: Record<string, string> = {
  n1: 'Low soil moisture in North plot: 18% (threshold 25%)',
  n2: 'An alert on South plot was assigned to you: High temperature in South plot: 39°C (threshold 35°C)',
  n3: 'Message from Sunil Pawar: Irrigation tomorrow',
  n4: 'Still not acknowledged after 15 minutes: Pump failed',
};

const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadCount', output: { unread: 3 } },
  { type: 'xstate.error.actor.loadCount', error: new Error('offline') },
  { type: 'xstate.done.actor.loadFirst', output: PAGE1 },
  { type: 'xstate.done.actor.loadFirst', output: EMPTY },
  { type: 'xstate.error.actor.loadFirst', error: new Error('offline') },
  { type: 'xstate.done.actor.refresh', output: { ...PAGE1, items: [N4, N1, N2], unread: 2 } },
  { type: 'xstate.error.actor.refresh', error: new Error('offline') },
  { type: 'panel.open' },
  { type: 'panel.close' },
  { type: 'list.retry' },
  { type: 'list.more' },
  { type: 'xstate.done.actor.loadMore', output: PAGE2 },
  { type: 'xstate.error.actor.loadMore', error: new Error('offline') },
  { type: 'notification.markRead', id: 'n1' },
  { type: 'xstate.done.actor.markRead', output: { unread: 0 } },
  { type: 'xstate.error.actor.markRead', error: new Error('offline') },
  { type: 'notification.open', id: 'n1' },
  { type: 'notification.open', id: 'n2' },
  { type: 'notifications.markAllRead' },
  { type: 'xstate.done.actor.markAllRead', output: { unread: 0 } },
  { type: 'xstate.error.actor.markAllRead', error: new Error('offline') },
  { type: 'notifications.pushed', notification: N3, unread: 2 },
  { type: 'notifications.unreadChanged', unread: 0 },
  { type: 'notifications.stale' },
];

/** What the screen shows of the context: the checks below read exactly these. */
const digest = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, c.items.map((n) => `${n._id}${n.readAt ? '' : '*'}`), c.unread, c.page, c.totalPages, c.notice?.kind ?? null, c.markingId]);
};

/** Every screen the bell can show, and each event into it. */
const all = modelPaths(notificationCentreMachine, {
  events: EVENTS,
  serializeState: (s: Snap, e: Ev | undefined) => `${digest(s)}|${eventKey(e)}`,
});
/** What a step shows: the transition (with its payload) and what kind of screen it lands on. */
const screenKind = (s: Snap) =>
  JSON.stringify([s.value, s.context.items.length > 0, s.context.items.some((n) => n.readAt === null), s.context.unread, s.context.notice?.kind ?? null]);
/** The fewest of them that still drive every such step. */
const transitions = (before: unknown, e: AnyEventObject, after: unknown) => `${JSON.stringify((before as Snap | null)?.value)}|${eventKey(e)}|${screenKind(after as Snap)}`;
const paths = coveringPaths(all, transitions);

const STATES = [
  'panel.closed',
  'panel.open',
  'list.unloaded',
  'list.loading',
  'list.failed',
  'list.ready.idle',
  'list.ready.refreshing',
  'list.ready.loadingMore',
  'list.ready.markingOne',
  'list.ready.markingAll',
];

type Drive = {
  count: Deferred<{ unread: number }>;
  counts: number;
  load: Deferred<NotificationPage>;
  mark: Deferred<{ unread: number }>;
  markAll: Deferred<{ unread: number }>;
  loads: number[];
  marks: string[];
  markAlls: number;
  feed: ((e: Ev) => void) | null;
  location: MemoryLocation;
};
let drive: Drive;

function renderBell() {
  drive = { count: deferred(), counts: 0, load: deferred(), mark: deferred(), markAll: deferred(), loads: [], marks: [], markAlls: 0, feed: null, location: null as never };
  const logic = notificationCentreMachine.provide({
    actors: {
      loadCount: fromPromise<{ unread: number }>(() => (drive.counts++, (drive.count = deferred()).promise)),
      loadPage: fromPromise<NotificationPage, { page: number }>(({ input }) => (drive.loads.push(input.page), (drive.load = deferred()).promise)),
      markRead: fromPromise<{ unread: number }, { id: string }>(({ input }) => (drive.marks.push(input.id), (drive.mark = deferred()).promise)),
      markAllRead: fromPromise<{ unread: number }>(() => (drive.markAlls++, (drive.markAll = deferred()).promise)),
      watchNotifications: fromCallback(({ sendBack }) => {
        drive.feed = sendBack;
        return () => (drive.feed = null);
      }),
    },
  });
  const { location } = renderView(<NotificationBell logic={logic} />, { session: 'coordinator', intlLocale: 'en' });
  drive.location = location;
}

const bell = () => screen.getByRole('button', { name: /^(Notifications|अधिसूचना)/ });
const panel = () => screen.getByRole('region', { name: 'Notifications' });
const row = (id: string) => screen.getByText(TEXT[id]).closest('li')!;
/**
 * The generated paths' quick stand-ins (tests/support/dom.ts): the bell and its open panel, which must not be hidden
 * (Testing Library's role queries leave hidden elements out; the panel stays in the page, hidden, when closed).
 */
const theBell = () => get('button', /^(Notifications|अधिसूचना)/);
const openPanel = () => {
  const el = get('region', 'Notifications');
  expect(el.hidden).toBe(false);
  return el;
};

function checkBadge(unread: number | null) {
  const count = screen.queryByTestId('notification-count');
  if (unread === null) {
    expect(theBell()).toHaveAccessibleName('Notifications');
    expect(count).toBeNull();
  } else if (unread === 0) {
    expect(theBell()).toHaveAccessibleName('Notifications, none unread');
    expect(count).toBeNull();
    expect(screen.getByTestId('notification-live')).toHaveTextContent('');
  } else {
    expect(theBell()).toHaveAccessibleName(`Notifications, ${unread} unread`);
    expect(count).toHaveTextContent(String(unread));
    // Said to screen readers when it changes (a live region, not a status role).
    expect(screen.getByTestId('notification-live')).toHaveTextContent(`${unread} unread notification`);
  }
}

function checkPanel(s: Snap) {
  const c = s.context;
  if (s.matches({ panel: 'closed' })) {
    expect(theBell()).toHaveAttribute('aria-expanded', 'false');
    // Gone from the page or hidden (not in the accessibility tree).
    const closed = query('region', 'Notifications');
    expect(closed === null || closed.hidden).toBe(true);
    return;
  }
  expect(theBell()).toHaveAttribute('aria-expanded', 'true');
  const el = openPanel();
  const p = within(el);
  expect(el.querySelector('h2')?.textContent).toBe('Notifications');
  expect(p.queryByText('Loading notifications…') !== null).toBe(s.matches({ list: 'loading' }));
  expect(query('button', 'Retry', el) !== null).toBe(s.matches({ list: 'failed' }));
  if (s.matches({ list: 'failed' })) expect(get('alert', undefined, el)).toHaveTextContent('Notifications could not be loaded.');
  const ready = s.matches({ list: 'ready' });
  const items = queryAll('listitem', undefined, el);
  expect(items).toHaveLength(ready ? c.items.length : 0);
  expect(p.queryByText('No notifications yet.') !== null).toBe(ready && c.items.length === 0);
  (ready ? c.items : []).forEach((n, i) => {
    const li = items[i];
    // Newest first, in the reader's language, with its kind, its time and a link to what it is about.
    expect(get('link', undefined, li)).toHaveAttribute('href', n.link);
    expect(get('link', undefined, li)).toHaveTextContent(TEXT[n._id]);
    expect(li.querySelector('time')).toHaveAttribute('dateTime', n.createdAt);
    const unread = n.readAt === null;
    expect(li.classList.contains('bell-item--unread')).toBe(unread);
    expect(within(li).queryByText(/^Unread/) !== null).toBe(unread);
    expect(query('button', 'Mark read', li) !== null).toBe(unread);
    expect(li.getAttribute('aria-busy')).toBe(c.markingId === n._id ? 'true' : null);
  });
  // Busy (written out, not read from the machine's tags): while the list refreshes, loads more or marks.
  const busy = (['refreshing', 'loadingMore', 'markingOne', 'markingAll'] as const).some((st) => s.matches({ list: { ready: st } }));
  const markAll = query('button', 'Mark all read', el);
  expect(markAll !== null).toBe(ready && ((c.unread ?? 0) > 0 || c.items.some((n) => n.readAt === null)));
  if (markAll) expect(markAll).toHaveProperty('disabled', busy);
  const more = query('button', /Show older|Loading…/, el);
  expect(more !== null).toBe(ready && c.page < c.totalPages);
  if (more) {
    expect(more).toHaveTextContent(s.matches({ list: { ready: 'loadingMore' } }) ? 'Loading…' : 'Show older');
    expect(more).toHaveProperty('disabled', busy);
  }
  const notice = c.notice?.kind;
  expect(p.queryByText('Older notifications could not be loaded.') !== null).toBe(notice === 'moreFailed');
  // A failed first load and a failed later read say the same sentence; after a failed later read the old list stays.
  expect(p.queryAllByText('Notifications could not be loaded.')).toHaveLength(s.matches({ list: 'failed' }) || notice === 'refreshFailed' ? 1 : 0);
  expect(query('list', undefined, el)?.getAttribute('aria-busy') ?? null).toBe(s.matches({ list: { ready: 'refreshing' } }) && c.items.length > 0 ? 'true' : null);
  expect(p.queryByText('Could not mark as read. Please try again.') !== null).toBe(notice === 'markFailed');
}

const CHECK: Record<string, (s: Snap) => void> = {
  'panel.closed': () => {},
  'panel.open': () => {},
  // At start (and after a catch-up with the panel closed) only the count is read, never a page.
  'list.unloaded': () => expect(drive.counts).toBeGreaterThan(0),
  // The first page is asked for on the first open, again on Retry and after a catch-up while open.
  'list.loading': () => expect(drive.loads.at(-1)).toBe(1),
  'list.ready.refreshing': () => expect(drive.loads.at(-1)).toBe(1),
  'list.failed': () => {},
  'list.ready.idle': () => {},
  'list.ready.loadingMore': (s) => expect(drive.loads.at(-1)).toBe(s.context.page + 1),
  'list.ready.markingOne': (s) => expect(drive.marks.at(-1)).toBe(s.context.markingId),
  'list.ready.markingAll': () => expect(drive.markAlls).toBeGreaterThan(0),
};

/**
 * What the checks read of a step's screen, part by part (each in the state it is shown in): the list (rows or not,
 * any unread), the badge's count and the notice are each drawn from their own slice of context, so the rendered
 * paths show each of them in each state, not each combination.
 */
const screenParts = (s: Snap) => {
  const c = s.context;
  const at = JSON.stringify(s.value);
  return [`${at} rows=${c.items.length > 0} unread rows=${c.items.some((n) => n.readAt === null)}`, `${at} badge=${c.unread}`, `${at} notice=${c.notice?.kind ?? null}`];
};

describeModel('notification centre model', {
  paths,
  all,
  transitions,
  screen: screenParts,
  events: EVENTS,
  machine: notificationCentreMachine,
  states: STATES,
  render: () => {
    renderBell();
    const click = (el: HTMLElement) => act(() => fireEvent.click(el));
    const settle = <T,>(d: () => Deferred<T>, e: Ev) => act(async () => (e.type.startsWith('xstate.done') ? d().resolve(e.output as T) : d().reject(e.error)));
    return {
      exec: {
        'xstate.init': () => {
          // Sign-in costs one small count request; the list waits for the bell.
          expect(drive.counts).toBe(1);
          expect(drive.loads).toEqual([]);
        },
        'panel.open': () => click(theBell()),
        'panel.close': () => click(get('button', 'Close notifications', openPanel())),
        'list.retry': () => click(get('button', 'Retry', openPanel())),
        'list.more': () => click(get('button', 'Show older', openPanel())),
        'notification.markRead': (e: Ev) => click(get('button', 'Mark read', row(e.id))),
        'notification.open': async (e: Ev) => {
          await click(get('link', undefined, row(e.id)));
          // Went to the thing it is about.
          expect(drive.location.history.at(-1)).toBe(e.id === 'n1' ? N1.link : N2.link);
        },
        'notifications.markAllRead': () => click(get('button', 'Mark all read', openPanel())),
        'notifications.pushed': (e: Ev) => act(() => drive.feed!(e)),
        'notifications.unreadChanged': (e: Ev) => act(() => drive.feed!(e)),
        'notifications.stale': (e: Ev) => act(() => drive.feed!(e)),
        'xstate.done.actor.loadCount': (e: Ev) => settle(() => drive.count, e),
        'xstate.error.actor.loadCount': (e: Ev) => settle(() => drive.count, e),
        'xstate.done.actor.refresh': (e: Ev) => settle(() => drive.load, e),
        'xstate.error.actor.refresh': (e: Ev) => settle(() => drive.load, e),
        'xstate.done.actor.loadFirst': (e: Ev) => settle(() => drive.load, e),
        'xstate.error.actor.loadFirst': (e: Ev) => settle(() => drive.load, e),
        'xstate.done.actor.loadMore': (e: Ev) => settle(() => drive.load, e),
        'xstate.error.actor.loadMore': (e: Ev) => settle(() => drive.load, e),
        'xstate.done.actor.markRead': (e: Ev) => settle(() => drive.mark, e),
        'xstate.error.actor.markRead': (e: Ev) => settle(() => drive.mark, e),
        'xstate.done.actor.markAllRead': (e: Ev) => settle(() => drive.markAll, e),
        'xstate.error.actor.markAllRead': (e: Ev) => settle(() => drive.markAll, e),
      },
      check: (step) => {
        const s = step.state as Snap;
        for (const leaf of leafValues(s.value)) CHECK[leaf](s);
        checkBadge(s.context.unread);
        checkPanel(s);
      },
    };
  },
});

describe('notification bell', () => {
  it('closes on Escape and gives focus back to the bell', async () => {
    renderBell();
    act(() => fireEvent.click(bell()));
    await act(async () => drive.load.resolve(PAGE1));
    expect(within(panel()).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    act(() => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell()).toHaveFocus();
  });

  it('closes on a tap outside it', async () => {
    renderBell();
    act(() => fireEvent.click(bell()));
    await act(async () => drive.load.resolve(PAGE1));
    act(() => fireEvent.mouseDown(document.body));
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says a notification with a key it does not know, or missing a value, by its kind', async () => {
    renderBell();
    const odd = note('n1', { kind: 'alertEscalated', messageKey: 'alert.future.kind', params: {} });
    const half = note('n2', { kind: 'message', messageKey: 'notifications.text.message', params: {} });
    act(() => fireEvent.click(bell()));
    await act(async () => drive.load.resolve({ items: [odd, half], unread: 2, page: 1, totalPages: 1 }));
    const links = within(panel()).getAllByRole('link');
    expect(links[0]).toHaveTextContent(/Escalated.*Escalated/);
    expect(links[1]).toHaveTextContent(/Message.*Message/);
    expect(panel()).not.toHaveTextContent('alert.future.kind');
    expect(panel()).not.toHaveTextContent('{sender}');
  });

  it('renders in Marathi with Latin digits, the alert inside in Marathi too', async () => {
    drive = null as never;
    renderBellIn('mr');
    await act(async () => drive.count.resolve({ unread: 1 }));
    expect(bell()).toHaveAccessibleName('अधिसूचना, 1 न वाचलेली');
    act(() => fireEvent.click(bell()));
    await act(async () => drive.load.resolve({ items: [{ ...N2, readAt: null }], unread: 1, page: 1, totalPages: 1 }));
    const link = within(screen.getByRole('region', { name: 'अधिसूचना' })).getByRole('link');
    expect(link).toHaveTextContent('शेत South plot वरील सूचना तुमच्याकडे सोपवली: शेत South plot मध्ये तापमान जास्त: 39°C (मर्यादा 35°C)');
    expect(link).toHaveTextContent('तुमच्याकडे सोपवला');
  });

  it("says another module's alert by its stored text inside the bell's own sentence", async () => {
    renderBell();
    const raised = note('n1', { messageKey: 'notifications.text.alertRaised', params: { field: 'North plot', alert: 'Pump failed' } });
    act(() => fireEvent.click(bell()));
    await act(async () => drive.load.resolve({ items: [raised], unread: 1, page: 1, totalPages: 1 }));
    expect(within(panel()).getByRole('link')).toHaveTextContent('New alert on North plot: Pump failed');
  });

  it("is in the header of every role once the person's centre runs; its place is kept before", async () => {
    for (const role of ['farmer', 'coordinator', 'admin'] as const) {
      const before = renderView(<AppHeader />, { session: role, intlLocale: 'en' });
      expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
      expect(document.querySelector('.bell-place')).not.toBeNull();
      before.unmount();
      const centre = createActor(
        notificationCentreMachine.provide({
          actors: {
            loadCount: fromPromise(async () => ({ unread: 2 })),
            loadPage: fromPromise<NotificationPage, { page: number }>(() => new Promise(() => {})),
            watchNotifications: fromCallback(() => () => {}),
          },
        }),
      ).start();
      const { unmount } = renderView(
        <NotificationCentreContext.Provider value={centre}>
          <AppHeader />
        </NotificationCentreContext.Provider>,
        { session: role, intlLocale: 'en' },
      );
      expect(await screen.findByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'false');
      unmount();
      centre.stop();
    }
  });
});

function renderBellIn(locale: 'mr') {
  drive = { count: deferred(), counts: 0, load: deferred(), mark: deferred(), markAll: deferred(), loads: [], marks: [], markAlls: 0, feed: null, location: null as never };
  const logic = notificationCentreMachine.provide({
    actors: {
      loadCount: fromPromise<{ unread: number }>(() => (drive.count = deferred()).promise),
      loadPage: fromPromise<NotificationPage, { page: number }>(() => (drive.load = deferred()).promise),
      watchNotifications: fromCallback(() => () => {}),
    },
  });
  renderView(<NotificationBell logic={logic} />, { session: 'farmer', locale });
}

describe('notification centre against the API', () => {
  it('counts, lists, marks one and then all read through its own calls (the live feed left out)', async () => {
    const pagination = (page: number) => ({ page, limit: 10, total: 3, totalPages: 2 });
    const api = await startApiServer(({ method, path, query }) => {
      if (path === '/api/v1/notifications/unread-count') return { status: 200, body: { unread: 2 } };
      if (path === '/api/v1/notifications')
        return { status: 200, body: query.page === '1' ? { notifications: [N1, N2], unread: 2, pagination: pagination(1) } : { notifications: [N4], unread: 2, pagination: pagination(2) } };
      if (method === 'PATCH' && path === '/api/v1/notifications/n1/read') return { status: 200, body: { unread: 1 } };
      if (method === 'PATCH' && path === '/api/v1/notifications/read-all') return { status: 200, body: { unread: 0 } };
      return { status: 404 };
    });
    try {
      const logic = notificationCentreMachine.provide({ actors: { watchNotifications: fromCallback(() => () => {}) } });
      renderView(<NotificationBell logic={logic} />, { session: 'coordinator', intlLocale: 'en' });
      await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
      fireEvent.click(bell());
      expect(await within(panel()).findByText(TEXT.n1)).toBeInTheDocument();
      fireEvent.click(within(panel()).getByRole('button', { name: 'Show older' }));
      expect(await within(panel()).findByText(TEXT.n4)).toBeInTheDocument();
      fireEvent.click(within(row('n1')).getByRole('button', { name: 'Mark read' }));
      await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
      fireEvent.click(within(panel()).getByRole('button', { name: 'Mark all read' }));
      await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, none unread'));
      expect(api.calls('/notifications').map((r) => r.query)).toEqual([
        { page: '1', limit: '10' },
        { page: '2', limit: '10' },
      ]);
      expect(api.calls('/notifications/unread-count').map((r) => r.method)).toEqual(['GET']);
      expect(api.calls('/notifications/n1/read').map((r) => r.method)).toEqual(['PATCH']);
      expect(api.calls('/notifications/read-all').map((r) => r.method)).toEqual(['PATCH']);
    } finally {
      await api.close();
    }
  });
});
