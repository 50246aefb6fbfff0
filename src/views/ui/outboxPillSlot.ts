/**
 * Where the outbox's count is said: the header's pill (OutboxIndicator) says '2 waiting to send' on every screen that
 * has the header; the offline banner says it only on a screen with no pill, so an offline screen says it once.
 * The header marks its pill's place while it is mounted (`useOutboxPillPlace`), before paint (a layout effect), so
 * the banner never shows the count for a frame and then drops it.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';

let places = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The header: its pill's place is on screen while `shown` (the signed-in user has an outbox). */
export function useOutboxPillPlace(shown: boolean) {
  useLayoutEffect(() => {
    if (!shown) return;
    places += 1;
    changed();
    return () => {
      places -= 1;
      changed();
    };
  }, [shown]);
}

/** The banner: true while a header's pill says the count. */
export const useOutboxPillShown = () =>
  useSyncExternalStore(
    subscribe,
    () => places > 0,
    () => false,
  );
