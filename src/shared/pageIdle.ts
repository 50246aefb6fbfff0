/**
 * When work that the first screen does not need may run (issue 17, fast on a cheap phone): once the page has
 * loaded, the browser has had an idle moment, and the first screen's own requests and rendering have had a few
 * more seconds to themselves (`SETTLE_MS`): the below-the-fold parts (views/ui/WhenNeeded) wait for it. The service
 * worker's registration waits only for the page's load (`whenPageLoaded`, docs/offline.md). Without `requestIdleCallback` (Safari), a short timeout stands
 * in for it; without a document (node) or a layout engine (jsdom, the web tests) it resolves at once.
 */
export const SETTLE_MS = 3000;

let settled: Promise<void> | null = null;

const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const noLayout = () => typeof document === 'undefined' || typeof window === 'undefined' || /jsdom/i.test(navigator.userAgent);

let pageLoaded: Promise<void> | null = null;

/**
 * Once the page has loaded (the browser's `load` event: the first screen's JavaScript, CSS and catalog are in).
 * The service worker registers then (docs/offline.md, 'When the worker registers'): a first visit that loses the
 * network seconds later still has the app; the precache downloads in the worker's own thread, not on the page's.
 */
export function whenPageLoaded(): Promise<void> {
  pageLoaded ??= noLayout() ? Promise.resolve() : loaded();
  return pageLoaded;
}

export function whenPageIdle(): Promise<void> {
  settled ??= noLayout()
    ? Promise.resolve()
    : loaded()
        .then(idle)
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS)))
        .then(idle);
  return settled;
}
