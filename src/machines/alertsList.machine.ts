/**
 * The alerts screens (spec 'Alerts table' for admins, 'Alerts screen' for coordinators).
 * Coordinator: search over message, farmer and field name; severity and type filters (each resets to
 * page 1); pages of 10; mark read persisted on the server (the spec keeps it local, users expect it to
 * stick) with the unread count never below 0; a real Mark All Read.
 * Admin: severity, type and state filters, pages of 20 from the server; each row is an alertLifecycle actor
 * (acknowledge, assign).
 * Both: most urgent first (open before resolved, then high → low, then newest, as the server orders them) and a
 * state filter (open / resolved); pushed alerts arrive through the socket feed: a new one takes its place in that
 * order and the count goes up; after a reconnect socket.io could not recover, the page is fetched again.
 * A staff list (staffList.ts); a failed load shows 'Failed to load alerts' with Retry.
 */
import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  adminAlerts,
  coordinatorAlerts,
  listCoordinators,
  markAlertRead,
  markAllAlertsRead,
  type AlertItem,
  type AlertState,
  type AlertType,
  type CoordinatorOption,
  type Severity,
} from '@/services/alerts';
import { alertLifecycleMachine } from './alertLifecycle.machine';
import { asPage, firstPage, pageLoader, STAFF_PAGE_SIZE, staffList, type ListPage, type Paged } from './staffList';
import { socketFeed } from './socketFeed';

export type { AlertItem, AlertState, AlertType, CoordinatorOption, Severity } from '@/services/alerts';

export const PAGE_SIZE = STAFF_PAGE_SIZE;
export const ADMIN_PAGE_SIZE = 20;

export type Viewer = 'admin' | 'coordinator';
export type AlertRow = ActorRefFrom<typeof alertLifecycleMachine>;

export type AlertsListContext = Paged<'alerts', AlertItem> & {
  viewer: Viewer;
  /** The admin table's row actors, one per alert on the page. */
  rows: AlertRow[];
  coordinators: CoordinatorOption[];
  search: string;
  severity: Severity | null;
  type: AlertType | null;
  /** Open or resolved alerts only; null lists both. */
  state: AlertState | null;
  unread: number;
  /** The alert whose 'Alert Details' dialog is open. */
  detailsId: string | null;
};

export type AlertsListEvent =
  | { type: 'alerts.search'; search: string }
  | { type: 'alerts.filterSeverity'; severity: Severity | null }
  | { type: 'alerts.filterType'; alertType: AlertType | null }
  | { type: 'alerts.filterState'; state: AlertState | null }
  | { type: 'alerts.page'; page: number }
  | { type: 'alerts.retry' }
  | { type: 'alert.markRead'; id: string }
  | { type: 'alerts.markAllRead' }
  | { type: 'alert.view'; id: string }
  | { type: 'alert.closeDetails' }
  | AlertSocketEvent;

export type LoadedAlerts = ListPage<AlertItem> & { unread: number; coordinators: CoordinatorOption[] };

type Query = Pick<AlertsListContext, 'viewer' | 'page' | 'search' | 'severity' | 'type' | 'state'>;

