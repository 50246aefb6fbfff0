/**
 * The offline outbox (issue 17): sends the writes made without a network (services/outbox.ts) when it comes back.
 *
 *   loading → offline | online ⇄ syncing → online (next item) | waiting (the server said "not now", or no answer)
 *
 * - offline: the browser says so; items wait. `outbox.online` (the window's `online` event) → online.
 * - online: sends the oldest sendable item (queued and younger than OUTBOX_MAX_AGE), one at a time, each with its
 *   own Idempotency-Key; nothing to send → stays.
 * - syncing: one delivery. Sent → the item leaves the list; refused (4xx) → the item stays, 'refused', with the
 *   server's reason, until the user discards it (either way the server answered: online); no answer / 5xx / 429 →
 *   waiting, or offline when the browser is.
 * - waiting: the next `outbox.online`, `outbox.sync` (the service worker's Background Sync message, the app
 *   start, a periodic nudge) or a new item tries again.
 * An item replaced by a later write of its kind (a profile edit, services/outbox.ts) leaves the list (`outbox.replaced`).
 * An item older than OUTBOX_MAX_AGE is never sent by itself: the panel offers resend or discard.
 * Which items wait, were refused or are too old is the context's (`waitingItems`, `refusedItems`, `staleItem`).
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  deliver,
  discard,
  isStale,
  listOutbox,
  onOutbox,
  OUTBOX_MAX_AGE_MS,
  OUTBOX_SYNC_MESSAGE,
  requeue,
  type Delivery,
  type OutboxItem,
} from '@/services/outbox';

/** An outbox item, and what a write that may be queued answers (views and stories read them). */
export type { OutboxItem, SendOrQueued } from '@/services/outbox';

export type OutboxEvent =
  | { type: 'outbox.online' }
  | { type: 'outbox.offline' }
  | { type: 'outbox.sync' }
  | { type: 'outbox.added'; item: OutboxItem }
  | { type: 'outbox.replaced'; id: string }
  | { type: 'outbox.discard'; id: string }
  | { type: 'outbox.resend'; id: string };

type Context = { userId: string | null; items: OutboxItem[]; online: boolean; maxAgeMs: number };

/** How often a waiting outbox tries again by itself while the page is open. */
export const OUTBOX_NUDGE_MS = 15_000;

/** The browser's connectivity, the service worker's sync message, new items and a periodic nudge, as events. */
const watch = fromCallback<OutboxEvent, { userId: string | null }>(({ sendBack, input }) => {
  const online = () => sendBack({ type: 'outbox.online' });
  const offline = () => sendBack({ type: 'outbox.offline' });
  const fromWorker = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === OUTBOX_SYNC_MESSAGE) sendBack({ type: 'outbox.sync' });
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  const stop = onOutbox((n) => {
    if (n.item.userId !== input.userId) return;
    if (n.type === 'added') sendBack({ type: 'outbox.added', item: n.item });
    else if (n.outcome === 'replaced') sendBack({ type: 'outbox.replaced', id: n.item.id });
  });
  const nudge = setInterval(() => sendBack({ type: 'outbox.sync' }), OUTBOX_NUDGE_MS);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
    stop();
    clearInterval(nudge);
  };
});

const sendable = (c: Context) => c.items.find((i) => i.status === 'queued' && !isStale(i, Date.now(), c.maxAgeMs));
const without = (items: OutboxItem[], id: string) => items.filter((i) => i.id !== id);

/** What the header and the panel show. */
export const waitingItems = (c: Context) => c.items.filter((i) => i.status !== 'refused');
export const refusedItems = (c: Context) => c.items.filter((i) => i.status === 'refused');
export const staleItem = (c: Context, item: OutboxItem, now = Date.now()) => item.status === 'queued' && isStale(item, now, c.maxAgeMs);

