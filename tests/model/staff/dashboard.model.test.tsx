/**
 * Generated paths over dashboardMachine, each driving the real CoordinatorDashboardView or AdminDashboardView.
 * The dashboard's load is faked at its actor (the recipe); its live Recent Alerts run for real: the machine's own
 * socket feed on a socket.io server on 127.0.0.1, which pushes `alert:new` the way the API does, and drops the socket
 * as a restart does (`feed.stale`: the feed's catch-up after a reconnect it could not recover loads again). The admin page
 * embeds the coordinators, farmers and field tables, whose own machines reach a stand-in API answering empty lists
 * (their walks are in their own model tests).
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { dashboardMachine, type DashboardInput } from '@/machines/dashboard.machine';
import type { FarmerRow } from '@/services/people';
import type { FieldPin, FieldRow } from '@/services/fields';
import { CoordinatorDashboardView } from '@/views/coordinator/CoordinatorDashboardView';
import { AdminDashboardView } from '@/views/admin/AdminDashboardView';
import { HttpError } from '@/services/http';
import { makeAlert } from '../alertFixtures';
import { startApiServer } from '../../support/apiServer';
import { deferred, describeModel, leafPaths, modelPaths, renderView, type Deferred } from '../../support/modelHarness';
import { socketServer } from '../../support/socketServer';

const farmer: FarmerRow = {
  _id: 'f-1', name: 'Ramesh Patil', email: 'ramesh@example.in', phoneNumber: '9876543210', village: null, district: null,
  status: 'Active', coordinator: 'u-coord', coordinatorName: 'Sunil Pawar', lastActive: null, fieldCount: 1, hasOpenAlert: false,
};
const fieldRow: FieldRow = {
  _id: 'fld-1', fieldId: 'FLD000001AAA', fieldName: 'North plot', status: 'warning', operationalStatus: 'active', farmerId: 'f-1',
  farmerName: 'Ramesh Patil', owner: { name: 'Ramesh Patil' }, crop: 'Wheat', cropType: null, area: 2, lastSensorData: null,
  lastSensorUpdate: null, lat: 19.1, lng: 75.2,
};
const pin: FieldPin = { fieldId: 'FLD000001AAA', fieldName: 'North plot', status: 'warning', crop: 'Wheat', farmerName: 'Ramesh Patil', lat: 19.1, lng: 75.2 };
const LOADED_ALERT = makeAlert({ _id: 'a-1', severity: 'critical' });
// The stored English text differs from the catalog sentence, so the screen shows which one it used.
const PUSHED = makeAlert({
  _id: 'a-push', severity: 'minor', fieldName: 'South plot', message: 'stored text', messageParams: { field: 'South plot', value: 12, threshold: 25 }, value: 12,
  createdAt: '2026-06-02T06:30:00.000Z',
});
// The alert engine re-triggers the open alert: the same id pushed again with a new value, and the loaded alert
// updated. Each changes its item where it stands; neither counts again.
const PUSHED_AGAIN = { ...PUSHED, value: 9, severity: 'critical' as const, messageParams: { ...PUSHED.messageParams, value: 9 } };
const LOADED_UPDATED = { ...LOADED_ALERT, value: 17, messageParams: { ...LOADED_ALERT.messageParams, value: 17 } };
const STATS = { farmers: 12, coordinators: 3, activeFields: 7, totalFields: 9, alerts: 4, averageYield: 81.5 };
const LOADED = {
  coordinator: { stats: { ...STATS, coordinators: 0 }, farmers: [farmer], alerts: [LOADED_ALERT], fields: [fieldRow], pins: [pin] },
  admin: { stats: { ...STATS, averageYield: 0 }, farmers: [], alerts: [LOADED_ALERT], fields: [], pins: [] },
};
const FAIL = new HttpError(500, 'server');
/** The page each dashboard's buttons lead to. */
const ROUTES = {
  coordinator: ['/add-farmer', '/farmers', '/fields', '/analytics', '/alerts'],
  admin: ['/add-coordinator', '/add-farmer', '/analytics', '/alerts'],
};

