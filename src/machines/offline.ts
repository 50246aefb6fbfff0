/**
 * What a machine needs to show a screen offline (issue 17; docs/offline.md): keep what it showed (`keep`), read it
 * back when a load fails because the network is away (`recallKept`, `networkAway`), and learn when the browser is
 * online again (`watchOnline`, which sends `network.online`). The phone's store (idb) is imported on first use,
 * after the first paint: it is not in the farmer's initial JavaScript (budget).
 */
import { fromCallback } from 'xstate';
import { isNetworkFailure } from '@/shared/httpError';
import type { Cached } from '@/services/offlineCache';

export type { Cached } from '@/services/offlineCache';

const offlineCache = () => import('@/services/offlineCache');

/** Keeps `value` as the signed-in user's last seen `what` (best effort: never fails). */
export const keep = (what: string, value: unknown) =>
  void offlineCache()
    .then(({ remember }) => remember(what, value))
    .catch(() => undefined);

/** The signed-in user's last seen `what`, with when it was seen, or null. */
export const recallKept = <T>(what: string): Promise<Cached<T> | null> => offlineCache().then(({ recall }) => recall<T>(what));

/** A guard: the failed load got no answer (offline, dropped, timed out), so the kept copy is shown. */
export const networkAway = ({ event }: { event: unknown }) => isNetworkFailure((event as { error?: unknown }).error);

/** Tells the machine when the browser is online again. */
export const watchOnline = fromCallback(({ sendBack }) => {
  const online = () => sendBack({ type: 'network.online' });
  window.addEventListener('online', online);
  return () => window.removeEventListener('online', online);
});