export const outboxMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { userId: string | null; maxAgeMs?: number; online?: boolean },
    events: {} as OutboxEvent,
  },
  actors: {
    load: fromPromise<OutboxItem[], { userId: string | null }>(({ input }) => (input.userId ? listOutbox(input.userId) : Promise.resolve([]))),
    watch,
    deliver: fromPromise<Delivery, OutboxItem>(({ input }) => deliver(input)),
  },
  actions: {
    /** Effects on the stored items (the machine's own list is updated by the next action). */
    forget: ({ context, event }) => {
      const item = 'id' in event ? context.items.find((i) => i.id === event.id) : undefined;
      if (item) void discard(item);
    },
    storeResent: ({ context, event }) => {
      const item = 'id' in event ? context.items.find((i) => i.id === event.id) : undefined;
      if (item) void requeue(item);
    },
    /** An old item sent again by the user: queued, its age counted from now, its key kept. */
    markResent: assign({
      items: ({ context, event }) =>
        context.items.map((i) => ('id' in event && i.id === event.id ? { ...i, status: 'queued' as const, createdAt: Date.now(), lastError: null } : i)),
    }),
    drop: assign({ items: ({ context, event }) => ('id' in event ? without(context.items, event.id) : context.items) }),
  },
  guards: {
    online: ({ context }) => context.online,
    hasSendable: ({ context }) => sendable(context) !== undefined,
    /** No answer, and the browser is (or went) offline meanwhile: wait for it to come back. */
    laterOffline: ({ context, event }) =>
      (event as { output?: Delivery }).output?.outcome === 'later' && (!context.online || (typeof navigator !== 'undefined' && navigator.onLine === false)),
    later: ({ event }) => (event as { output?: Delivery }).output?.outcome === 'later',
    known: ({ context, event }) => 'id' in event && context.items.some((i) => i.id === event.id && staleItem(context, i)),
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    userId: input.userId,
    items: [],
    online: input.online ?? (typeof navigator === 'undefined' ? true : navigator.onLine),
    maxAgeMs: input.maxAgeMs ?? OUTBOX_MAX_AGE_MS,
  }),
  invoke: { id: 'watch', src: 'watch', input: ({ context }) => ({ userId: context.userId }) },
  on: {
    'outbox.added': { actions: assign({ items: ({ context, event }) => [...without(context.items, event.item.id), event.item] }) },
    'outbox.discard': {
      // Only what the user decides about: a refused item, or one too old to send by itself.
      guard: ({ context, event }) => context.items.some((i) => i.id === event.id && (i.status === 'refused' || staleItem(context, i))),
      actions: ['forget', 'drop'],
    },
    'outbox.resend': { guard: 'known', actions: ['storeResent', 'markResent'] },
    'outbox.replaced': { actions: 'drop' },
    'outbox.online': { actions: assign({ online: true }) },
    'outbox.offline': { actions: assign({ online: false }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ userId: context.userId }),
        // A try cut short by a closed tab ('sending') waits again.
        onDone: {
          target: 'connecting',
          actions: assign({
            items: ({ context, event }) => [
              ...event.output.map((i) => (i.status === 'sending' ? { ...i, status: 'queued' as const } : i)),
              ...context.items.filter((i) => !event.output.some((o) => o.id === i.id)),
            ],
          }),
        },
        onError: 'connecting',
      },
    },
    connecting: {
      always: [{ guard: 'online', target: 'online' }, { target: 'offline' }],
    },
    offline: {
      on: {
        'outbox.online': { target: 'online', actions: assign({ online: true }) },
        'outbox.sync': 'online',
      },
    },
    online: {
      always: { guard: 'hasSendable', target: 'syncing' },
      on: {
        'outbox.offline': { target: 'offline', actions: assign({ online: false }) },
        'outbox.sync': { target: 'online', reenter: true },
        'outbox.resend': { guard: 'known', target: 'online', reenter: true, actions: ['storeResent', 'markResent'] },
        'outbox.added': { target: 'online', reenter: true, actions: assign({ items: ({ context, event }) => [...without(context.items, event.item.id), event.item] }) },
      },
    },
    syncing: {
      invoke: {
        id: 'deliver',
        src: 'deliver',
        input: ({ context }) => sendable(context)!,
        onDone: [
          {
            guard: 'laterOffline',
            target: 'offline',
            actions: assign({ items: ({ context, event }) => context.items.map((i) => (i.id === event.output.item.id ? event.output.item : i)), online: false }),
          },
          {
            guard: 'later',
            target: 'waiting',
            actions: assign({ items: ({ context, event }) => context.items.map((i) => (i.id === event.output.item.id ? event.output.item : i)) }),
          },
          // The server answered (sent, or refused): the network works, whatever the browser said before (a Background
          // Sync or a nudge woke an offline outbox). Before, a sent item stayed listed ('sending') when the outbox
          // had been offline, and the outbox went back to offline with the rest of the items unsent.
          {
            target: 'online',
            actions: assign({
              items: ({ context, event }) =>
                event.output.outcome === 'sent'
                  ? without(context.items, event.output.item.id)
                  : context.items.map((i) => (i.id === event.output.item.id ? event.output.item : i)),
              online: true,
            }),
          },
        ],
        onError: 'waiting',
      },
    },
    waiting: {
      on: {
        'outbox.online': { target: 'online', actions: assign({ online: true }) },
        'outbox.sync': 'online',
        'outbox.resend': { guard: 'known', target: 'online', actions: ['storeResent', 'markResent'] },
        'outbox.added': { target: 'online', actions: assign({ items: ({ context, event }) => [...without(context.items, event.item.id), event.item] }) },
        'outbox.offline': { target: 'offline', actions: assign({ online: false }) },
      },
    },
  },
});
