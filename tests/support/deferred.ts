/** A promise whose settling the test controls. */
export type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A path may settle a deferred that no actor awaits any more (its state was left, or the step only checks that
  // a stale answer is ignored): that rejection is the test's own, not an unhandled error of the app.
  promise.catch(() => {});
  return { promise, resolve, reject };
}
