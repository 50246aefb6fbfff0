/**
 * The alerts screens (spec 'Alerts table' for admins, 'Alerts screen' for coordinators).
 * Coordinator: search over message, farmer and field name; severity and type filters (each resets to
 * page 1); pages of 10; mark read persisted on the server (the spec keeps it local, users expect it to
 * stick) with the unread count never below 0; a real Mark All Read.
 * Admin: severity, type and status filters, pages of 20 from the server.
 * Farmer (home screen): their own alerts, read-only, active and cleared.
 * All: most urgent first (active before cleared, then critical → warning, then newest, as the server orders them)
 * and a status filter (active/cleared × unacknowledged/acknowledged); 'Details' opens the alert's lifecycle (an
 * alertLifecycle actor, `details`: timeline, acknowledge, assign, clear, comment); pushed alerts arrive through the
 * socket feed: a new one takes its place in that order and the count goes up, a changed one changes in place (and
 * in the open details); after a reconnect socket.io could not recover, the page is fetched again (the open details
 * stay open: another page, filter or search closes them).
 * A staff list (staffList.ts); a failed load shows 'Failed to load alerts' with Retry.
 * Offline (issue 17): the farmer's first page is kept on the phone; a load of it lost to the network shows that copy
 * (`offline`, with when it was seen) until the browser is online again or the farmer retries.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  adminAlerts,
  coordinatorAlerts,
  listCoordinators,
  markAlertRead,
  markAllAlertsRead,
  myAlerts,
  alertDetail,
  type AlertDetailResponse,
  type AlertItem,
  type AlertStatus,
  type AlertType,
  type CoordinatorOption,
  type Severity,
} from '@/services/alerts';
import { alertLifecycleMachine } from './alertLifecycle.machine';
import { keep, networkAway, recallKept, watchOnline, type Cached } from './offline';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type ListPage, type Paged } from './staffList';
import { socketFeed } from './socketFeed';

export type { AlertItem, AlertStatus, AlertType, CoordinatorOption, Severity } from '@/services/alerts';

export const PAGE_SIZE = STAFF_PAGE_SIZE;
export const ADMIN_PAGE_SIZE = 20;

export type Viewer = 'admin' | 'coordinator' | 'farmer';
export type AlertDetailsActor = ActorRefFrom<typeof alertLifecycleMachine>;

export type AlertsListContext = Paged<'alerts', AlertItem> & {
  viewer: Viewer;
  /** The open alert's lifecycle (its details view), while one is open. */
  details: AlertDetailsActor | null;
  coordinators: CoordinatorOption[];
  search: string;
  severity: Severity | null;
  type: AlertType | null;
  /** One status only (active/cleared × unacknowledged/acknowledged); null lists all. */
  status: AlertStatus | null;
  unread: number;
  /** The alert whose 'Alert Details' dialog is open. */
  detailsId: string | null;
  /** The linked alert being read (alert.openById of one not on the page), until its details open. */
  opening: string | null;
  /** When the farmer's alerts shown offline were last seen (null: live, or nothing kept). */
  offlineAt: string | null;
};

export type AlertsListEvent =
  | { type: 'alerts.search'; search: string }
  | { type: 'alerts.filterSeverity'; severity: Severity | null }
  | { type: 'alerts.filterType'; alertType: AlertType | null }
  | { type: 'alerts.filterStatus'; status: AlertStatus | null }
  | { type: 'alerts.page'; page: number }
  | { type: 'alerts.retry' }
  | { type: 'alert.markRead'; id: string }
  | { type: 'alerts.markAllRead' }
  | { type: 'alert.view'; id: string }
  /** A link to one alert (/alerts?alert=<id>, a notification): its details open, read from the server when it is not on the page. */
  | { type: 'alert.openById'; id: string }
  | { type: 'alert.closeDetails' }
  /** The open details changed the alert (its answer came back). */
  | { type: 'alert.changed'; alert: AlertItem }
  | { type: 'network.online' }
  | AlertSocketEvent;

/** What the phone keeps of the farmer's alerts: the first page, unfiltered. */
export const FARMER_ALERTS_KEY = 'alerts.farmer';
export type CachedAlerts = { alerts: AlertItem[]; totalPages: number };
/** The farmer's list as it opens: the page the phone keeps. */
const isKeptPage = (c: AlertsListContext) => c.viewer === 'farmer' && c.page === 1 && !c.severity && !c.type && !c.status;

export type LoadedAlerts = ListPage<AlertItem> & { unread: number; coordinators: CoordinatorOption[] };

type Query = Pick<AlertsListContext, 'viewer' | 'page' | 'search' | 'severity' | 'type' | 'status'>;

