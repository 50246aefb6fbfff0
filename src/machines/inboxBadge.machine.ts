/**
 * The farmer's unread-messages badge in the header: the count is read once, then follows the server's
 * `inbox:unread` pushes (a new message, or one read on any device) and is read again after a reconnect,
 * so a message sent while the phone was offline still shows.
 */
import { assign, fromPromise, setup } from 'xstate';
import { unreadMessages } from '@/services/messages';
import type { ConnectionState } from '@/services/socket';
import { socketFeed } from './socketFeed';

type ConnectionEvent = { type: 'socket.connectionChanged'; state: ConnectionState };

export const inboxBadgeMachine = setup({
  types: {
    /** `unread` is null until the count is known (or when it could not be read). */
    context: {} as { unread: number | null },
    events: {} as { type: 'inbox.unreadChanged'; unread: number } | ConnectionEvent,
  },
  actors: {
    loadUnread: fromPromise<number>(({ signal }) => unreadMessages(signal)),
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
  guards: {
    reconnected: ({ event }) => event.type === 'socket.connectionChanged' && event.state === 'connected',
  },
}).createMachine({
  id: 'inboxBadge',
  context: { unread: null },
  invoke: [
    { id: 'watchUnread', src: 'watchUnread' },
    { id: 'watchConnection', src: 'watchConnection' },
  ],
  on: { 'inbox.unreadChanged': { actions: assign({ unread: ({ event }) => event.unread }) } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUnread',
        src: 'loadUnread',
        onDone: { target: 'ready', actions: assign({ unread: ({ event }) => event.output }) },
        // The link still works; the count comes with the next push or reconnect.
        onError: 'ready',
      },
    },
    ready: {
      on: { 'socket.connectionChanged': { guard: 'reconnected', target: 'loading' } },
    },
  },
});
