/**
 * The app's service worker (src/sw.ts, built to /sw.js) through workbox-window: registered for every visitor once
 * the page has loaded (main.tsx, shared/pageIdle.ts `whenPageLoaded`: installing it downloads the whole precache in the worker's thread; Web Push uses the same registration, src/services/pushDevice.ts), and told to take over only when the
 * user chooses to update; the page reloads once the new version controls it.
 */
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from './pushDevice';

export type AppWorker = {
  /** Activates the waiting version (the user's click), then reloads the page under it. */
  activate(): void;
};

/** Registers the worker; `onWaiting` runs when a new version is installed and waits. Null where there is none to register. */
export function registerAppWorker(onWaiting: () => void): AppWorker | null {
  // The Vite dev server has no built worker; jsdom and old browsers have no service workers.
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  wb.addEventListener('waiting', () => onWaiting());
  wb.register().catch((error: unknown) => console.error('service worker registration failed', error));
  return {
    activate() {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    },
  };
}
