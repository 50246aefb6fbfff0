/**
 * dashboardMachine's own load, against the API stand-in (the path tests fake it at its actor): what each dashboard
 * asks for (the coordinator: stats, managed farmers, alerts, field overview, map pins, five of each; the admin: the
 * overview and the admin alerts), how the answers become the stat cards and the previews, and that a failed alerts
 * list or map empties only that panel, while a failed stat read empties the dashboard.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { dashboardMachine, type DashboardInput } from '@/machines/dashboard.machine';
import { makeAlert } from '../model/alertFixtures';
import { startApiServer, type ApiHandler, type ApiServer } from '../support/apiServer';

const ALERT = makeAlert({ _id: 'a-1' });
const FARMER = { _id: 'f-1', name: 'Ramesh Patil' };
const FIELD = { _id: 'fld-1', fieldName: 'North plot' };
const PINS = { count: 1, fieldId: ['FLD000001AAA'], name: ['North plot'], status: 'w', crop: [0], crops: ['Wheat'], farmer: [-1], farmers: [], lat: [19.1], lng: [75.2] };
const PIN = { fieldId: 'FLD000001AAA', fieldName: 'North plot', status: 'warning', crop: 'Wheat', farmerName: null, lat: 19.1, lng: 75.2 };
const LIST = { pagination: { page: 1, limit: 5, total: 1, totalPages: 1 } };
const COORDINATOR_STATS = { totalFarmers: 12, activeFields: 7, totalFields: 9, alertsThisWeek: 4, averageYield: 81.5, yieldFields: 2 };

let api: ApiServer | undefined;

async function load(kind: DashboardInput['kind'], handler: ApiHandler) {
  api = await startApiServer(handler);
  const logic = dashboardMachine.provide({ actors: { watchAlerts: fromCallback(() => () => {}) as never } });
  const actor = createActor(logic, { input: { kind } }).start();
  const s = await waitFor(actor, (x) => x.matches('ready'));
  actor.stop();
  const { stats, farmers, alerts, fields, pins } = s.context;
  return { stats, farmers, alerts, fields, pins, asked: api.requests.map((r) => `${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''}`).sort() };
}

const coordinatorApi =
  (fail: string[] = []): ApiHandler =>
  ({ path }) => {
    if (fail.includes(path)) return { status: 500, body: { statusCode: 500, error: 'boom' } };
    if (path === '/api/v1/coordinator/dashboard-stats') return { status: 200, body: { stats: COORDINATOR_STATS } };
    if (path === '/api/v1/coordinator/managed-farmers') return { status: 200, body: { ...LIST, farmers: [FARMER] } };
    if (path === '/api/v1/coordinator/alerts') return { status: 200, body: { ...LIST, alerts: [ALERT] } };
    if (path === '/api/v1/coordinator/field-overview') return { status: 200, body: { ...LIST, fields: [FIELD] } };
    if (path === '/api/v1/fields/map') return { status: 200, body: PINS };
    return { status: 404 };
  };
const COORDINATOR_ASKS = [
  '/api/v1/coordinator/alerts?page=1&limit=5',
  '/api/v1/coordinator/dashboard-stats',
  '/api/v1/coordinator/field-overview?page=1&limit=5',
  '/api/v1/coordinator/managed-farmers?page=1&limit=5',
  '/api/v1/fields/map',
];

describe('the coordinator dashboard’s load', () => {
  it('reads its stats and the previews, five of each', async () => {
    expect(await load('coordinator', coordinatorApi())).toEqual({
      stats: { farmers: 12, coordinators: 0, activeFields: 7, totalFields: 9, alerts: 4, averageYield: 81.5 },
      farmers: [FARMER],
      alerts: [ALERT],
      fields: [FIELD],
      pins: [PIN],
      asked: COORDINATOR_ASKS,
    });
  });
  it('a failed alerts list or map empties only that panel', async () => {
    const r = await load('coordinator', coordinatorApi(['/api/v1/coordinator/alerts', '/api/v1/fields/map']));
    expect(r).toMatchObject({ stats: { farmers: 12, alerts: 4 }, farmers: [FARMER], alerts: [], fields: [FIELD], pins: [] });
    expect(r.asked).toEqual(COORDINATOR_ASKS);
  });
  it('a failed stat read empties the dashboard', async () => {
    expect(await load('coordinator', coordinatorApi(['/api/v1/coordinator/dashboard-stats']))).toMatchObject({
      stats: { farmers: 0, coordinators: 0, activeFields: 0, totalFields: 0, alerts: 0, averageYield: 0 },
      farmers: [],
      alerts: [],
      fields: [],
      pins: [],
    });
  });
});

describe('a reload that fails', () => {
  it('(the feed’s catch-up after a lost connection) empties what the last load showed', async () => {
    let down = false;
    const handler = coordinatorApi();
    api = await startApiServer((req) => (down ? { status: 500, body: { statusCode: 500, error: 'boom' } } : handler(req)));
    const logic = dashboardMachine.provide({ actors: { watchAlerts: fromCallback(() => () => {}) as never } });
    const actor = createActor(logic, { input: { kind: 'coordinator' } }).start();
    expect((await waitFor(actor, (x) => x.matches('ready'))).context.farmers).toEqual([FARMER]);
    down = true;
    actor.send({ type: 'feed.stale' });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    actor.stop();
    expect(s.context).toMatchObject({ stats: { farmers: 0, activeFields: 0, totalFields: 0, alerts: 0, averageYield: 0 }, farmers: [], alerts: [], fields: [], pins: [] });
  });
});

describe('the admin dashboard’s load', () => {
  const adminApi =
    (failAlerts = false): ApiHandler =>
    ({ path }) => {
      if (path === '/api/v1/admin/overview') return { status: 200, body: { totalCoordinators: 3, totalFarmers: 40, activeFields: 21, totalFields: 30, recentAlerts: 6 } };
      if (path === '/api/v1/admin/alerts') return failAlerts ? { status: 500, body: { statusCode: 500, error: 'boom' } } : { status: 200, body: { ...LIST, alerts: [ALERT] } };
      return { status: 404 };
    };
  it('reads the overview and the admin alerts, and no lists of its own', async () => {
    expect(await load('admin', adminApi())).toEqual({
      stats: { farmers: 40, coordinators: 3, activeFields: 21, totalFields: 30, alerts: 6, averageYield: 0 },
      farmers: [],
      alerts: [ALERT],
      fields: [],
      pins: [],
      asked: ['/api/v1/admin/alerts?page=1&limit=5', '/api/v1/admin/overview'],
    });
  });
  it('a failed alerts list empties only that panel', async () => {
    expect(await load('admin', adminApi(true))).toMatchObject({ stats: { coordinators: 3, alerts: 6 }, alerts: [] });
  });
});
