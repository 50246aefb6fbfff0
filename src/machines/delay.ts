import { fromPromise } from 'xstate';

/** Waits `ms`; an actor (not `after`) so the generated path tests can finish the wait themselves. */
export const delay = fromPromise<void, { ms: number }>(
  ({ input, signal }) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, input.ms);
      signal.addEventListener('abort', () => clearTimeout(timer));
    }),
);
