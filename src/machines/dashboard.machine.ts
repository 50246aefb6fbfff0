/**
 * The coordinator and admin dashboards (spec section 2). One load fetches the stat cards and the
 * previews (5 items each); if it fails, stats fall to zero and lists to empty (spec section 8).
 * New alerts pushed by the socket feed go to the top of Recent Alerts while the dashboard is shown, and count
 * once in the alert stat. The alert engine pushes an open alert again when it re-triggers (same id, new value or
 * severity): that replaces the item where it stands and is not counted again. After a reconnect the socket could not
 * recover (pushes were lost meanwhile), the feed's catch-up loads the dashboard again.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  getAdminOverview,
  getCoordinatorStats,
  listRecentAlerts,
  type AlertPreview,
} from '@/services/dashboards';
import { listFieldPins, listCoordinatorFields, type FieldPin, type FieldRow } from '@/services/fields';
import { listManagedFarmers, type FarmerRow } from '@/services/people';
import type { AlertPush } from '../../contracts/socket';
import { socketFeed } from './socketFeed';

export type { AlertPreview };

export const PREVIEW_SIZE = 5;

export type DashboardStats = {
  farmers: number;
  coordinators: number;
  activeFields: number;
  totalFields: number;
  alerts: number;
  /** Percent of expected yield; null when no field has a harvest recorded (not the same as a 0 % yield). */
  averageYield: number | null;
};
export const ZERO_STATS: DashboardStats = { farmers: 0, coordinators: 0, activeFields: 0, totalFields: 0, alerts: 0, averageYield: 0 };

type Loaded = { stats: DashboardStats; farmers: FarmerRow[]; alerts: AlertPreview[]; fields: FieldRow[]; pins: FieldPin[] };
/** Ids of alerts the stat already counts: those loaded with it and those pushed since. */
type Counted = { counted: string[] };
type FeedEvent = { type: 'alert.new' | 'alert.updated'; alert: AlertPreview } | { type: 'feed.stale' };

/** A pushed alert: a new one goes on top and counts; one already known is replaced where it stands. */
export function withPushedAlert(c: Loaded & Counted, alert: AlertPreview, isNew: boolean): Partial<Loaded & Counted> {
  const known = c.counted.includes(alert._id) || c.alerts.some((a) => a._id === alert._id);
  if (known || !isNew) {
    return c.alerts.some((a) => a._id === alert._id) ? { alerts: c.alerts.map((a) => (a._id === alert._id ? alert : a)) } : {};
  }
  return {
    alerts: [alert, ...c.alerts].slice(0, PREVIEW_SIZE),
    stats: { ...c.stats, alerts: c.stats.alerts + 1 },
    counted: [...c.counted, alert._id],
  };
}
export type DashboardInput = { kind: 'admin' | 'coordinator' };

async function loadCoordinator(signal: AbortSignal): Promise<Loaded> {
  const page = { page: 1, limit: PREVIEW_SIZE };
  const [s, farmers, alerts, fields, pins] = await Promise.all([
    getCoordinatorStats(signal),
    listManagedFarmers(page, signal),
    // The alerts panel and the map are lists of their own: their failure empties them, not the dashboard.
    listRecentAlerts(false, PREVIEW_SIZE, signal).catch(() => []),
    listCoordinatorFields(page, signal),
    listFieldPins(signal).catch(() => []),
  ]);
  return {
    stats: { ...ZERO_STATS, farmers: s.totalFarmers, activeFields: s.activeFields, totalFields: s.totalFields, alerts: s.alertsThisWeek, averageYield: s.yieldFields ? s.averageYield : null },
    farmers: farmers.farmers,
    alerts,
    fields: fields.fields,
    pins,
  };
}

async function loadAdmin(signal: AbortSignal): Promise<Loaded> {
  const [o, alerts] = await Promise.all([getAdminOverview(signal), listRecentAlerts(true, PREVIEW_SIZE, signal).catch(() => [])]);
  return {
    stats: { ...ZERO_STATS, coordinators: o.totalCoordinators, farmers: o.totalFarmers, activeFields: o.activeFields, totalFields: o.totalFields, alerts: o.recentAlerts },
    farmers: [],
    alerts,
    fields: [],
    pins: [],
  };
}

export const dashboardMachine = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardInput & Loaded & Counted,
    events: {} as FeedEvent | { type: 'nav.go'; to: string },
  },
  actors: {
    load: fromPromise<Loaded, DashboardInput>(({ input, signal }) => (input.kind === 'admin' ? loadAdmin(signal) : loadCoordinator(signal))),
    // The server pushes alerts to the admins' and the managing coordinator's rooms only.
    watchAlerts: socketFeed<FeedEvent>({
      pushes: {
        // The whole item: Recent Alerts renders it in the reader's language from its message key and values.
        'alert:new': (alert: AlertPush) => ({ type: 'alert.new' as const, alert }),
        // A re-triggered, acknowledged or assigned alert: the item changes, the count does not.
        'alert:updated': (alert: AlertPush) => ({ type: 'alert.updated' as const, alert }),
      },
      // Pushes were lost while away: what the dashboard shows is read again.
      catchUp: () => [{ type: 'feed.stale' }],
    }),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ ...input, stats: ZERO_STATS, farmers: [], alerts: [], fields: [], pins: [], counted: [] }),
  initial: 'loading',
  on: { 'nav.go': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, counted: event.output.alerts.map((a) => a._id) })) },
        onError: { target: 'ready', actions: assign({ stats: ZERO_STATS, farmers: [], alerts: [], fields: [], pins: [], counted: [] }) },
      },
    },
    ready: {
      invoke: { id: 'watchAlerts', src: 'watchAlerts' },
      on: {
        'alert.new': { actions: assign(({ context, event }) => withPushedAlert(context, event.alert, true)) },
        'alert.updated': { actions: assign(({ context, event }) => withPushedAlert(context, event.alert, false)) },
        'feed.stale': 'loading',
      },
    },
  },
});
