/**
 * The bell in every role's header (issue 16): the unread count and the newest notifications, kept live by the
 * server's `notification:new` / `notification:unread` pushes on the person's own room and read again after a
 * reconnect that lost pushes. The panel opens and closes, loads more pages, marks one or all read, and opening a
 * notification goes to the thing it is about (and marks it read).
 *
 * Two regions: `panel` (closed | open) and `list` (unloaded | loading | failed | ready: idle, refreshing, loadingMore,
 * markingOne, markingAll). At sign-in only the unread count is read (a few bytes on 2G, for the badge); the list
 * is read the first time the bell opens, and read again on each later open while the shown one stays on screen.
 * A `notification:new` push adds its notification to the list (open or not) without another request.
 */
import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import {
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
} from '@/services/notifications';
import type { NotificationPush, NotificationUnreadPush } from '../../contracts/notifications';
import { socketFeed } from './socketFeed';

export type { NotificationItem } from '@/services/notifications';

/** One page as the machine keeps it. */
export type NotificationPage = { items: NotificationItem[]; unread: number; page: number; totalPages: number };

export type NotificationNotice = { kind: 'moreFailed' | 'markFailed' | 'refreshFailed'; error: unknown };

export type NotificationCentreContext = {
  items: NotificationItem[];
  /** null until the count is known (or while it could not be read). */
  unread: number | null;
  page: number;
  totalPages: number;
  /** Why the first page did not load. */
  error: unknown;
  notice: NotificationNotice | null;
  /** The notification being marked read. */
  markingId: string | null;
};

type LiveEvent =
  | { type: 'notifications.pushed'; notification: NotificationItem; unread: number }
  | { type: 'notifications.unreadChanged'; unread: number }
  | { type: 'notifications.stale' };

export type NotificationCentreEvent =
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  | { type: 'list.retry' }
  | { type: 'list.more' }
  | { type: 'notification.markRead'; id: string }
  | { type: 'notification.open'; id: string }
  | { type: 'notifications.markAllRead' }
  | LiveEvent;

const pageOf = async (page: number, signal: AbortSignal): Promise<NotificationPage> => {
  const r = await listNotifications({ page, limit: NOTIFICATION_PAGE_SIZE }, signal);
  return { items: r.notifications, unread: r.unread, page: r.pagination.page, totalPages: Math.max(1, r.pagination.totalPages) };
};

const now = () => new Date().toISOString();
const readOne = (items: NotificationItem[], id: string | null) => items.map((n) => (n._id === id && n.readAt === null ? { ...n, readAt: now() } : n));
const readAll = (items: NotificationItem[]) => items.map((n) => (n.readAt === null ? { ...n, readAt: now() } : n));
const isUnread = (c: NotificationCentreContext, id: string) => c.items.some((n) => n._id === id && n.readAt === null);

