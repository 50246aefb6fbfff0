/**
 * The farmer's inbox (/messages): their coordinator's messages, newest first; opening one marks it read;
 * a message pushed while the inbox is shown appears at the top at once.
 */
import { assign, fromPromise, setup } from 'xstate';
import { listInbox, markMessageRead, type Inbox, type InboxMessage, type MessageNew } from '@/services/messages';
import { socketFeed } from './socketFeed';

export const inboxMachine = setup({
  types: {
    context: {} as { page: number; messages: InboxMessage[]; unread: number; totalPages: number; openId: string | null; loadFailed: boolean },
    events: {} as
      | { type: 'page.go'; page: number }
      | { type: 'message.open'; id: string }
      | { type: 'message.close' }
      | { type: 'message.new'; message: MessageNew },
  },
  actors: {
    load: fromPromise<Inbox, { page: number }>(({ input, signal }) => listInbox(input.page, signal)),
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markMessageRead(input.id)),
    watchMessages: socketFeed({ pushes: { 'message:new': (message: MessageNew) => ({ type: 'message.new' as const, message }) } }),
  },
  guards: {
    isUnread: ({ context, event }) =>
      event.type === 'message.open' && context.messages.some((m) => m._id === event.id && m.readAt === null),
  },
}).createMachine({
  id: 'inbox',
  context: { page: 1, messages: [], unread: 0, totalPages: 1, openId: null, loadFailed: false },
  initial: 'loading',
  invoke: { id: 'watchMessages', src: 'watchMessages' },
  on: {
    'message.new': {
      actions: assign({
        messages: ({ context, event }) => [{ ...event.message, readAt: null }, ...context.messages.filter((m) => m._id !== event.message._id)],
        unread: ({ context }) => context.unread + 1,
      }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ page: context.page }),
        onDone: {
          target: 'ready',
          actions: assign({
            messages: ({ event }) => event.output.messages,
            unread: ({ event }) => event.output.unread,
            totalPages: ({ event }) => event.output.pagination.totalPages,
            loadFailed: false,
          }),
        },
        // Nothing from before stays: no old count of unread messages, no pages to a list that did not load.
        onError: { target: 'ready', actions: assign({ messages: [], unread: 0, totalPages: 1, loadFailed: true }) },
      },
    },
    ready: {
      on: {
        'page.go': { target: 'loading', actions: assign({ page: ({ context, event }) => Math.min(Math.max(1, event.page), context.totalPages) }) },
        'message.open': [
          {
            guard: 'isUnread',
            target: 'marking',
            actions: assign({
              openId: ({ event }) => event.id,
              // Shown as read at once; the server call below records it.
              messages: ({ context, event }) => context.messages.map((m) => (m._id === event.id ? { ...m, readAt: new Date().toISOString() } : m)),
              unread: ({ context }) => Math.max(0, context.unread - 1),
            }),
          },
          { actions: assign({ openId: ({ event }) => event.id }) },
        ],
        'message.close': { actions: assign({ openId: null }) },
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: 'ready',
        // Marked again the next time it is opened after a reload.
        onError: 'ready',
      },
      on: { 'message.close': { actions: assign({ openId: null }) } },
    },
  },
});
