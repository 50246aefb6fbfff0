/** Shared bits of the staff model tests: an English IntlProvider render and a deferred promise. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';

export function renderEn(ui: ReactElement) {
  return render(
    <IntlProvider locale="en" defaultLocale="en" onError={() => {}}>
      {ui}
    </IntlProvider>,
  );
}

export type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Serialises a snapshot for path generation: state value + context keys that change the UI. */
export const keyOf = (s: { value: unknown; context: unknown }, pick: (c: never) => unknown) =>
  `${JSON.stringify(s.value)}|${JSON.stringify(pick(s.context as never))}`;