type Ev = { type: string; to?: string; alert?: unknown; error?: unknown; output?: unknown };
type Snap = SnapshotFrom<typeof dashboardMachine>;
const label = (e: Ev) => {
  const a = e.alert as { _id: string; value: number } | undefined;
  return `${e.type}${e.to ? `(${e.to})` : ''}${a ? `(${a._id}=${a.value})` : ''}`;
};

function pathsFor(input: DashboardInput) {
  const events: AnyEventObject[] = [
    { type: 'xstate.done.actor.load', output: LOADED[input.kind] },
    { type: 'xstate.error.actor.load', error: FAIL },
    { type: 'alert.new', alert: PUSHED },
    { type: 'alert.new', alert: PUSHED_AGAIN },
    { type: 'alert.updated', alert: LOADED_UPDATED },
    { type: 'feed.stale' },
    ...ROUTES[input.kind].map((to) => ({ type: 'nav.go', to })),
  ];
  const all = modelPaths(dashboardMachine, {
    input,
    events,
    // A push arrives only while the dashboard is shown, and this one once; the buttons are walked on the loaded page.
    filterEvents: (s: Snap, e) => {
      if (!s.can(e)) return false;
      const has = (id: string, value: number | null) => s.context.alerts.some((a) => a._id === id && a.value === value);
      if (e.type === 'alert.new') return e.alert._id === PUSHED._id && e.alert.value === PUSHED.value ? !s.context.alerts.some((a) => a._id === PUSHED._id) : has(PUSHED._id, PUSHED.value);
      if (e.type === 'alert.updated') return has(LOADED_ALERT._id, LOADED_ALERT.value);
      if (e.type === 'nav.go') return s.matches('ready') && s.context.alerts.length === 1;
      // The catch-up reloads the page it was on: walked from a loaded page (with or without pushes), not from a failed one.
      if (e.type === 'feed.stale') return s.context.stats.farmers > 0;
      return true;
    },
    serializeEvent: (e) => label(e as Ev),
    serializeState: (s: Snap, e) => {
      const c = s.context;
      return [JSON.stringify(s.value), c.stats.farmers, c.stats.alerts, c.alerts.map((a) => `${a._id}=${a.value}`).join(), e?.type === 'nav.go' ? label(e as Ev) : ''].join('|');
    },
  });
  // Every prefix of a shortest path is itself a path and the screen is checked after every step, so the paths no
  // other path extends drive and check every step of the walk (the guard holds them to `all`).
  return { events, all, paths: leafPaths(all) };
}

const server = socketServer();
const io = server.io;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  // The Field Map is a lazily loaded part (maplibre, deck.gl): its modules are loaded here once, so the first path's
  // wait for the map's list is not spent loading them on a busy machine (each path still renders and checks the map).
  await import('@/views/map/FieldMap');
  await server.start();
  const empty = { pagination: { page: 1, limit: 10, total: 0, totalPages: 1 } };
  // The lists answer empty; anything else (the session's profile check) is not this test's business.
  api = await startApiServer(({ path }) =>
    /^\/api\/v1\/admin\/(coordinators|farmers|fields)$/.test(path) ? { status: 200, body: { ...empty, coordinators: [], farmers: [], fields: [] } } : { status: 404 },
  );
}, 60_000);
afterAll(async () => {
  await server.stop();
  await api?.close();
});

