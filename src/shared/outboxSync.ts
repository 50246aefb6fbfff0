/**
 * The words the page and the service worker share for Background Sync of the offline outbox (issue 17): the page
 * registers OUTBOX_SYNC_TAG when it queues a write; the worker, woken with that tag once the network is back, posts
 * `{ type: OUTBOX_SYNC_MESSAGE }` to every open window, whose outbox then sends (the page holds the session's token;
 * the worker never sends a write itself). Plain constants, no I/O: src/sw.ts and src/services/outbox.ts import them.
 */
export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_SYNC_MESSAGE = 'outbox.sync';
