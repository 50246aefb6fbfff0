/** The staff model tests render with English defaults (the catalogs' English equals the defaults). */
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { deferred, type Deferred } from '../../support/deferred';
import { IntlProvider } from 'react-intl';

export { deferred, type Deferred } from '../../support/deferred';

export function renderEn(ui: ReactElement) {
  return render(
    <IntlProvider locale="en" defaultLocale="en" onError={() => {}}>
      {ui}
    </IntlProvider>,
  );
}

/**
 * Promise actors the path test settles itself: `actor(id)` is the logic to provide, and each run of it
 * leaves its promise in `pending[id]`. `settle(e)` finishes the one an `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` event names (inside act) and says whether `e` was such an event.
 */
export function pendingActors() {
  const pending: Record<string, Deferred<unknown>> = {};
  const actor = (id: string) => fromPromise(() => (pending[id] = deferred()).promise) as never;
  const settle = async (e: { type: string; output?: unknown; error?: unknown }) => {
    const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
    if (!m) return false;
    const p = pending[m[2]];
    await act(async () => (m[1] === 'done' ? p.resolve(e.output) : p.reject(e.error)));
    return true;
  };
  return { actor, settle };
}
