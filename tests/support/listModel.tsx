/**
 * What the staff-list model tests share (farmers, coordinators, a coordinator's farmers, fields — every list
 * built on `staffList`), so each file states only what its list adds:
 *
 *   const { all, paths, transitions } = listPaths(farmersTableMachine, {
 *     events: EVENTS,
 *     rows: 'farmers',
 *     rowEvents: ['edit.open', 'farmer.deactivate'],
 *     key: (s, e) => [s.context.notice?.kind, …],
 *     screen: (s) => [s.context.notice?.kind, …],
 *   });
 *   describeModel('farmer table model', { paths, all, transitions, events: EVENTS, states: [...], render: () => ({
 *     exec: { ...listExec({ row: 'Farmer 1' }), 'farmer.deactivate': () => … }, settle, check }) });
 *
 * - `listOffers`: only what the screen offers — the pager's other pages (shown for two pages or more), a
 *   search or a draft that changes something, Dismiss while a notice shows, row buttons while rows show.
 * - `listPaths`: the walk keyed by the file's own context slice, and (with `screen`) only the fewest of its
 *   paths that still take every transition between screens the checks tell apart (see `coveringPaths`).
 * - `listExec`: the executors of the shared controls (search box, pager, edit dialog, confirm question, Dismiss).
 * - `expectRows`, `expectPager`: the table body and the pager as the context says.
 */
import { fireEvent } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { isOtherPage } from '@/machines/staffList';
import { get, queryAll } from './dom';
import { coveringPaths, eventKey, leafPaths, modelPaths, type ModelPath } from './modelHarness';

// The walk hands snapshots of any list machine; the files narrow them where they read their own context.
type Snap = any;

export type ListWalk = {
  events: readonly AnyEventObject[];
  input?: unknown;
  /** The context key of the rows shown (e.g. 'farmers'). */
  rows: string;
  /** Events that act on a row: offered only while `rowShown` (default: while any row shows). */
  rowEvents?: readonly string[];
  rowShown?: (context: any) => boolean;
  /** What else the screen refuses to offer, beyond the shared rules. */
  offers?: (s: Snap, e: any) => boolean;
  /** The context slice (and arrival) a walk state is keyed by, besides the state value. */
  key: (s: Snap, e: AnyEventObject | undefined) => unknown[];
  /**
   * What the checks tell apart on screen, part by part (an entry that is an array is one part: e.g. the rows and the
   * pager, which are read together); when given, only the paths covering its transitions are walked, and of those only
   * the ones that show every part in every state the walk reaches it in are rendered (`parts`).
   */
  screen?: (s: Snap) => unknown[];
  /** How events are told apart in the walk (default `eventKey`: type and payload). */
  serializeEvent?: (e: any) => string;
};

/** The shared rules of what a staff list offers (after `s.can(e)`). */
export function listOffers(s: Snap, e: any, walk: Pick<ListWalk, 'rows' | 'rowEvents' | 'rowShown'>): boolean {
  const c = s.context;
  if (!s.can(e)) return false;
  // The pager is shown only for two pages or more, and going to the current page is not a step.
  if (e.type === 'page.go') return c.totalPages > 1 && isOtherPage(c, e.page);
  // Typing what a box already holds fires no change event in a browser.
  if (e.type === 'search.change') return c.search !== e.value;
  if (e.type === 'edit.change') return c.edit?.[e.key] !== e.value;
  if (e.type === 'notice.dismiss') return c.notice !== null;
  if (walk.rowEvents?.includes(e.type)) return (walk.rowShown ?? ((x) => x[walk.rows].length > 0))(c);
  return true;
}

/**
 * The walk of a list machine (`all`) and the paths to render (`paths`: all of them, or those covering `screen`'s
 * `transitions`, which the guard test then holds them to), and `screen`'s `parts` for describeModel's `screen`.
 */
export function listPaths(
  machine: AnyStateMachine,
  walk: ListWalk,
): {
  all: ModelPath[];
  paths: ModelPath[];
  transitions?: (before: Snap, e: any, after: Snap) => string;
  parts?: (s: Snap) => string[];
} {
  const serializeEvent = walk.serializeEvent ?? eventKey;
  const all = modelPaths(machine, {
    events: walk.events,
    input: walk.input,
    filterEvents: (s, e) => listOffers(s, e, walk) && (walk.offers?.(s, e) ?? true),
    serializeState: (s, e) => [JSON.stringify(s.value), ...walk.key(s, e)].join('|'),
    serializeEvent,
  });
  const screen = walk.screen;
  if (!screen) return { all, paths: all };
  const shown = (s: Snap) => [JSON.stringify(s.value), ...screen(s)].join('|');
  const transitions = (before: Snap, e: any, after: Snap) => [before && shown(before), serializeEvent(e), shown(after)].join(' ');
  const parts = (s: Snap) => screen(s).map((part, i) => `${JSON.stringify(s.value)} ${i}=${JSON.stringify(part)}`);
  return { all, paths: coveringPaths(leafPaths(all), transitions), transitions, parts };
}

/** Executors of the controls every staff list shares; `row` is the name of the row the row buttons act on. */
export function listExec({ row }: { row: string }) {
  const cancel = () => fireEvent.click(get('button', 'Cancel'));
  return {
    'xstate.init': () => {},
    'search.change': (e: { value: string }) => fireEvent.change(get('searchbox'), { target: { value: e.value } }),
    'page.go': (e: { page: number }) => fireEvent.click(get('button', `Page ${e.page}`)),
    'edit.open': () => fireEvent.click(get('button', `Edit: ${row}`)),
    'edit.change': (e: { key: string; value: string }) => fireEvent.change(document.querySelector(`[name="edit-${e.key}"]`)!, { target: { value: e.value } }),
    'edit.save': () => fireEvent.click(get('button', /^(Save|Saving\.\.\.)$/)),
    'edit.cancel': cancel,
    'notice.dismiss': () => fireEvent.click(get('button', 'Dismiss')),
    'confirm.accept': () => fireEvent.click(get('button', 'Confirm')),
    'confirm.cancel': cancel,
  };
}

/** The table body: the first cell of each row is the listed names, or the one row saying the list is empty. */
export function expectRows(names: readonly string[], empty: string) {
  const rows = queryAll('row').slice(1);
  if (!names.length) {
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(empty);
  } else expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual([...names]);
}

/** The pager: absent for one page, else named by the page shown (and, numbered, marking it current). */
export function expectPager(c: { page: number; totalPages: number }, { numbered = true } = {}) {
  const pager = document.querySelector('nav.pager');
  if (c.totalPages < 2) return expect(pager).toBeNull();
  expect(pager).toHaveAccessibleName(`Page ${c.page} of ${c.totalPages}`);
  if (numbered) expect(get('button', `Page ${c.page}`, pager!)).toHaveAttribute('aria-current', 'page');
}