export const loadAlerts = pageLoader(async (input: Query, signal): Promise<LoadedAlerts> => {
  const filters = { severity: input.severity ?? undefined, type: input.type ?? undefined, state: input.state ?? undefined };
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
  if (ctx.state && (a.resolvedAt === null) !== (ctx.state === 'open')) return false;
  const q = ctx.search.trim().toLowerCase();
  if (q && ![a.message, a.farmer ?? '', a.fieldName].some((s) => s.toLowerCase().includes(q))) return false;
  return true;
}

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
/** The server's order (contracts/alerts.ts): open before resolved, then high → low, then the newest. */
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
  query: (c): Query => ({ viewer: c.viewer, page: c.page, search: c.search, severity: c.severity, type: c.type, state: c.state }),
  pageEvent: 'alerts.page',
  queryEvents: {
    // Only the coordinator's screen searches.
    'alerts.search': (e, c) => (c.viewer === 'coordinator' ? { search: e.search } : null),
    'alerts.filterSeverity': (e) => ({ severity: e.severity }),
    'alerts.filterType': (e) => ({ type: e.alertType }),
    'alerts.filterState': (e) => ({ state: e.state }),
  },
  loaded: (out) => ({ unread: out.unread as number, coordinators: out.coordinators as CoordinatorOption[] }),
  afterLoad: ['spawnRows'],
  loadFailed: { transition: { target: 'failed', actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ what: 'alerts', error: event.error }) } } },
});

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
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markAlertRead(input.id)),
    markAllRead: fromPromise<{ marked: number; unread: number }>(() => markAllAlertsRead()),
  },
  actions: {
    logError: (_, _params: { what: string; error: unknown }) => {},
    /** Replaces the admin rows: old row actors stop, one lifecycle actor per alert starts. */
    spawnRows: enqueueActions(({ context, enqueue }) => {
      for (const r of context.rows) enqueue.stopChild(r);
      enqueue.assign({
        rows: ({ spawn }) =>
          context.viewer === 'admin' ? context.alerts.map((a) => spawn('alertLifecycle', { id: `row-${a.id}`, input: { alert: a } })) : [],
      });
    }),
  },
}).createMachine({
  id: 'alertsList',
  context: ({ input }) => ({
    viewer: input.viewer,
    ...firstPage('alerts'),
    rows: [],
    coordinators: [],
    search: '',
    severity: null,
    type: null,
    state: null,
    unread: 0,
    detailsId: null,
  }),
  invoke: { id: 'alertSocket', src: 'alertSocket' },
  initial: 'loading',
  on: {
    'alert.closeDetails': { actions: assign({ detailsId: null }) },
    // The search and the filters apply wherever the list is (also while it loads, failed or marks all read).
    ...list.requery('.loading'),
    'feed.reconnected': { guard: ({ event }) => !event.recovered, target: '.loading' },
    'feed.alert': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const known = context.alerts.some((a) => a.id === event.alert.id);
        if (event.event === 'alert:updated' || known) {
          if (!known) return;
          enqueue.assign({
            alerts: context.alerts.map((a) => (a.id === event.alert.id ? { ...event.alert, read: a.read } : a)),
          });
          const row = context.rows.find((r) => r.id === `row-${event.alert.id}`);
          if (row) enqueue.sendTo(row, { type: 'alert.synced', alert: event.alert });
          return;
        }
        const alert = { ...event.alert, read: false };
        if (context.viewer === 'coordinator') enqueue.assign({ unread: context.unread + 1 });
        if (context.page !== 1 || !matchesView(context, alert)) return;
        const limit = context.viewer === 'admin' ? ADMIN_PAGE_SIZE : PAGE_SIZE;
        // In its place by urgency: a new low alert does not push an open high one down.
        const alerts = [alert, ...context.alerts].sort(urgentFirst).slice(0, limit);
        if (!alerts.includes(alert)) return;
        enqueue.assign({ alerts });
        if (context.viewer === 'admin') {
          enqueue.assign({
            rows: ({ spawn }) => {
              const byId = new Map(context.rows.map((r) => [r.id, r]));
              byId.set(`row-${alert.id}`, spawn('alertLifecycle', { id: `row-${alert.id}`, input: { alert } }));
              return alerts.map((a) => byId.get(`row-${a.id}`)!).filter(Boolean);
            },
          });
          // The row pushed off the page stops with it.
          const kept = new Set(alerts.map((a) => `row-${a.id}`));
          for (const r of context.rows) if (!kept.has(r.id)) enqueue.stopChild(r);
        }
      }),
    },
  },
  states: {
    loading: { ...list.loading, entry: assign({ detailsId: null }) },
    failed: { on: { 'alerts.retry': 'loading' } },
    ready: {
      on: {
        'alert.view': { guard: ({ context, event }) => context.alerts.some((a) => a.id === event.id), actions: assign({ detailsId: ({ event }) => event.id }) },
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
