/**
 * Helpers for the account screens' generated path tests: render inside intl (English catalog, so
 * assertions read plainly) and a memory router; a deferred promise per invoked actor; the path list
 * with readable names; and the completeness check that keeps executors and assertions in step
 * with the machine.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { fromCallback } from 'xstate';
import { SessionContext } from '../../../src/machines/session.context';
import { sessionMachine } from '../../../src/machines/session.machine';
import { farmer, grant } from '../../support/sessionFixtures';
import { memoryLocation } from 'wouter/memory-location';
import { expect } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import en from '../../../src/i18n/messages/en.json';
import mr from '../../../src/i18n/messages/mr.json';

const signedIn = sessionMachine.provide({ actors: { authBridge: fromCallback(() => () => {}) } });

export function renderAccount(ui: ReactElement, { locale = 'en', path = '/' }: { locale?: 'en' | 'mr'; path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : mr} defaultLocale="mr" onError={() => {}}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {/* A signed-in session for the shared header; its effects are not under test here. */}
        <SessionContext.Provider logic={signedIn} options={{ input: { stored: grant(farmer, 1) } }}>
          {ui}
        </SessionContext.Provider>
      </Router>
    </IntlProvider>,
  );
  return { ...utils, location };
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

/** A failed call as http.ts makes it: status plus the server's translated message. */
export function httpError(status: number, english?: string) {
  return Object.assign(new Error(english ?? `HTTP ${status}`), {
    status,
    serverMessage: (lang: string) => (english ? `${english}${lang === 'english' ? '' : ` [${lang}]`}` : undefined),
  });
}

/** The state value as a dotted string ('edit.saveFailed'). */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value as Record<string, unknown>)[0];
  return `${k}.${stateKey(v)}`;
}

/**
 * The exact snapshots along a path. Paths are keyed on a slice of context, so the snapshot stored in a
 * step may have come by another route; replaying the path's events purely gives this path's own.
 */
export function replay(machine: AnyStateMachine, events: EventObject[], input?: unknown) {
  let snap = getInitialSnapshot(machine, input as never);
  return events.map((e) => (snap = e.type === 'xstate.init' ? snap : getNextSnapshot(machine, snap, e as never)));
}

/**
 * Shortest paths to every (state, context slice, event, previous state) combination: each transition
 * of the machine ends at least one path. `slice` picks the context that guards depend on.
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  events: EventObject[],
  slice: (context: any) => unknown,
  extra: {
    input?: unknown;
    stopWhen?: (s: any) => boolean;
    unchanged?: (context: any, e: any) => boolean;
    /** Key on the previous state too (more paths; needed when one event reaches a state from several). */
    withPrevious?: boolean;
  } = {},
) {
  const paths = getShortestPaths(machine, {
    events: events as never,
    input: extra.input as never,
    stopWhen: extra.stopWhen,
    // Typing the value a field already holds fires no change event in a browser: not a real step.
    filterEvents: (s: any, e: any) => s.can(e) && !extra.unchanged?.(s.context, e),
    serializeState: (s: any, e: any, prev: any) =>
      `${JSON.stringify(s.value)}|${JSON.stringify(slice(s.context))}|${e?.type}|${extra.withPrevious === false ? '' : JSON.stringify(prev?.value)}`,
  } as never);
  return paths.map((p: any) => [p.steps.map((s: any) => s.event.type.replace('xstate.', '')).join(' → '), p] as const);
}

/** Every event has an executor and every reachable state an assertion, so machine edits cannot outrun the suite. */
export function expectComplete(
  paths: readonly (readonly [string, { steps: { event: EventObject; state: { value: unknown } }[] }])[],
  exec: Record<string, unknown>,
  assertState: Record<string, unknown>,
) {
  const events = new Set<string>();
  const states = new Set<string>();
  for (const [, p] of paths) for (const s of p.steps) {
    events.add(s.event.type);
    states.add(stateKey(s.state.value));
  }
  expect([...events].sort()).toEqual(Object.keys(exec).sort());
  expect([...states].sort()).toEqual(Object.keys(assertState).sort());
}