export const notificationCentreMachine = setup({
  types: {
    context: {} as NotificationCentreContext,
    events: {} as NotificationCentreEvent,
  },
  actors: {
    loadPage: fromPromise<NotificationPage, { page: number }>(({ input, signal }) => pageOf(input.page, signal)),
    loadCount: fromPromise<{ unread: number }>(({ signal }) => getUnreadCount(signal)),
    markRead: fromPromise<{ unread: number }, { id: string }>(({ input }) => markNotificationRead(input.id)),
    markAllRead: fromPromise<{ unread: number }>(() => markAllNotificationsRead()),
    watchNotifications: socketFeed<LiveEvent>({
      pushes: {
        'notification:new': ({ notification, unread }: NotificationPush) => ({ type: 'notifications.pushed', notification, unread }),
        'notification:unread': ({ unread }: NotificationUnreadPush) => ({ type: 'notifications.unreadChanged', unread }),
      },
      // Pushes were lost while away (a server restart, a long sleep): read the count (and, if open, the list) again.
      catchUp: () => [{ type: 'notifications.stale' }],
    }),
  },
  actions: {
    /** Goes to the thing a notification is about (provided by the view with the router's navigate). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasMore: ({ context }) => context.page < context.totalPages,
    panelOpen: stateIn({ panel: 'open' }),
    /** Read before the event is taken: `panel.open` opens a closed panel (the bell of an open one closes it). */
    opening: stateIn({ panel: 'closed' }),
    openUnread: ({ context, event }) => event.type === 'notification.open' && isUnread(context, event.id),
    markable: ({ context, event }) => event.type === 'notification.markRead' && isUnread(context, event.id),
    anyUnread: ({ context }) => (context.unread ?? 0) > 0 || context.items.some((n) => n.readAt === null),
    known: ({ context, event }) => event.type === 'notification.open' && context.items.some((n) => n._id === event.id),
  },
}).createMachine({
  id: 'notificationCentre',
  type: 'parallel',
  context: { items: [], unread: null, page: 1, totalPages: 1, error: null, notice: null, markingId: null },
  invoke: { id: 'watchNotifications', src: 'watchNotifications' },
  on: {
    'notifications.pushed': {
      actions: assign({
        items: ({ context, event }) => [event.notification, ...context.items.filter((n) => n._id !== event.notification._id)],
        unread: ({ event }) => event.unread,
      }),
    },
    'notifications.unreadChanged': {
      actions: assign({
        unread: ({ event }) => event.unread,
        // Read everywhere (another device marked them all): none of the shown ones is unread any more.
        items: ({ context, event }) => (event.unread === 0 ? readAll(context.items) : context.items),
      }),
    },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'panel.open': 'open' } },
        open: {
          tags: ['open'],
          on: {
            'panel.close': 'closed',
            'notification.open': {
              guard: and(['known', stateIn({ list: 'ready' })]),
              target: 'closed',
              actions: { type: 'navigate', params: ({ context, event }) => ({ to: context.items.find((n) => n._id === event.id)!.link }) },
            },
          },
        },
      },
    },
    list: {
      initial: 'unloaded',
      on: { 'notifications.stale': [{ guard: 'panelOpen', target: '.loading' }, { target: '.unloaded' }] },
      states: {
        // Closed since sign-in (or since a catch-up): only the count is known; opening the bell reads the list.
        unloaded: {
          invoke: {
            id: 'loadCount',
            src: 'loadCount',
            onDone: { actions: assign({ unread: ({ event }) => event.output.unread }) },
            // Not known (a count from before a catch-up may be wrong): no number until a push or an open tells it.
            onError: { actions: assign({ unread: null }) },
          },
          on: { 'panel.open': { guard: 'opening', target: 'loading' } },
        },
        loading: {
          tags: ['loading'],
          entry: assign({ notice: null, markingId: null }),
          invoke: {
            id: 'loadFirst',
            src: 'loadPage',
            input: { page: 1 },
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ ...event.output, error: null })),
            },
            // The panel says it could not load and offers Retry (the count, if known, stays on the badge).
            onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        failed: {
          tags: ['failed'],
          on: { 'list.retry': { guard: 'panelOpen', target: 'loading' }, 'panel.open': { guard: 'opening', target: 'loading' } },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // A later open reads the first page again, the shown list staying until it comes.
                'panel.open': { guard: 'opening', target: 'refreshing', actions: assign({ notice: null }) },
                'list.more': { guard: and(['panelOpen', 'hasMore']), target: 'loadingMore', actions: assign({ notice: null }) },
                'notification.markRead': {
                  guard: and(['panelOpen', 'markable']),
                  target: 'markingOne',
                  actions: assign({ markingId: ({ event }) => event.id, notice: null }),
                },
                'notification.open': {
                  guard: and(['panelOpen', 'openUnread']),
                  target: 'markingOne',
                  actions: assign({ markingId: ({ event }) => event.id, notice: null }),
                },
                'notifications.markAllRead': { guard: and(['panelOpen', 'anyUnread']), target: 'markingAll', actions: assign({ notice: null }) },
              },
            },
            refreshing: {
              tags: ['busy', 'refreshing'],
              invoke: {
                id: 'refresh',
                src: 'loadPage',
                input: { page: 1 },
                onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output })) },
                onError: { target: 'idle', actions: assign({ notice: ({ event }) => ({ kind: 'refreshFailed' as const, error: event.error }) }) },
              },
            },
            loadingMore: {
              tags: ['busy', 'loadingMore'],
              invoke: {
                id: 'loadMore',
                src: 'loadPage',
                input: ({ context }) => ({ page: context.page + 1 }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const seen = new Set(context.items.map((n) => n._id));
                    return {
                      items: [...context.items, ...event.output.items.filter((n) => !seen.has(n._id))],
                      unread: event.output.unread,
                      page: event.output.page,
                      totalPages: event.output.totalPages,
                    };
                  }),
                },
                onError: { target: 'idle', actions: assign({ notice: ({ event }) => ({ kind: 'moreFailed' as const, error: event.error }) }) },
              },
            },
            markingOne: {
              tags: ['busy'],
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }) => ({ id: context.markingId! }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    items: ({ context }) => readOne(context.items, context.markingId),
                    unread: ({ event }) => event.output.unread,
                    markingId: null,
                  }),
                },
                onError: { target: 'idle', actions: assign({ notice: ({ event }) => ({ kind: 'markFailed' as const, error: event.error }), markingId: null }) },
              },
            },
            markingAll: {
              tags: ['busy'],
              invoke: {
                id: 'markAllRead',
                src: 'markAllRead',
                onDone: { target: 'idle', actions: assign({ items: ({ context }) => readAll(context.items), unread: ({ event }) => event.output.unread }) },
                onError: { target: 'idle', actions: assign({ notice: ({ event }) => ({ kind: 'markFailed' as const, error: event.error }) }) },
              },
            },
          },
        },
      },
    },
  },
});
