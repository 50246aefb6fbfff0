/**
 * The farmer's unread-messages badge in the header: the count is read once, then follows the server's
 * `inbox:unread` pushes (a new message, or one read on any device) and is read again after a reconnect,
 * so a message sent while the phone was offline still shows.
 * Offline (issue 17): the count is kept on the phone; a read lost to the network shows the kept count until the
 * browser is online again (or the socket reconnects), then it is read afresh.
 */
import { assign, fromPromise, setup } from 'xstate';
import { unreadMessages } from '@/services/messages';
import type { ConnectionState } from '@/services/socket';
import { keep, networkAway, recallKept, watchOnline, type Cached } from './offline';
import { socketFeed } from './socketFeed';

type ConnectionEvent = { type: 'socket.connectionChanged'; state: ConnectionState };

/** What the phone keeps of the badge: the last known count of unread messages. */
export const UNREAD_KEY = 'inbox.unread';

export const inboxBadgeMachine = setup({
  types: {
    /** `unread` is null until the count is known (or when it could not be read). */
    context: {} as { unread: number | null },
    events: {} as { type: 'inbox.unreadChanged'; unread: number } | { type: 'network.online' } | ConnectionEvent,
  },
  actors: {
    loadUnread: fromPromise<number>(({ signal }) => unreadMessages(signal)),
    recallUnread: fromPromise<Cached<number> | null>(() => recallKept<number>(UNREAD_KEY)),
    watchOnline,
    watchUnread: socketFeed({ pushes: { 'inbox:unread': ({ unread }: { unread: number }) => ({ type: 'inbox.unreadChanged' as const, unread }) } }),
    watchConnection: socketFeed<ConnectionEvent>({
      changes: (c) =>
        c.kind === 'up'
          ? { type: 'socket.connectionChanged', state: 'connected' }
          : c.kind === 'down'
            ? { type: 'socket.connectionChanged', state: c.reconnecting ? 'connecting' : 'disconnected' }
            : null,
    }),
  },
  actions: {
    /** The count as shown, kept on the phone (best effort). */
    rememberUnread: ({ context }) => {
      if (context.unread !== null) keep(UNREAD_KEY, context.unread);
    },
  },
  guards: {
    networkAway,
    reconnected: ({ event }) => event.type === 'socket.connectionChanged' && event.state === 'connected',
  },
}).createMachine({
  id: 'inboxBadge',
  context: { unread: null },
  invoke: [
    { id: 'watchUnread', src: 'watchUnread' },
    { id: 'watchConnection', src: 'watchConnection' },
  ],
  on: { 'inbox.unreadChanged': { actions: [assign({ unread: ({ event }) => event.unread }), 'rememberUnread'] } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUnread',
        src: 'loadUnread',
        onDone: { target: 'ready', actions: [assign({ unread: ({ event }) => event.output }), 'rememberUnread'] },
        // The link still works; the count comes with the next push or reconnect (offline: the kept count meanwhile).
        onError: [{ guard: 'networkAway', target: 'offline' }, { target: 'ready' }],
      },
    },
    /** The network is away: the count last seen (none when nothing was kept), until the browser is online again. */
    offline: {
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      on: {
        'network.online': 'loading',
        'socket.connectionChanged': { guard: 'reconnected', target: 'loading' },
      },
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'recallUnread',
            src: 'recallUnread',
            onDone: [{ guard: ({ event }) => event.output !== null, target: 'shown', actions: assign({ unread: ({ event }) => event.output!.value }) }, { target: 'shown' }],
            onError: 'shown',
          },
        },
        shown: {},
      },
    },
    ready: {
      on: { 'socket.connectionChanged': { guard: 'reconnected', target: 'loading' } },
    },
  },
});
