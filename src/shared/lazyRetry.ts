/**
 * A lazily loaded part of the app that waits out a lost network instead of failing. On 2G a chunk's download
 * (or its CSS, which Vite preloads with it) can fail because the signal dropped or the server is restarting; a plain
 * React.lazy then throws into the tree, and a part outside every error boundary (the update prompt, the header's
 * bell) takes the whole screen down. Here a failed import is tried again when the browser says it is back online,
 * or after a growing pause (1, 2, 4, 8, then every 15 s), and its Suspense fallback stays on screen meanwhile.
 * A chunk that is gone for good (an old version's file after a release) keeps the fallback; the update prompt
 * (service worker) is what brings the new version.
 */
import { lazy, type ComponentType } from 'react';

const PAUSES_MS = [1000, 2000, 4000, 8000, 15_000];

/** `load()`, again and again until it succeeds: on the `online` event or after the next pause. */
export function retryImport<T>(load: () => Promise<T>, pauses: readonly number[] = PAUSES_MS): Promise<T> {
  return new Promise<T>((resolve) => {
    let failures = 0;
    const attempt = () => {
      load().then(resolve, () => {
        const pause = pauses[Math.min(failures++, pauses.length - 1)];
        const again = () => {
          clearTimeout(timer);
          globalThis.removeEventListener?.('online', again);
          attempt();
        };
        const timer = setTimeout(again, pause);
        globalThis.addEventListener?.('online', again);
      });
    };
    attempt();
  });
}

/** React.lazy with retryImport. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's own
export const lazyRetry = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) => lazy(() => retryImport(load));