export const loadAlerts = pageLoader(async (input: Query, signal): Promise<LoadedAlerts> => {
  const filters = { severity: input.severity ?? undefined, type: input.type ?? undefined, status: input.status ?? undefined };
  if (input.viewer === 'farmer') {
    const page = await myAlerts({ ...filters, page: input.page, limit: PAGE_SIZE }, signal);
    return { ...asPage(page.alerts, page.pagination), unread: 0, coordinators: [] };
  }
  if (input.viewer === 'admin') {
    const [page, coordinators] = await Promise.all([
      adminAlerts({ ...filters, page: input.page, limit: ADMIN_PAGE_SIZE }, signal),
      listCoordinators(signal),
    ]);
    return { ...asPage(page.alerts, page.pagination), unread: 0, coordinators };
  }
  const page = await coordinatorAlerts({ ...filters, page: input.page, limit: PAGE_SIZE, search: input.search.trim() || undefined }, signal);
  return { ...asPage(page.alerts, page.pagination), unread: page.unread, coordinators: [] };
});

/** Whether a pushed alert belongs on the page the user is looking at. */
export function matchesView(ctx: Query, a: AlertItem) {
  if (ctx.severity && a.severity !== ctx.severity) return false;
  if (ctx.type && a.type !== ctx.type) return false;
  if (ctx.status && a.status !== ctx.status) return false;
  const q = ctx.search.trim().toLowerCase();
  if (q && ![a.message, a.farmer ?? '', a.fieldName].some((s) => s.toLowerCase().includes(q))) return false;
  return true;
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, major: 1, minor: 2, warning: 3 };
/** The server's order (contracts/alerts.ts): active before cleared, then critical → warning, then the newest. */
export function urgentFirst(a: AlertItem, b: AlertItem) {
  const open = Number(a.resolvedAt !== null) - Number(b.resolvedAt !== null);
  if (open) return open;
  const severity = SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
  if (severity) return severity;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

export type AlertSocketEvent =
  | { type: 'feed.alert'; event: 'alert:new' | 'alert:updated'; alert: AlertItem }
  /** After a reconnect socket.io could not recover: the page is fetched again (a recovered one replays the pushes). */
  | { type: 'feed.reconnected'; recovered: boolean };

/** Alerts pushed to the viewer's rooms (the admins', or the managing coordinator's). */
const alertSocket = socketFeed<AlertSocketEvent>({
  pushes: {
    'alert:new': (alert) => ({ type: 'feed.alert', event: 'alert:new', alert }),
    'alert:updated': (alert) => ({ type: 'feed.alert', event: 'alert:updated', alert }),
  },
  catchUp: () => [{ type: 'feed.reconnected', recovered: false }],
});

const list = staffList<AlertsListContext, AlertsListEvent>({
  id: 'alertsList',
  rows: 'alerts',
  query: (c): Query => ({ viewer: c.viewer, page: c.page, search: c.search, severity: c.severity, type: c.type, status: c.status }),
  pageEvent: 'alerts.page',
  queryEvents: {
    // Only the coordinator's screen searches.
    'alerts.search': (e, c) => (c.viewer === 'coordinator' ? { search: e.search } : null),
    'alerts.filterSeverity': (e) => ({ severity: e.severity }),
    'alerts.filterType': (e) => ({ type: e.alertType }),
    'alerts.filterStatus': (e) => ({ status: e.status }),
  },
  loaded: (out) => ({ unread: out.unread as number, coordinators: out.coordinators as CoordinatorOption[], offlineAt: null }),
  afterLoad: ['rememberAlerts'],
  loadFailed: { transition: { target: 'failed', actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ what: 'alerts', error: event.error }) } } },
});

/** The linked alert as GET /alerts/:id answered it (a spawned child's done event is not typed by setup). */
const fetched = (event: unknown) => (event as { output: AlertDetailResponse }).output.alert;
const failure = (event: unknown) => (event as { error: unknown }).error;

