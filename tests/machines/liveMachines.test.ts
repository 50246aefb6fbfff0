import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { farmerHomeMachine, isMoistureLow, isStale, mergeSeries, relayFeed } from '@/machines/farmerHome.machine';
import { sensorFeedMachine } from '@/machines/sensorFeed.machine';
import { alertLifecycleMachine } from '@/machines/alertLifecycle.machine';
import { alertsListMachine, matchesView, type LoadedAlerts } from '@/machines/alertsList.machine';
import type { AlertDetailResponse, AlertItem } from '@/services/alerts';
import type { SendOrQueued } from '@/services/outbox';
import type { FieldReadingSummary, SeriesPoint } from '@/services/sensors';

const iso = (minAgo: number) => new Date(Date.now() - minAgo * 60_000).toISOString();
const FIELDS: FieldReadingSummary[] = [
  { _id: 'f1', fieldId: 'FLD1', name: 'North', health: 'good', lastSensorData: null },
  { _id: 'f2', fieldId: 'FLD2', name: 'South', health: 'good', lastSensorData: null },
];

export const alert = (over: Partial<AlertItem> = {}): AlertItem => ({
  _id: 'a1',
  id: 'a1',
  type: 'moisture',
  severity: 'major',
  status: 'active_unack',
  message: 'Low soil moisture in North: 20% (threshold 25%)',
  messageKey: 'alert.moisture.low',
  messageParams: { field: 'North', value: 20, threshold: 25 },
  farmer: 'Ramesh Patil',
  farmerId: 'u1',
  fieldId: 'f1',
  fieldName: 'North',
  value: 20,
  threshold: 25,
  assignedTo: null,
  acknowledgedBy: null,
  read: false,
  count: 1,
  lastSeenAt: iso(5),
  createdAt: iso(5),
  updatedAt: iso(5),
  resolvedAt: null,
  clearedBy: null,
  ...over,
});

