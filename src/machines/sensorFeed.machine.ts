/**
 * The live feed of one field: waits for the socket, joins the field's room, and forwards each pushed
 * reading to its parent. After a reconnect that socket.io could not recover it fetches what was missed
 * since the last reading it saw, so the chart has no hole. Its parent hears `feed.status`,
 * `feed.reading` and `feed.points`. While the socket is on its way back by itself (a server restart, a
 * dropped network) the status is 'reconnecting'; 'offline' is a socket that is not coming back on its own.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { last24h, type ReadingEvent, type SeriesPoint } from '@/services/sensors';
import { socketFeed } from './socketFeed';

export type FieldSocketEvent =
  /** Connected (again). `recovered`: socket.io restored the session, rooms and missed events itself. */
  | { type: 'socket.up'; recovered: boolean }
  /** Disconnected. `reconnecting`: the socket is on its way back by itself (false: signed out, or given up). */
  | { type: 'socket.down'; reconnecting: boolean }
  /** The field's room is joined (after every connect). */
  | { type: 'socket.joined' }
  /** The server refused the field's room. */
  | { type: 'socket.refused'; error: Error }
  | { type: 'socket.reading'; reading: ReadingEvent };

/** The field's room and its pushed readings, with the connection's changes. */
export const fieldSocket = socketFeed<FieldSocketEvent, { fieldId: string }>({
  fields: ({ fieldId }) => [fieldId],
  pushes: { 'reading:new': (reading, { fieldId }) => (reading.fieldId === fieldId ? { type: 'socket.reading', reading } : null) },
  changes: (c) =>
    c.kind === 'up'
      ? { type: 'socket.up', recovered: c.recovered }
      : c.kind === 'down'
        ? { type: 'socket.down', reconnecting: c.reconnecting }
        : c.kind === 'joined'
          ? { type: 'socket.joined' }
          : { type: 'socket.refused', error: c.error },
});

/** What the chart missed while the socket was away. */
export const fetchSince = fromPromise<SeriesPoint[], { fieldId: string; since: string | null }>(({ input, signal }) =>
  last24h(input.fieldId, input.since ?? undefined, signal).then((r) => r.data),
);

export type FeedStatus = 'offline' | 'reconnecting' | 'joining' | 'catchingUp' | 'live' | 'failed';

export type SensorFeedParentEvent =
  | { type: 'feed.status'; status: FeedStatus }
  | { type: 'feed.reading'; reading: ReadingEvent }
  | { type: 'feed.points'; points: SeriesPoint[] };

const later = (a: string | null, b: string) => (a === null || b > a ? b : a);

export const sensorFeedMachine = setup({
  types: {
    context: {} as { fieldId: string; lastSeenAt: string | null; recovered: boolean },
    input: {} as { fieldId: string; lastSeenAt: string | null },
    events: {} as FieldSocketEvent,
  },
  actors: { fieldSocket, fetchSince },
  actions: {
    logError: (_, _params: { what: string; error: unknown }) => {},
    /** Tell the invoking machine (named, so a traversal of this machine alone can stub it). */
    tellParent: sendParent((_, event: SensorFeedParentEvent) => event),
  },
}).createMachine({
  id: 'sensorFeed',
  context: ({ input }) => ({ fieldId: input.fieldId, lastSeenAt: input.lastSeenAt, recovered: false }),
  invoke: { id: 'fieldSocket', src: 'fieldSocket', input: ({ context }) => ({ fieldId: context.fieldId }) },
  initial: 'offline',
  on: {
    'socket.reading': {
      actions: [
        assign({ lastSeenAt: ({ context, event }) => later(context.lastSeenAt, event.reading.timestamp) }),
        { type: 'tellParent', params: ({ event }) => ({ type: 'feed.reading', reading: event.reading }) },
      ],
    },
    'socket.down': [{ guard: ({ event }) => event.reconnecting, target: '.reconnecting' }, { target: '.offline' }],
  },
  states: {
    offline: {
      entry: { type: 'tellParent', params: { type: 'feed.status', status: 'offline' } },
      on: { 'socket.up': { target: 'joining', actions: assign({ recovered: ({ event }) => event.recovered }) } },
    },
    reconnecting: {
      entry: { type: 'tellParent', params: { type: 'feed.status', status: 'reconnecting' } },
      // Rooms are per connection: join again, and catch up unless socket.io restored the session.
      on: { 'socket.up': { target: 'joining', actions: assign({ recovered: ({ event }) => event.recovered }) } },
    },
    joining: {
      entry: { type: 'tellParent', params: { type: 'feed.status', status: 'joining' } },
      // fieldSocket joins the room on every connect and says how it went.
      on: {
        'socket.joined': [{ guard: ({ context }) => context.recovered, target: 'live' }, { target: 'catchingUp' }],
        'socket.refused': {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'field:watch', error: event.error }) },
        },
      },
    },
    catchingUp: {
      entry: { type: 'tellParent', params: { type: 'feed.status', status: 'catchingUp' } },
      invoke: {
        id: 'fetchSince',
        src: 'fetchSince',
        input: ({ context }) => ({ fieldId: context.fieldId, since: context.lastSeenAt }),
        onDone: {
          target: 'live',
          actions: [
            assign({ lastSeenAt: ({ context, event }) => event.output.reduce((at, p) => later(at, p.timestamp), context.lastSeenAt) }),
            { type: 'tellParent', params: ({ event }) => ({ type: 'feed.points', points: event.output }) },
          ],
        },
        // The live stream still works; only the gap stays.
        onError: {
          target: 'live',
          actions: { type: 'logError', params: ({ event }) => ({ what: 'catch up', error: event.error }) },
        },
      },
    },
    live: { entry: { type: 'tellParent', params: { type: 'feed.status', status: 'live' } } },
    failed: {
      entry: { type: 'tellParent', params: { type: 'feed.status', status: 'failed' } },
      on: { 'socket.up': { target: 'joining', actions: assign({ recovered: false }) } },
    },
  },
});
