/**
 * What the page and the service worker (src/sw.ts) agree on for Background Sync of the offline write queue: the
 * page registers `OUTBOX_SYNC_TAG` when it queues a write; when the browser fires that sync, the worker posts
 * `{ type: OUTBOX_SYNC_MESSAGE }` to every open window, whose outbox machine then sends the queue.
 */
export const OUTBOX_SYNC_TAG = 'shetmitra-outbox';
export const OUTBOX_SYNC_MESSAGE = 'outbox-sync';