describe('farmerHome', () => {
  const feedStub = createMachine({});
  const provide = (loadFieldData = vi.fn(async (_input: { fieldId: string }) => ({ latest: { moisture: 20, temperature: 30, timestamp: iso(1) }, series: [{ timestamp: iso(10), moisture: 22 }], emptyMessage: null, failures: [] }))) =>
    farmerHomeMachine.provide({
      actors: {
        loadFields: fromPromise(async () => FIELDS),
        loadFieldData: fromPromise(async ({ input }: { input: { fieldId: string } }) => loadFieldData(input)) as never,
        sensorFeed: feedStub as never,
      },
    });

  it('selects the first field, loads it, appends live readings and switches fields', async () => {
    const load = vi.fn(async (_input: { fieldId: string }) => ({ latest: { moisture: 20, temperature: 30, timestamp: iso(1) }, series: [{ timestamp: iso(10), moisture: 22 }], emptyMessage: null, failures: [] }));
    const actor = createActor(provide(load)).start();
    await waitFor(actor, (s) => s.matches({ field: 'live' }));
    expect(actor.getSnapshot().context.selectedFieldId).toBe('f1');
    expect(load).toHaveBeenCalledWith({ fieldId: 'f1' });
    actor.send({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M', type: 'moisture', value: 35, timestamp: iso(0) } });
    const ctx = actor.getSnapshot().context;
    expect(ctx.series).toHaveLength(2);
    expect(ctx.latest?.moisture).toBe(35);
    expect(isMoistureLow(ctx.latest)).toBe(false);
    actor.send({ type: 'field.select', fieldId: 'f2' });
    await waitFor(actor, (s) => s.matches({ field: 'live' }) && s.context.selectedFieldId === 'f2');
    expect(load).toHaveBeenLastCalledWith({ fieldId: 'f2' });
    actor.send({ type: 'field.select', fieldId: 'nope' });
    expect(actor.getSnapshot().context.selectedFieldId).toBe('f2');
  });

  it('logs load failures; a failed field list waits for a retry', async () => {
    const logError = vi.fn();
    const actor = createActor(
      farmerHomeMachine.provide({ actors: { loadFields: fromPromise(async () => Promise.reject(new Error('down'))) }, actions: { logError } }),
    ).start();
    await waitFor(actor, (s) => s.matches('fieldsFailed'));
    expect(logError).toHaveBeenCalledWith(expect.anything(), { what: 'fields', error: expect.any(Error) });
    actor.send({ type: 'fields.retry' });
    expect(actor.getSnapshot().matches('loadingFields')).toBe(true);
  });

  it('merges points by time and keeps 24 hours', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const merged = mergeSeries(
      [{ timestamp: '2026-05-31T11:00:00.000Z', moisture: 1 }, { timestamp: '2026-06-01T11:00:00.000Z', moisture: 30 }],
      [{ timestamp: '2026-06-01T11:00:00.000Z', temperature: 28 }, { timestamp: '2026-06-01T10:00:00.000Z', moisture: 31 }],
      now,
    );
    expect(merged).toEqual([
      { timestamp: '2026-06-01T10:00:00.000Z', moisture: 31 },
      { timestamp: '2026-06-01T11:00:00.000Z', moisture: 30, temperature: 28 },
    ]);
  });

  it('a live reading renews the age of its value and takes its sensor off the silent list', async () => {
    const load = vi.fn(async () => ({
      latest: {
        moisture: 35, temperature: 30, timestamp: iso(180), moistureAt: iso(180), temperatureAt: iso(5), staleAfterMinutes: 120,
        silentSensors: [{ sensorId: 'M', type: 'moisture', lastSeenAt: iso(180) }],
      },
      series: [], emptyMessage: null, failures: [],
    }));
    const actor = createActor(provide(load)).start();
    await waitFor(actor, (s) => s.matches({ field: 'live' }));
    const before = actor.getSnapshot().context.latest!;
    expect(isStale(before.moistureAt, before.staleAfterMinutes, Date.now())).toBe(true);
    expect(isStale(before.temperatureAt, before.staleAfterMinutes, Date.now())).toBe(false);
    const now = iso(0);
    actor.send({ type: 'feed.reading', reading: { fieldId: 'f1', sensorId: 'M', type: 'moisture', value: 33, timestamp: now } });
    const after = actor.getSnapshot().context.latest!;
    expect(after).toMatchObject({ moisture: 33, moistureAt: now, temperatureAt: before.temperatureAt, silentSensors: [] });
    expect(isStale(after.moistureAt, after.staleAfterMinutes, Date.now())).toBe(false);
  });

  it('treats no data as 100 for the banner', () => {
    expect(isMoistureLow(null)).toBe(false);
    expect(isMoistureLow({ moisture: null, temperature: 20, timestamp: null })).toBe(false);
    expect(isMoistureLow({ moisture: 24.9, temperature: null, timestamp: null })).toBe(true);
  });
});

describe('the farmer home\'s lazily loaded feed (relayFeed)', () => {
  const home = (load: Parameters<typeof relayFeed>[0]) =>
    createActor(
      farmerHomeMachine.provide({
        actors: {
          loadFields: fromPromise(async () => FIELDS),
          loadFieldData: fromPromise(async () => ({ latest: null, series: [{ timestamp: iso(10), moisture: 22 }], emptyMessage: null, failures: [] })) as never,
          sensorFeed: relayFeed(load),
        },
      }),
    ).start();
  // The feed's own socket, with the farmer home's input, stood in for.
  const feedWith = (socket: (input: { fieldId: string }, sendBack: (e: never) => void) => () => void) =>
    sensorFeedMachine.provide({ actors: { fieldSocket: fromCallback(({ input, sendBack }) => socket(input as { fieldId: string }, sendBack as never)), fetchSince: fromPromise(async (): Promise<SeriesPoint[]> => []) } });

  it('starts the loaded feed with the field and relays its events to the home', async () => {
    let started: { fieldId: string } | null = null;
    let push: ((e: never) => void) | null = null;
    const actor = home(async () => feedWith((input, sendBack) => ((started = input), (push = sendBack), () => undefined)));
    await waitFor(actor, () => push !== null);
    expect(started).toEqual({ fieldId: 'f1' });
    push!({ type: 'socket.up', recovered: true } as never);
    push!({ type: 'socket.joined' } as never);
    expect(actor.getSnapshot().context.connection).toBe('live');
    push!({ type: 'socket.reading', reading: { fieldId: 'f1', sensorId: 'M-1', type: 'moisture', value: 33, timestamp: iso(0) } } as never);
    expect(actor.getSnapshot().context.latest?.moisture).toBe(33);
    actor.stop();
  });

  it('says the feed failed when its code cannot be loaded', async () => {
    const actor = home(() => Promise.reject(new Error('chunk gone')));
    await waitFor(actor, (s) => s.context.connection === 'failed');
  });

  it('never starts a feed whose field was left before its code came', async () => {
    let release!: () => void;
    const socket = vi.fn(() => () => undefined);
    const actor = home(() => new Promise((resolve) => (release = () => resolve(feedWith(socket)))));
    await waitFor(actor, (s) => s.matches({ field: 'live' }));
    actor.send({ type: 'field.select', fieldId: 'f2' });
    actor.stop();
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(socket).not.toHaveBeenCalled();
  });
});

describe('sensorFeed', () => {
  it('joins on connect, catches up after an unrecovered reconnect, skips it after a recovered one', async () => {
    let socketBack: ((e: unknown) => void) | null = null;
    const fetchSince = vi.fn(async ({ input }: { input: { since: string | null } }) => [{ timestamp: iso(1), moisture: 40, since: input.since }]);
    const received: unknown[] = [];
    const parent = createMachine({
      invoke: {
        id: 'feed',
        src: sensorFeedMachine.provide({
          actors: {
            fieldSocket: fromCallback(({ sendBack }) => {
              socketBack = sendBack as never;
              return () => {};
            }),
            fetchSince: fromPromise(fetchSince) as never,
          },
        }),
        input: { fieldId: 'f1', lastSeenAt: iso(30) },
      },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent).start();
    const feed = () => actor.getSnapshot().children.feed as AnyActorRef;
    socketBack!({ type: 'socket.up', recovered: false });
    socketBack!({ type: 'socket.joined' });
    await waitFor(feed(), (s) => s.matches('live'));
    expect(fetchSince).toHaveBeenCalledTimes(1);
    expect(received).toContainEqual(expect.objectContaining({ type: 'feed.points' }));
    socketBack!({ type: 'socket.reading', reading: { fieldId: 'f1', sensorId: 'M', type: 'moisture', value: 41, timestamp: iso(0) } });
    expect(received).toContainEqual(expect.objectContaining({ type: 'feed.reading' }));
    socketBack!({ type: 'socket.down', reconnecting: false });
    expect(feed().getSnapshot().value).toBe('offline');
    expect(received).toContainEqual({ type: 'feed.status', status: 'offline' });
    socketBack!({ type: 'socket.up', recovered: true });
    socketBack!({ type: 'socket.joined' });
    await waitFor(feed(), (s) => s.matches('live'));
    expect(fetchSince).toHaveBeenCalledTimes(1);
    // A server restart: the socket is on its way back by itself, then comes back without its session.
    socketBack!({ type: 'socket.down', reconnecting: true });
    expect(feed().getSnapshot().value).toBe('reconnecting');
    expect(received).toContainEqual({ type: 'feed.status', status: 'reconnecting' });
    socketBack!({ type: 'socket.up', recovered: false });
    socketBack!({ type: 'socket.joined' });
    await waitFor(feed(), (s) => s.matches('live'));
    expect(fetchSince).toHaveBeenCalledTimes(2);
    // Catching up starts from the last reading seen, not from the start.
    expect(fetchSince.mock.calls[1][0].input.since).toBe(feed().getSnapshot().context.lastSeenAt);
  });
});

describe('sensorFeed after a refused room', () => {
  it('joins again on the next connect and catches up, even when socket.io says it recovered (the room was never joined); each failure is logged', async () => {
    let socketBack: ((e: unknown) => void) | null = null;
    const offline = new Error('offline');
    const fetchSince = vi.fn(async (): Promise<SeriesPoint[]> => {
      throw offline;
    });
    const logged: unknown[] = [];
    const refused = new Error('field:watch refused: NOT_FOUND');
    const feed = createActor(
      sensorFeedMachine.provide({
        actions: { tellParent: () => {}, logError: (_, p) => void logged.push(p) },
        actors: {
          fieldSocket: fromCallback(({ sendBack }) => {
            socketBack = sendBack as never;
            return () => {};
          }),
          fetchSince: fromPromise(fetchSince) as never,
        },
      }),
      { input: { fieldId: 'f1', lastSeenAt: iso(30) } },
    ).start();
    socketBack!({ type: 'socket.up', recovered: true });
    socketBack!({ type: 'socket.refused', error: refused });
    expect(feed.getSnapshot().value).toBe('failed');
    expect(logged).toEqual([{ what: 'field:watch', error: refused }]);
    socketBack!({ type: 'socket.up', recovered: true });
    expect(feed.getSnapshot().value).toBe('joining');
    socketBack!({ type: 'socket.joined' });
    expect(feed.getSnapshot().value).toBe('catchingUp');
    // The catch-up failed: live anyway (only the gap stays), and said so.
    await waitFor(feed, (s) => s.matches('live'));
    expect(fetchSince).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([{ what: 'field:watch', error: refused }, { what: 'catch up', error: offline }]);
    // The socket drops and socket.io restores its session (rooms and missed pushes): joined again, nothing to catch up.
    socketBack!({ type: 'socket.down', reconnecting: true });
    socketBack!({ type: 'socket.up', recovered: true });
    socketBack!({ type: 'socket.joined' });
    expect(feed.getSnapshot().value).toBe('live');
    expect(fetchSince).toHaveBeenCalledTimes(1);
    feed.stop();
  });
});

describe('alertLifecycle', () => {
  const detail = (over: Partial<AlertItem> = {}): AlertDetailResponse => ({ alert: alert(over), timeline: [] });
  it('loads the details, then the server answer decides the status; a failed call keeps it and says which', async () => {
    let failAck = true;
    const actor = createActor(
      alertLifecycleMachine.provide({
        actors: {
          load: fromPromise(async () => detail()),
          assign: fromPromise(async ({ input }: { input: { id: string; coordinatorId?: string } }) => detail({ assignedTo: { _id: input.coordinatorId!, name: 'Sunita' } })),
          acknowledge: fromPromise(async ({ input }: { input: { id: string; comment?: string; summary: string } }): Promise<SendOrQueued<AlertDetailResponse>> => {
            if (failAck) throw new Error('500');
            return {
              sent: { ...detail({ status: 'active_ack' }), timeline: input.comment ? [{ _id: 't', kind: 'comment' as const, actor: null, detail: { text: input.comment }, createdAt: iso(0) }] : [] },
            };
          }),
          clear: fromPromise(async () => detail({ status: 'cleared_ack', resolvedAt: iso(0) })),
        },
      }),
      { input: { alert: alert(), viewer: 'admin' } },
    ).start();
    await waitFor(actor, (s) => s.matches('activeUnack'));
    actor.send({ type: 'alert.assign', coordinator: { _id: 'c1', name: 'Sunita' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ activeUnack: 'idle' }) && s.context.alert.assignedTo !== null);
    expect(actor.getSnapshot().context.alert.assignedTo?.name).toBe('Sunita');
    actor.send({ type: 'alert.acknowledge', comment: '  on my way  ' });
    await waitFor(actor, (s) => s.matches({ activeUnack: 'failed' }));
    expect(actor.getSnapshot().context).toMatchObject({ failure: 'acknowledge', alert: { status: 'active_unack' } });
    failAck = false;
    actor.send({ type: 'alert.acknowledge', comment: '  on my way  ' });
    await waitFor(actor, (s) => s.matches('activeAck'));
    expect(actor.getSnapshot().context.timeline).toMatchObject([{ kind: 'comment', detail: { text: 'on my way' } }]);
    expect(actor.getSnapshot().can({ type: 'alert.acknowledge' })).toBe(false);
    actor.send({ type: 'alert.clear' });
    await waitFor(actor, (s) => s.matches('clearedAck'));
    expect(actor.getSnapshot().can({ type: 'alert.assign', coordinator: { _id: 'c', name: 'x' } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'alert.comment', text: 'x' })).toBe(true);
  });

  it('refuses blank or too-long comments, assigning for coordinators, and everything for farmers', async () => {
    const start = (viewer: 'admin' | 'coordinator' | 'farmer') =>
      createActor(alertLifecycleMachine.provide({ actors: { load: fromPromise(async () => detail()) } }), { input: { alert: alert(), viewer } }).start();
    const coordinator = start('coordinator');
    await waitFor(coordinator, (s) => s.matches('activeUnack'));
    const s = coordinator.getSnapshot();
    expect(s.can({ type: 'alert.comment', text: '   ' })).toBe(false);
    expect(s.can({ type: 'alert.comment', text: 'x'.repeat(1001) })).toBe(false);
    expect(s.can({ type: 'alert.acknowledge', comment: '  ' })).toBe(true);
    expect(s.can({ type: 'alert.assign', coordinator: { _id: 'c', name: 'x' } })).toBe(false);
    expect(s.can({ type: 'alert.clear' })).toBe(true);
    const farmer = start('farmer');
    await waitFor(farmer, (f) => f.matches('activeUnack'));
    for (const e of [{ type: 'alert.acknowledge' }, { type: 'alert.clear' }, { type: 'alert.comment', text: 'hi' }] as const) expect(farmer.getSnapshot().can(e)).toBe(false);
  });

  it('follows a pushed update by reading the details again', async () => {
    let status: AlertItem['status'] = 'active_unack';
    const actor = createActor(alertLifecycleMachine.provide({ actors: { load: fromPromise(async () => detail({ status })) } }), { input: { alert: alert(), viewer: 'admin' } }).start();
    await waitFor(actor, (s) => s.matches('activeUnack'));
    status = 'cleared_unack';
    actor.send({ type: 'alert.synced', alert: alert({ status: 'cleared_unack' }) });
    await waitFor(actor, (s) => s.matches('clearedUnack'));
  });
});

describe('alertsList (admin)', () => {
  it('pages on the server with the filters, 20 rows a page; Details starts the alert’s lifecycle', async () => {
    const load = vi.fn(async ({ input }: { input: { page: number; status: string | null; type: string | null } }) => ({
      items: [alert({ id: `a${input.page}` })], unread: 0, totalPages: 3, coordinators: [],
    }));
    const actor = createActor(alertsListMachine.provide({ actors: { load: fromPromise(load) as never, alertSocket: fromCallback(() => () => {}) } }), {
      input: { viewer: 'admin' },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'alerts.page', page: 2 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    actor.send({ type: 'alert.view', id: 'a2' });
    expect(actor.getSnapshot().context.details?.getSnapshot().context.alert.id).toBe('a2');
    actor.send({ type: 'alert.closeDetails' });
    expect(actor.getSnapshot().context.details).toBeNull();
    actor.send({ type: 'alerts.filterStatus', status: 'active_unack' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'alerts.filterType', alertType: 'offline' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(load.mock.calls.map(([{ input }]) => [input.page, input.status, input.type])).toEqual([[1, null, null], [2, null, null], [1, 'active_unack', null], [1, 'active_unack', 'offline']]);
  });
});

describe('alertsList (coordinator)', () => {
  const page = (alerts: AlertItem[], unread: number, totalPages = 1): LoadedAlerts => ({ items: alerts, unread, totalPages, coordinators: [] });

  it('prepends pushed alerts with the count going up, marks read without going below 0, marks all read', async () => {
    const markRead = vi.fn(async () => ({ ok: true }));
    const actor = createActor(
      alertsListMachine.provide({
        actors: {
          load: fromPromise(async () => page([alert({ id: 'a1' })], 1)),
          alertSocket: fromCallback(() => () => {}),
          markRead: fromPromise(markRead) as never,
          markAllRead: fromPromise(async () => ({ marked: 2, unread: 0 })),
        },
      }),
      { input: { viewer: 'coordinator' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'feed.alert', event: 'alert:new', alert: alert({ id: 'a2', _id: 'a2' }) });
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['a2', 'a1']);
    expect(actor.getSnapshot().context.unread).toBe(2);
    actor.send({ type: 'alert.markRead', id: 'a2' });
    actor.send({ type: 'alert.markRead', id: 'a2' });
    expect(actor.getSnapshot().context.unread).toBe(1);
    expect(markRead).toHaveBeenCalledTimes(1);
    actor.send({ type: 'alerts.markAllRead' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.unread === 0);
    expect(actor.getSnapshot().context.alerts.every((a) => a.read)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'alerts.markAllRead' })).toBe(false);
  });

  it('resets to page 1 on a filter change and does not prepend what the filter hides', async () => {
    const load = vi.fn(async ({ input }: { input: { page: number } }) => page([alert({ id: `p${input.page}` })], 0, 3));
    const actor = createActor(
      alertsListMachine.provide({ actors: { load: fromPromise(load) as never, alertSocket: fromCallback(() => () => {}) } }),
      { input: { viewer: 'coordinator' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'alerts.page', page: 2 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2);
    actor.send({ type: 'alerts.filterSeverity', severity: 'critical' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'feed.alert', event: 'alert:new', alert: alert({ id: 'low1', severity: 'minor' }) });
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['p1']);
    expect(actor.getSnapshot().context.unread).toBe(1);
  });

  it('puts a pushed alert in its place by urgency, and keeps a cleared-only view free of new ones', async () => {
    const actor = createActor(
      alertsListMachine.provide({
        actors: {
          load: fromPromise(async () => page([alert({ id: 'h1', severity: 'critical', createdAt: iso(600) }), alert({ id: 'r1', severity: 'critical', status: 'cleared_unack', resolvedAt: iso(1), createdAt: iso(2) })], 0)),
          alertSocket: fromCallback(() => () => {}),
        },
      }),
      { input: { viewer: 'coordinator' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'feed.alert', event: 'alert:new', alert: alert({ id: 'l1', severity: 'minor', createdAt: iso(0) }) });
    expect(actor.getSnapshot().context.alerts.map((a) => a.id)).toEqual(['h1', 'l1', 'r1']);
    expect(matchesView({ viewer: 'coordinator', page: 1, search: '', severity: null, type: null, status: 'cleared_unack' }, alert())).toBe(false);
    expect(matchesView({ viewer: 'coordinator', page: 1, search: '', severity: null, type: null, status: 'active_unack' }, alert())).toBe(true);
  });

  it('matches search over message, farmer and field name', () => {
    const q = { viewer: 'coordinator' as const, page: 1, severity: null, type: null, status: null };
    expect(matchesView({ ...q, search: 'ramesh' }, alert())).toBe(true);
    expect(matchesView({ ...q, search: 'north' }, alert({ message: 'x' }))).toBe(true);
    expect(matchesView({ ...q, search: 'threshold' }, alert())).toBe(true);
    expect(matchesView({ ...q, search: 'zzz' }, alert())).toBe(false);
  });
});
