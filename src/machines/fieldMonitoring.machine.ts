/**
 * Field monitoring (spec section 2, Field Monitoring): pages of 10 fields with search and a status filter
 * (changing either goes back to page 1), and the Field Details modal, which loads the field and its last
 * 7 days of readings side by side and keeps the timeline current from the live reading feed while open.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  getFieldDetail,
  getMyFieldDetail,
  getMySensorTimeline,
  getSensorTimeline,
  listAdminFields,
  listCoordinatorFields,
  listMyFields,
  type FieldDetail,
  type FieldRow,
  type SensorTimeline,
} from '@/services/fields';
import type { ReadingPush } from '../../contracts/socket';
import type { Role } from '../../contracts/roles';
import { socketFeed } from './socketFeed';
import { asPage, firstPage, pageLoader, staffList, STAFF_PAGE_SIZE, type Paged } from './staffList';

export type LiveReading = Pick<ReadingPush, 'fieldId' | 'type' | 'value' | 'timestamp'>;

export const MONITOR_PAGE_SIZE = STAFF_PAGE_SIZE;
export const TIMELINE_DAYS = 7;
export type HealthFilter = 'all' | 'good' | 'warning' | 'alert';
export type MonitoringInput = { actorRole: Role };
/**
 * Where the list and the details come from: the spec's staff endpoints for admins and coordinators, and the
 * caller-scoped ones for a farmer (their own fields only; the server answers 404 for anyone else's).
 */
export type FieldSource = 'admin' | 'coordinator' | 'own';
export const fieldSource = (role: MonitoringInput['actorRole']): FieldSource => (role === 'farmer' ? 'own' : role === 'coordinator' ? 'coordinator' : 'admin');

const timelineOf = (id: string, source: FieldSource, signal?: AbortSignal) =>
  source === 'own' ? getMySensorTimeline(id, TIMELINE_DAYS, signal) : getSensorTimeline(id, TIMELINE_DAYS, signal);

type LiveEvent = { type: 'reading.new'; reading: LiveReading } | { type: 'timeline.caughtUp'; timeline: SensorTimeline };

/**
 * The field's room for as long as the details are open, its readings passed on; after a reconnect socket.io did
 * not recover (a server restart) it joins again and reads the timeline again, so nothing pushed meanwhile is missing.
 * (The server only lets a socket join fields it may see.)
 */
export const watchFieldReadings = socketFeed<LiveEvent, { fieldId: string; source: FieldSource }>({
  fields: ({ fieldId }) => [fieldId],
  pushes: { 'reading:new': (reading, { fieldId }) => (reading.fieldId === fieldId ? { type: 'reading.new', reading } : null) },
  catchUp: async ({ fieldId, source }, signal) => [{ type: 'timeline.caughtUp', timeline: await timelineOf(fieldId, source, signal) }],
});

/** Adds a live reading to its sensor type's series and forgets what fell out of the window. */
export function withReading(timeline: SensorTimeline, r: LiveReading, now = Date.now()): SensorTimeline {
  const since = now - TIMELINE_DAYS * 86_400_000;
  const point = { timestamp: r.timestamp, value: r.value };
  const known = timeline.sensors.some((s) => s.type === r.type);
  const sensors = known
    ? timeline.sensors.map((s) => (s.type === r.type ? { ...s, readings: [...s.readings, point] } : s))
    : [...timeline.sensors, { type: r.type, readings: [point] }];
  return { sensors: sensors.map((s) => ({ ...s, readings: s.readings.filter((p) => Date.parse(p.timestamp) >= since) })) };
}

type MonitoringContext = MonitoringInput &
  Paged<'fields', FieldRow> & {
    search: string;
    status: HealthFilter;
    loadFailed: boolean;
    openId: string | null;
    detail: FieldDetail | null;
    timeline: SensorTimeline | null;
    detailFailed: boolean;
  };
type MonitoringEvent =
  | { type: 'search.change'; value: string }
  | { type: 'status.change'; value: HealthFilter }
  | { type: 'page.go'; page: number }
  | { type: 'details.open'; id: string }
  | { type: 'details.close' }
  | LiveEvent
  | { type: 'nav.back' }
  | { type: 'nav.addField' };