export const alertsListMachine = setup({
  types: {
    context: {} as AlertsListContext,
    input: {} as { viewer: Viewer },
    events: {} as AlertsListEvent,
  },
  actors: {
    load: loadAlerts,
    alertSocket,
    alertLifecycle: alertLifecycleMachine,
    /** The linked alert, when it is not on the page (GET /alerts/:id checks the viewer may see it). */
    fetchAlert: fromPromise<AlertDetailResponse, { id: string }>(({ input, signal }) => alertDetail(input.id, signal)),
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markAlertRead(input.id)),
    markAllRead: fromPromise<{ marked: number; unread: number }>(() => markAllAlertsRead()),
    recallAlerts: fromPromise<Cached<CachedAlerts> | null>(() => recallKept<CachedAlerts>(FARMER_ALERTS_KEY)),
    watchOnline,
  },
  guards: {
    /** The farmer's list did not come because the network is away: the kept copy is shown (staff see the failure). */
    farmerOffline: ({ context, event }) => context.viewer === 'farmer' && networkAway({ event }),
  },
  actions: {
    forgetKeptCopy: assign({ alerts: [], page: 1, totalPages: 1, offlineAt: null }),
    /** The farmer's first page as shown, kept on the phone. */
    rememberAlerts: ({ context }) => {
      if (isKeptPage(context)) keep(FARMER_ALERTS_KEY, { alerts: context.alerts, totalPages: context.totalPages } satisfies CachedAlerts);
    },
    logError: (_, _params: { what: string; error: unknown }) => {},
    /** Closes the details (its lifecycle actor stops). */
    closeDetails: enqueueActions(({ context, enqueue }) => {
      if (context.details) enqueue.stopChild(context.details);
      enqueue.assign({ detailsId: null, details: null });
    }),
    /** Opens the details of `alert` (its lifecycle actor), closing any open ones. */
    openDetails: enqueueActions(({ context, enqueue }, alert: AlertItem) => {
      if (context.details) enqueue.stopChild(context.details);
      enqueue.assign({
        opening: null,
        detailsId: alert.id,
        details: ({ spawn }) => spawn('alertLifecycle', { id: 'details', input: { alert, viewer: context.viewer } }),
      });
    }),
    /** A pushed alert: a new one takes its place by urgency (and the count goes up), a changed one changes in place. */
    applyPushed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feed.alert') return;
      const known = context.alerts.some((a) => a.id === event.alert.id);
      if (event.event === 'alert:updated' || known) {
        if (!known) return;
        enqueue.assign({ alerts: context.alerts.map((a) => (a.id === event.alert.id ? { ...event.alert, read: a.read } : a)) });
        if (context.details && context.detailsId === event.alert.id) enqueue.sendTo(context.details, { type: 'alert.synced', alert: event.alert });
        return;
      }
      const alert = { ...event.alert, read: false };
      if (context.viewer === 'coordinator') enqueue.assign({ unread: context.unread + 1 });
      if (context.page !== 1 || !matchesView(context, alert)) return;
      const limit = context.viewer === 'admin' ? ADMIN_PAGE_SIZE : PAGE_SIZE;
      // In its place by urgency: a new minor alert does not push an active critical one down.
      const alerts = [alert, ...context.alerts].sort(urgentFirst).slice(0, limit);
      if (!alerts.includes(alert)) return;
      enqueue.assign({ alerts });
    }),
    /** The linked alert could not be read (gone, or not the viewer's): nothing opens. */
    openFailed: assign({ opening: null }),
    /** The alert changed (pushed, or the details' answer): the row shows it, keeping the reader's read mark. */
    replaceAlert: assign({
      alerts: ({ context, event }) => {
        const changed = (event as { alert: AlertItem }).alert;
        return context.alerts.map((a) => (a.id === changed.id ? { ...changed, read: a.read } : a));
      },
    }),
  },
}).createMachine({
  id: 'alertsList',
  context: ({ input }) => ({
    viewer: input.viewer,
    ...firstPage('alerts'),
    details: null,
    coordinators: [],
    search: '',
    severity: null,
    type: null,
    status: null,
    unread: 0,
    detailsId: null,
    opening: null,
    offlineAt: null,
  }),
  invoke: { id: 'alertSocket', src: 'alertSocket' },
  initial: 'loading',
  on: {
    // Wherever the list is: the linked alert is read on its own (it need not be on the page, nor the page loaded).
    'alert.openById': [
      { guard: ({ context, event }) => context.alerts.some((a) => a.id === event.id), actions: { type: 'openDetails', params: ({ context, event }) => context.alerts.find((a) => a.id === event.id)! } },
      {
        actions: enqueueActions(({ context, event, enqueue }) => {
          if (context.opening) enqueue.stopChild('openById');
          enqueue.assign({ opening: event.id });
          enqueue.spawnChild('fetchAlert', { id: 'openById', input: { id: event.id } });
        }),
      },
    ],
    'xstate.done.actor.openById': {
      guard: ({ context, event }: { context: AlertsListContext; event: unknown }) => context.opening === fetched(event).id,
      actions: {
        type: 'openDetails',
        params: ({ context, event }: { context: AlertsListContext; event: unknown }) => context.alerts.find((a) => a.id === fetched(event).id) ?? fetched(event),
      },
    },
    'xstate.error.actor.openById': { actions: ['openFailed', { type: 'logError', params: ({ event }: { event: unknown }) => ({ what: 'open alert', error: failure(event) }) }] },
    'alert.closeDetails': { guard: ({ context }) => context.detailsId !== null, actions: 'closeDetails' },
    'alert.changed': { actions: 'replaceAlert' },
    // The search and the filters apply wherever the list is (also while it loads, failed or marks all read).
    ...list.requery('.loading'),
    'feed.reconnected': { guard: ({ event }) => !event.recovered, target: '.loading' },
    'feed.alert': { actions: 'applyPushed' },
  },
  states: {
    loading: {
      ...list.loading,
      // Another page, filter or search may not hold the open alert: its details close. A reload after a reconnect
      // socket.io could not recover is the same page brought up to date: the details the user is reading (and an
      // acknowledgement waiting to send in them) stay open.
      entry: enqueueActions(({ event, enqueue }) => {
        if (event.type !== 'feed.reconnected') enqueue('closeDetails');
      }),
      invoke: { ...list.loading.invoke, onError: [{ guard: 'farmerOffline', target: 'offline' }, list.loading.invoke.onError] as never },
    },
    failed: { on: { 'alerts.retry': 'loading' } },
    /** The farmer's network is away: the kept first page, until the browser is online again or the farmer retries. */
    offline: {
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      // Online again, or the farmer's Retry: a fresh load; the kept copy leaves the screen (never shown as current).
      on: { 'network.online': { target: 'loading', actions: 'forgetKeptCopy' } },
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'recallAlerts',
            src: 'recallAlerts',
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'shown',
                actions: assign(({ event }) => ({
                  alerts: event.output!.value.alerts,
                  // Only the kept page is on the phone: no pager to pages that are not.
                  page: 1,
                  totalPages: 1,
                  offlineAt: event.output!.savedAt,
                })),
              },
              { target: 'nothingSaved' },
            ],
            onError: 'nothingSaved',
          },
        },
        shown: { on: { 'alerts.retry': { target: '#alertsList.loading', actions: 'forgetKeptCopy' } } },
        nothingSaved: {
          entry: assign({ alerts: [], page: 1, totalPages: 1, offlineAt: null }),
          on: { 'alerts.retry': '#alertsList.loading' },
        },
      },
    },
    ready: {
      on: {
        // Live pushes (a new alert, an acknowledgement or a clearance) and the details' answers change the list as
        // shown: the farmer's kept copy follows, so going offline afterwards shows them (issue 17).
        'feed.alert': { actions: ['applyPushed', 'rememberAlerts'] },
        'alert.changed': { actions: ['replaceAlert', 'rememberAlerts'] },
        'alert.view': {
          guard: ({ context, event }) => context.alerts.some((a) => a.id === event.id),
          actions: { type: 'openDetails', params: ({ context, event }) => context.alerts.find((a) => a.id === event.id)! },
        },
        ...list.ready,
        'alert.markRead': {
          guard: ({ context, event }) => context.viewer === 'coordinator' && context.alerts.some((a) => a.id === event.id && !a.read),
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({
              alerts: context.alerts.map((a) => (a.id === event.id ? { ...a, read: true } : a)),
              unread: Math.max(0, context.unread - 1),
            });
            enqueue.spawnChild('markRead', { id: `markRead-${event.id}`, input: { id: event.id } });
          }),
        },
        'xstate.error.actor.openById': { actions: ['openFailed', { type: 'logError', params: ({ event }: { event: unknown }) => ({ what: 'open alert', error: failure(event) }) }] },
        // A mark that did not reach the server is shown unread again: a reload would show it so.
        'xstate.error.actor.*': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const id = event.type.replace('xstate.error.actor.markRead-', '');
            if (id === event.type) return;
            enqueue.assign({
              alerts: context.alerts.map((a: AlertItem) => (a.id === id ? { ...a, read: false } : a)),
              unread: context.unread + 1,
            });
            enqueue({ type: 'logError', params: { what: 'mark read', error: (event as unknown as { error: unknown }).error } });
          }),
        },
        'alerts.markAllRead': { guard: ({ context }) => context.viewer === 'coordinator' && context.unread > 0, target: 'markingAllRead' },
      },
    },
    markingAllRead: {
      tags: ['submitting'],
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: {
          target: 'ready',
          actions: assign({
            alerts: ({ context }) => context.alerts.map((a) => ({ ...a, read: true })),
            unread: ({ event }) => Math.max(0, event.output.unread),
          }),
        },
        onError: { target: 'ready', actions: { type: 'logError', params: ({ event }) => ({ what: 'mark all read', error: event.error }) } },
      },
    },
  },
});
