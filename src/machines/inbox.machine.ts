/**
 * The farmer's inbox (/messages): their coordinator's messages, newest first; opening one marks it read;
 * a message pushed while the inbox is shown appears at the top at once. After a reconnect the socket could not
 * recover (pushes were lost meanwhile), the feed's catch-up reads the page again (after a mark-as-read under way).
 * Offline (issue 17): the first page is kept on the phone; a load lost to the network shows that copy (messages
 * open to read; nothing is marked) with its time, until the browser is online again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { listInbox, markMessageRead, type InboxMessage, type MessageNew } from '@/services/messages';
import { recall, remember, type Cached } from '@/services/offlineCache';
import { isNetworkFailure } from '@/shared/httpError';
import { watchOnline } from './offline';
import { socketFeed } from './socketFeed';
import { asPage, firstPage, pageLoader, staffList, type Paged } from './staffList';

type FeedEvent = { type: 'message.new'; message: MessageNew } | { type: 'feed.stale' };
type InboxEvent =
  | { type: 'page.go'; page: number }
  | { type: 'message.open'; id: string }
  | { type: 'message.close' }
  | { type: 'network.online' }
  /** The offline banner's Retry: a slow network that timed out never fires the browser's 'online' event. */
  | { type: 'inbox.retry' }
  | FeedEvent;
/**
 * `stale`: pushes were lost while marking a message read; the page is read again once that is done.
 * `offlineAt`: when the copy shown offline was last seen.
 */
type InboxContext = Paged<'messages', InboxMessage> & {
  unread: number;
  openId: string | null;
  loadFailed: boolean;
  stale: boolean;
  offlineAt: string | null;
};

/** What the phone keeps of the inbox: its first page. */
export const INBOX_KEY = 'inbox.page1';
export type CachedInbox = { messages: InboxMessage[]; unread: number };

/**
 * The list kit's paging (the server pages by 10). A failed load keeps nothing from before: no old count of unread
 * messages, no pages to a list that did not load, no open message (a catch-up reloads with one open).
 */
const list = staffList<InboxContext, InboxEvent>({
  id: 'inbox',
  rows: 'messages',
  query: (c) => ({ page: c.page }),
  loaded: (out) => ({ unread: out.unread as number, loadFailed: false, offlineAt: null }),
  loadFailed: { set: { unread: 0, loadFailed: true, openId: null } },
  afterLoad: ['rememberPage'],
});

export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
  },
  actors: {
    load: pageLoader(async ({ page }: { page: number }, signal) => {
      const r = await listInbox(page, signal);
      return { ...asPage(r.messages, r.pagination), unread: r.unread };
    }),
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markMessageRead(input.id)),
    recallInbox: fromPromise<Cached<CachedInbox> | null>(() => recall<CachedInbox>(INBOX_KEY)),
    watchOnline,
    watchMessages: socketFeed<FeedEvent>({
      pushes: { 'message:new': (message: MessageNew) => ({ type: 'message.new', message }) },
      catchUp: () => [{ type: 'feed.stale' }],
    }),
  },
  actions: {
    /** Page 1 as shown, kept on the phone (best effort). */
    rememberPage: ({ context }) => {
      if (context.page === 1) void remember<CachedInbox>(INBOX_KEY, { messages: context.messages, unread: context.unread });
    },
  },
  guards: {
    networkAway: ({ event }) => isNetworkFailure((event as { error?: unknown }).error),
    stale: ({ context }) => context.stale,
    isUnread: ({ context, event }) =>
      event.type === 'message.open' && context.messages.some((m) => m._id === event.id && m.readAt === null),
  },
}).createMachine({
  id: 'inbox',
  context: { ...firstPage('messages'), unread: 0, openId: null, loadFailed: false, stale: false, offlineAt: null },
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
      ...list.loading,
      invoke: { ...list.loading.invoke, onError: [{ guard: 'networkAway', target: 'offline' }, list.loading.invoke.onError] as never },
      entry: assign({ stale: false }),
      // A load under way may have been answered before what was lost: it starts again.
      on: { ...list.loading.on, 'feed.stale': { target: 'loading', reenter: true } },
    },
    ready: {
      on: {
        ...list.ready,
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
        'feed.stale': 'loading',
      },
    },
    /** The network is away: the kept first page, read-only, until the browser is online again. */
    offline: {
      tags: ['offline'],
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      entry: assign({ openId: null }),
      on: { 'network.online': { target: 'loading', actions: assign({ page: 1, offlineAt: null }) } },
      initial: 'reading',
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'recallInbox',
            src: 'recallInbox',
            onDone: [
              {
                guard: ({ event }) => event.output !== null,
                target: 'shown',
                actions: assign(({ event }) => ({
                  messages: event.output!.value.messages,
                  unread: event.output!.value.unread,
                  page: 1,
                  totalPages: 1,
                  loadFailed: false,
                  offlineAt: event.output!.savedAt,
                })),
              },
              { target: 'nothingSaved' },
            ],
            onError: 'nothingSaved',
          },
        },
        shown: {
          on: {
            'message.open': { actions: assign({ openId: ({ event }) => event.id }) },
            'message.close': { actions: assign({ openId: null }) },
            'inbox.retry': { target: '#inbox.loading', actions: assign({ page: 1, offlineAt: null }) },
          },
        },
        nothingSaved: {
          entry: assign({ messages: [], unread: 0, page: 1, totalPages: 1, loadFailed: false, offlineAt: null }),
          on: { 'inbox.retry': { target: '#inbox.loading', actions: assign({ page: 1, offlineAt: null }) } },
        },
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.openId! }),
        // A reload waits for the mark, so the page it reads has the message read.
        onDone: [{ guard: 'stale', target: 'loading' }, 'ready'],
        // Marked again the next time it is opened after a reload.
        onError: [{ guard: 'stale', target: 'loading' }, 'ready'],
      },
      on: {
        'message.close': { actions: assign({ openId: null }) },
        'feed.stale': { actions: assign({ stale: true }) },
      },
    },
  },
});
