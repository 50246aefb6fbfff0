/**
 * The coordinator and admin dashboards (spec section 2). One load fetches the stat cards and the
 * previews (5 items each); if it fails, stats fall to zero and lists to empty (spec section 8).
 * New alerts pushed by the socket feed go to the top of Recent Alerts while the dashboard is shown.
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
import type { AlertPush } from '../../server/src/contracts/socket';
import { socketFeed } from './socketFeed';

export type { AlertPreview };

export const PREVIEW_SIZE = 5;

export type DashboardStats = {
  farmers: number;
  coordinators: number;
  activeFields: number;
  totalFields: number;
  alerts: number;
  averageYield: number;
};
export const ZERO_STATS: DashboardStats = { farmers: 0, coordinators: 0, activeFields: 0, totalFields: 0, alerts: 0, averageYield: 0 };

type Loaded = { stats: DashboardStats; farmers: FarmerRow[]; alerts: AlertPreview[]; fields: FieldRow[]; pins: FieldPin[] };
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
    stats: { ...ZERO_STATS, farmers: s.totalFarmers, activeFields: s.activeFields, totalFields: s.totalFields, alerts: s.alertsThisWeek, averageYield: s.averageYield },
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
    context: {} as DashboardInput & Loaded,
    events: {} as { type: 'alert.new'; alert: AlertPreview } | { type: 'nav.go'; to: string },
  },
  actors: {
    load: fromPromise<Loaded, DashboardInput>(({ input, signal }) => (input.kind === 'admin' ? loadAdmin(signal) : loadCoordinator(signal))),
    // The server pushes alerts to the admins' and the managing coordinator's rooms only.
    watchAlerts: socketFeed({
      // The whole item: Recent Alerts renders it in the reader's language from its message key and values.
      'alert:new': (alert: AlertPush) => ({ type: 'alert.new' as const, alert }),
    }),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ ...input, stats: ZERO_STATS, farmers: [], alerts: [], fields: [], pins: [] }),
  initial: 'loading',
  on: { 'nav.go': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'ready', actions: assign(({ event }) => event.output) },
        onError: { target: 'ready', actions: assign({ stats: ZERO_STATS, farmers: [], alerts: [], fields: [], pins: [] }) },
      },
    },
    ready: {
      invoke: { id: 'watchAlerts', src: 'watchAlerts' },
      on: {
        'alert.new': {
          actions: assign({
            alerts: ({ context, event }) => [event.alert, ...context.alerts.filter((a) => a._id !== event.alert._id)].slice(0, PREVIEW_SIZE),
            stats: ({ context }) => ({ ...context.stats, alerts: context.stats.alerts + 1 }),
          }),
        },
      },
    },
  },
});
