/**
 * The live feed of one field: waits for the socket, joins the field's room, and forwards each pushed
 * reading to its parent. After a reconnect that socket.io could not recover it fetches what was missed
 * since the last reading it saw, so the chart has no hole. Its parent hears `feed.status`,
 * `feed.reading` and `feed.points`. While the socket is on its way back by itself (a server restart, a
 * dropped network) the status is 'reconnecting'; 'offline' is a socket that is not coming back on its own.
 */
import { assign, sendParent, setup } from 'xstate';
import { fetchSince, fieldSocket, watchField, type FieldSocketEvent } from '@/services/feed';
import type { ReadingEvent, SeriesPoint } from '@/services/sensors';

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
  actors: { fieldSocket, watchField, fetchSince },
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
      invoke: {
        id: 'watchField',
        src: 'watchField',
        input: ({ context }) => ({ fieldId: context.fieldId }),
        onDone: [{ guard: ({ context }) => context.recovered, target: 'live' }, { target: 'catchingUp' }],
        onError: {
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
