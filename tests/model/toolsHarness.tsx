/**
 * Shared pieces of the farmer-tools model tests: render inside react-intl with the real catalogs
 * (English, so assertions read plainly) and wouter on a memory location; path naming and the
 * serializer that keeps event payloads apart.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyEventObject } from 'xstate';
import en from '@/i18n/messages/en.json';

export function renderTool(ui: ReactElement) {
  const location = memoryLocation({ path: '/', record: true });
  const tree = (locale: string) => (
    <IntlProvider locale={locale} messages={en}>
      <Router hook={location.hook}>{ui}</Router>
    </IntlProvider>
  );
  const result = render(tree('en-IN'));
  /** The reader switches language (the English catalog stays, so assertions keep reading plainly). */
  const rerenderIn = (locale: string) => result.rerender(tree(locale));
  return { ...result, rerenderIn };
}

/** Distinguishes two events of one type by payload (a File serialises to {} in JSON), so both variants are explored. */
export const eventKey = (e: AnyEventObject | undefined) => {
  if (!e) return '';
  const { type, ...rest } = e;
  const payload = JSON.stringify(rest, (_k, v) => (typeof File !== 'undefined' && v instanceof File ? `file:${v.name}` : v instanceof Error ? `error:${v.message}` : v));
  return `${type}${payload === '{}' ? '' : payload}`;
};

export const serializeState = (s: { value: unknown }, e: AnyEventObject | undefined, prev?: { value: unknown }) =>
  `${JSON.stringify(s.value)}|${eventKey(e)}|${JSON.stringify(prev?.value)}`;

/** The same, plus a projection of context the guards depend on (e.g. how many fields are filled). */
export const serializeWith =
  <C,>(project: (context: C) => unknown) =>
  (s: { value: unknown; context: C }, e: AnyEventObject | undefined, prev?: { value: unknown }) =>
    `${serializeState(s, e, prev)}|${JSON.stringify(project(s.context))}`;

/** A readable test name: each step's event with its payload cut short. */
export const pathName = (steps: { event: AnyEventObject }[]) =>
  steps
    .map((s) => {
      const key = eventKey(s.event).replace(/"/g, '');
      return key.length > 60 ? `${key.slice(0, 57)}…}` : key;
    })
    .join(' → ') || 'start';

/** Every event the machine handles is in the test's event list (and nothing else): new events fail loudly. */
export const eventTypes = (events: AnyEventObject[]) => [...new Set(events.map((e) => e.type))].sort();
export const machineEventTypes = (machine: { events: readonly string[] }) => [...new Set(machine.events)].sort();

/** The value of a (possibly nested) state as one dotted string per leaf, e.g. "ready.field.weather.shown". */
export function leafValues(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafValues(v, `${prefix}${k}.`));
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