for (const input of [{ kind: 'coordinator' }, { kind: 'admin' }] satisfies DashboardInput[]) {
  const { events, all, paths } = pathsFor(input);
  const coordinator = input.kind === 'coordinator';

  describeModel(`${input.kind} dashboard`, {
    paths,
    all,
    events,
    eventKey: (e) => label(e as Ev),
    machine: dashboardMachine,
    states: ['loading', 'ready'],
    name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
    // Both re-pushes are walked on the page that holds both alerts.
    walk: (ps) => {
      for (const again of ['alert.new(a-push=9)', 'alert.updated(a-1=17)']) {
        expect(ps.some((p) => p.steps.some((x, i) => label(x.event as Ev) === again && p.steps.slice(0, i).some((y) => label(y.event as Ev) === 'xstate.done.actor.load')))).toBe(true);
      }
    },
    timeout: 30_000,
    render: (path) => {
      const pending: Record<string, Deferred<unknown>> = {};
      const loads: unknown[] = [];
      const logic = dashboardMachine.provide({
        actors: {
          load: fromPromise(({ input: i }) => {
            loads.push(i);
            return (pending.load = deferred()).promise;
          }) as never,
        },
      });
      const { location } = renderView(coordinator ? <CoordinatorDashboardView logic={logic} /> : <AdminDashboardView logic={logic} />, { session: input.kind, intlLocale: 'en' });
      const main = () => screen.getByRole('main');
      const panel = (name: string) => within(main()).getAllByRole('region', { name })[0];
      const exec = async (e: Ev) => {
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'xstate.done.actor.load':
            return act(async () => pending.load.resolve(e.output));
          case 'xstate.error.actor.load':
            return act(async () => pending.load.reject(e.error));
          case 'alert.new':
          case 'alert.updated': {
            // The server pushes it; the dashboard's feed hears it.
            const a = e.alert as { value: number; fieldName: string };
            io.emit(e.type === 'alert.new' ? 'alert:new' : 'alert:updated', e.alert as never);
            return void (await within(panel('Recent Alerts')).findAllByText(new RegExp(`${a.fieldName}: ${a.value}%`), {}, { timeout: 5000 }));
          }
          case 'feed.stale': {
            // The server drops the socket; back on a new session, the feed's catch-up loads the dashboard again.
            const before = loads.length;
            await server.dropAll();
            return vi.waitFor(() => expect(loads).toHaveLength(before + 1));
          }
          case 'nav.go': {
            const button = {
              '/add-farmer': () => within(coordinator ? main() : panel('Quick Actions')).getAllByRole('button', { name: 'Add Farmer' })[0],
              '/farmers': () => within(panel('My Farmers')).getByRole('button', { name: 'View all' }),
              '/fields': () => within(panel('Field List')).getByRole('button', { name: 'View all' }),
              '/analytics': () => within(panel('Quick Actions')).getByRole('button', { name: 'Analytics' }),
              '/alerts': () => within(panel('Quick Actions')).getByRole('button', { name: 'Alerts' }),
              '/add-coordinator': () => within(panel('Quick Actions')).getByRole('button', { name: 'Add Coordinator' }),
            }[e.to!]!();
            fireEvent.click(button);
            return expect(location.history.at(-1)).toBe(e.to);
          }
        }
        throw new Error(`no executor for ${e.type}`);
      };
      const check = async (s: Snap, all: Ev[]) => {
        const c = s.context;
        // What the screen must show, from the steps walked (not from the machine): the last load's stat, plus one for
        // the one new alert pushed since however often it was pushed; the pushed alert on top, the others where they
        // were. (A reload shows what it had until it is answered.)
        const lastLoad = all.findLastIndex((x) => x.type.endsWith('.actor.load'));
        const loadedOk = all[lastLoad]?.type === 'xstate.done.actor.load';
        const walked = all.slice(lastLoad + 1);
        const pushed = walked.some((x) => x.type === 'alert.new');
        expect(c.stats.alerts).toBe((loadedOk ? LOADED[input.kind].stats.alerts : 0) + (pushed ? 1 : 0));
        expect(c.alerts.map((a) => a._id)).toEqual([...(pushed ? [PUSHED._id] : []), ...(loadedOk ? [LOADED_ALERT._id] : [])]);
        const last = (id: string, first: number) => (walked.filter((x) => (x.alert as { _id?: string } | undefined)?._id === id).at(-1)?.alert as { value: number } | undefined)?.value ?? first;
        expect(c.alerts.map((a) => a.value)).toEqual([...(pushed ? [last(PUSHED._id, 12)] : []), ...(loadedOk ? [last(LOADED_ALERT._id, 20)] : [])]);
        expect(main()).toHaveAttribute('aria-busy', String(s.matches('loading')));
        expect(loads).toEqual(Array.from({ length: 1 + all.filter((x) => x.type === 'feed.stale').length }, () => ({ kind: input.kind })));
        const stat = (name: string) => [...main().querySelectorAll('.stat')].find((x) => x.querySelector('.stat-label')!.textContent === name)!;
        const statValue = (name: string) => stat(name).querySelector('.stat-value')!.textContent;
        if (coordinator) {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Coordinator Dashboard');
          expect(main()).toHaveTextContent('Welcome back, Sunil Pawar!');
          expect(statValue('My Farmers')).toBe(String(c.stats.farmers));
          expect(statValue('Active Fields')).toBe(String(c.stats.activeFields));
          expect(stat('Active Fields')).toHaveTextContent(`of ${c.stats.totalFields}`);
          expect(statValue('Alerts This Week')).toBe(String(c.stats.alerts));
          expect(statValue('Avg Yield (%)')).toBe(c.stats.averageYield === null ? '--' : `${c.stats.averageYield}%`);
          const farmers = panel('My Farmers');
          if (c.farmers.length) expect(within(farmers).getByRole('listitem')).toHaveTextContent('Ramesh Patil9876543210');
          else expect(farmers).toHaveTextContent('No farmers found.');
          const fields = panel('Field List');
          if (c.fields.length) expect(within(fields).getByRole('listitem')).toHaveTextContent('North plot · Ramesh PatilWheat');
          else expect(fields).toHaveTextContent('No fields found.');
          const map = panel('Field Map');
          // The map lists its located fields (the drawing itself needs WebGL, which jsdom lacks).
          if (c.pins.length) expect(await within(map).findByRole('button', { name: 'North plot' }, { timeout: 10_000 })).toBeInTheDocument();
          else expect(await within(map).findByText('No field locations available.', {}, { timeout: 10_000 })).toBeInTheDocument();
        } else {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Admin Dashboard');
          expect(statValue('Coordinators')).toBe(String(c.stats.coordinators));
          expect(statValue('Farmers')).toBe(String(c.stats.farmers));
          expect(statValue('Active Fields')).toBe(String(c.stats.activeFields));
          expect(statValue('Recent Alerts')).toBe(String(c.stats.alerts));
          // The embedded tables are there, each with its own data.
          for (const name of ['Coordinators', 'Farmers', 'Field Monitoring']) expect(panel(name)).toBeInTheDocument();
        }
        const alerts = panel('Recent Alerts');
        const items = within(alerts).queryAllByRole('listitem');
        expect(items).toHaveLength(c.alerts.length);
        if (!c.alerts.length) expect(alerts).toHaveTextContent('No alerts found.');
        c.alerts.forEach((a, i) => {
          // Newest first, each in the reader's language from its message key, never the stored text.
          const field = a._id === PUSHED._id ? 'South plot' : 'North plot';
          expect(items[i]).toHaveTextContent(`Low soil moisture in ${field}: ${a.value}% (threshold 25%) · ${field}`);
          expect(items[i]).toHaveTextContent({ critical: 'Critical', major: 'Major', minor: 'Minor', warning: 'Warning' }[a.severity]);
          expect(items[i]).not.toHaveTextContent('stored text');
        });
      };

      return {
        exec,
        check: (step, i) => check(step.state as Snap, path.steps.slice(0, i + 1).map((x) => x.event as Ev)),
      };
    },
  });
}
