/// <reference lib="webworker" />
/**
 * ShetMitra's service worker (built by vite-plugin-pwa, injectManifest; docs/offline.md). Root scope.
 * - Precaches the app shell, the farmer screens, the Devanagari font and the catalogs (the list is injected at build,
 *   filtered in scripts/pwaConfig.ts), so a reload without network opens the app.
 * - Every page navigation falls back to the precached page; /api and /socket.io are never touched here: the API
 *   always goes to the network, and what a screen last showed is the app's own cache (src/services/offlineCache.ts).
 * - A new version waits until the user chooses 'update' (message SKIP_WAITING); nothing is swapped under a running session.
 * - Web Push (push, notificationclick) is public/sw-push.js, imported unchanged.
 * - Background Sync for the offline write queue: a 'sync' event with the tag OUTBOX_SYNC_TAG tells every open window
 *   `{ type: OUTBOX_SYNC_MESSAGE }` and its outbox sends (the page holds the session's token; this worker has none and
 *   sends no write itself). With no window open the sync fails on purpose, so the browser keeps it and tries again
 *   later (a window may be open by then); the next app start sends anyway.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from './shared/outboxSync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

importScripts('/sw-push.js');

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Any screen's address opens the app from the precached page ('/' is the page the server answers for every route).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.length === 0) throw new Error('no open window to send the outbox');
      for (const w of windows) w.postMessage({ type: OUTBOX_SYNC_MESSAGE });
    }),
  );
}) as EventListener);
