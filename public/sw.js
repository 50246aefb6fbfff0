/* global importScripts */
/* ShetMitra's service worker (issue 16). Root scope, so it can open any screen of the app.
   Push handling lives in sw-push.js, so a later move to Workbox (vite-plugin-pwa) can import it unchanged. */
importScripts('/sw-push.js');

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