type ListQuery = { source: FieldSource; page: number; search: string; status: HealthFilter };

/** The list region: the staff-list kit's paging, search and status filter; a failed load says so over an empty list. */
const list = staffList<MonitoringContext, MonitoringEvent>({
  id: 'fieldMonitoring',
  rows: 'fields',
  query: (c): ListQuery => ({ source: fieldSource(c.actorRole), page: c.page, search: c.search, status: c.status }),
  queryEvents: {
    'search.change': (e) => ({ search: e.value }),
    'status.change': (e) => ({ status: e.value }),
  },
  loaded: () => ({ loadFailed: false }),
  loadFailed: { set: { loadFailed: true } },
});

export const fieldMonitoringMachine = setup({
  types: {
    input: {} as MonitoringInput,
    context: {} as MonitoringContext,
    events: {} as MonitoringEvent,
  },
  actors: {
    load: pageLoader(async (input: ListQuery, signal) => {
      const q = { page: input.page, limit: MONITOR_PAGE_SIZE, search: input.search || undefined, status: input.status };
      const r = await { admin: listAdminFields, coordinator: listCoordinatorFields, own: listMyFields }[input.source](q, signal);
      return asPage(r.fields, r.pagination);
    }),
    loadDetail: fromPromise<FieldDetail, { id: string; source: FieldSource }>(({ input, signal }) =>
      input.source === 'own' ? getMyFieldDetail(input.id, signal) : getFieldDetail(input.id, signal),
    ),
    loadTimeline: fromPromise<SensorTimeline, { id: string; source: FieldSource }>(({ input, signal }) => timelineOf(input.id, input.source, signal)),
    watchReadings: watchFieldReadings,
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'fieldMonitoring',
  context: ({ input }) => ({
    ...input, ...firstPage('fields'), search: '', status: 'all', loadFailed: false,
    openId: null, detail: null, timeline: null, detailFailed: false,
  }),
  type: 'parallel',
  on: {
    'nav.back': { actions: { type: 'navigate', params: { to: '/' } } },
    'nav.addField': { actions: { type: 'navigate', params: { to: '/add-field' } } },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: list.loading,
        ready: { on: list.ready },
      },
    },
    details: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'details.open': { target: 'open', actions: assign({ openId: ({ event }) => event.id, detail: null, timeline: null, detailFailed: false }) },
          },
        },
        open: {
          type: 'parallel',
          on: { 'details.close': { target: 'closed', actions: assign({ openId: null, detail: null, timeline: null }) } },
          states: {
            field: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['detailLoading'],
                  invoke: {
                    id: 'loadDetail',
                    src: 'loadDetail',
                    input: ({ context }) => ({ id: context.openId!, source: fieldSource(context.actorRole) }),
                    onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
                    onError: { target: 'failed', actions: assign({ detailFailed: true }) },
                  },
                },
                shown: {},
                failed: {},
              },
            },
            timeline: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['timelineLoading'],
                  invoke: {
                    id: 'loadTimeline',
                    src: 'loadTimeline',
                    input: ({ context }) => ({ id: context.openId!, source: fieldSource(context.actorRole) }),
                    onDone: { target: 'live', actions: assign({ timeline: ({ event }) => event.output }) },
                    // An empty timeline shows each type's 'No {type} data available.'
                    onError: { target: 'live', actions: assign({ timeline: { sensors: [] } }) },
                  },
                },
                live: {
                  invoke: {
                    id: 'watchReadings',
                    src: 'watchReadings',
                    input: ({ context }) => ({ fieldId: context.openId!, source: fieldSource(context.actorRole) }),
                  },
                  on: {
                    'reading.new': { actions: assign({ timeline: ({ context, event }) => withReading(context.timeline ?? { sensors: [] }, event.reading) }) },
                    'timeline.caughtUp': { actions: assign({ timeline: ({ event }) => event.timeline }) },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
