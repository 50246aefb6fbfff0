/**
 * Generated path tests for the admins' audit trail (issue 19): every shortest path through auditTrailMachine
 * (pages, each filter and clearing them, opening an entry's changes, the CSV export and its failure, a failed
 * load), driven through the real view and checked on screen. A path sets one filter at a time (then clears it),
 * which keeps the walk small; each filter's own effect on the request is checked in `loading`.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { auditTrailMachine } from '@/machines/auditTrail.machine';
import { AuditTrailView } from '@/views/admin/AuditTrailView';
import { HttpError } from '@/services/http';
import type { AuditEntry } from '../../contracts/audit';
import { startApiServer } from '../support/apiServer';
import { get, getLabelled, query } from '../support/dom';
import { coveringPaths, describeModel, leafPaths, modelPaths, pendingActors, renderView, replay } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof auditTrailMachine>;

const ACTORS = [
  { _id: 'a-1', name: 'Asha Admin', role: 'admin' as const },
  { _id: 'c-1', name: 'Sunil Pawar', role: 'coordinator' as const },
];
const entry = (id: string, over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: id,
  createdAt: '2026-05-04T08:30:00.000Z',
  actor: { _id: 'a-1', name: 'Asha Admin', role: 'admin' },
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0',
  action: 'user.deactivate',
  target: { type: 'user', id: 'f-1', name: 'Ramesh Patil' },
  changes: { status: { before: 'Active', after: 'Inactive' } },
  ...over,
});
const PAGE = {
  items: [entry('e-1'), entry('e-2', { action: 'alert.assign', target: { type: 'alert', id: 'x', name: null }, actor: { _id: 'c-1', name: 'Sunil Pawar', role: 'coordinator' }, changes: {} })],
  totalPages: 2,
  actors: ACTORS,
};
const EMPTY = { items: [], totalPages: 1, actors: ACTORS };

const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.done.actor.load', output: EMPTY },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
  { type: 'page.go', page: 2 },
  { type: 'page.go', page: 1 },
  { type: 'filter.actor', value: 'c-1' },
  { type: 'filter.action', value: 'user.deactivate' },
  { type: 'filter.target', value: 'alert' },
  { type: 'filter.from', value: '2026-05-01' },
  { type: 'filter.to', value: '2026-05-31' },
  { type: 'filters.clear' },
  { type: 'entry.toggle', id: 'e-1' },
  { type: 'export.start' },
  { type: 'xstate.done.actor.exportAll', output: new Blob(['Time (UTC)\n'], { type: 'text/csv' }) },
  { type: 'xstate.error.actor.exportAll', error: new HttpError(500, 'server') },
  { type: 'notice.dismiss' },
];

const FILTER_KEYS = ['actor', 'action', 'targetType', 'from', 'to'] as const;
const setFilter = (s: Snap) => FILTER_KEYS.find((k) => s.context[k] !== null) ?? 'none';
const keyOf = (e: Ev) =>
  e.type === 'xstate.done.actor.load' ? `load.done(${e.output.items.length})` : e.type === 'page.go' ? `page.go(${e.page})` : e.type;
const stateName = (s: Snap) => String(s.value);
const screenOf = (s: Snap) => {
  const c = s.context;
  return `${stateName(s)}|${c.page}/${c.totalPages}|${c.entries.length}|${c.open}|${c.notice?.kind ?? ''}|${setFilter(s) !== 'none'}`;
};

const all = modelPaths(auditTrailMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => {
    if (!s.can(e as never)) return false;
    // The pager offers only other pages that exist; an entry's button only while it is on screen.
    if (e.type === 'page.go') return s.context.totalPages > 1 && e.page !== s.context.page && e.page <= s.context.totalPages;
    if (e.type === 'entry.toggle') return s.context.entries.some((x) => x._id === e.id && Object.keys(x.changes).length > 0);
    // One filter at a time; a person can be picked once the list of people has come.
    if (e.type.startsWith('filter.')) return setFilter(s) === 'none' && (e.type !== 'filter.actor' || s.context.actors.some((a) => a._id === e.value));
    if (e.type === 'notice.dismiss') return s.context.notice !== null;
    return true;
  },
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${screenOf(s)}|${e ? keyOf(e) : ''}|${prev ? stateName(prev) : ''}`,
});
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const FILTER_INPUT: Record<(typeof FILTER_KEYS)[number], string> = { actor: 'Person', action: 'Action', targetType: 'Kind of record', from: 'From day', to: 'To day' };

let drive: ReturnType<typeof pendingActors>;
let downloads: string[] = [];

function commonChecks(s: Snap) {
  const c = s.context;
  for (const k of FILTER_KEYS) expect((getLabelled(FILTER_INPUT[k]) as HTMLInputElement).value).toBe(c[k] ?? '');
  expect(get('button', 'Clear filters')).toHaveProperty('disabled', setFilter(s) === 'none' || s.matches('exporting'));
  const alert = query('alert');
  if (c.notice?.kind === 'loadFailed') expect(alert).toHaveTextContent('The audit trail could not be loaded.');
  else if (c.notice?.kind === 'exportFailed') expect(alert).toHaveTextContent('The audit trail could not be exported.');
  else expect(alert).toBeNull();
}

function rows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

const assertState: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    commonChecks(s);
    expect(screen.getByRole('region', { name: 'Audit trail' })).toHaveAttribute('aria-busy', 'true');
    expect(get('button', 'Export CSV')).toBeDisabled();
    // The request is the page and the filters on screen.
    const c = s.context;
    expect(drive.inputs.load.at(-1)).toEqual({ page: c.page, actor: c.actor, action: c.action, targetType: c.targetType, from: c.from, to: c.to });
  },
  ready: (s) => {
    commonChecks(s);
    const c = s.context;
    expect(get('button', 'Export CSV')).toBeEnabled();
    if (c.entries.length === 0) expect(screen.getByText('No entries match these filters.')).toBeInTheDocument();
    else {
      expect(rows()).toHaveLength(c.entries.length);
      expect(rows()[0]).toHaveTextContent('Deactivated a user');
      expect(rows()[0]).toHaveTextContent('Asha Admin (Admin)');
      expect(rows()[0]).toHaveTextContent('User: Ramesh Patil');
      expect(rows()[0]).toHaveTextContent('203.0.113.7 · Chrome · Android');
      expect(rows()[1]).toHaveTextContent('No field changed');
      const toggle = within(rows()[0]).getByRole('button');
      expect(toggle).toHaveAttribute('aria-expanded', String(c.open === 'e-1'));
      if (c.open === 'e-1') expect(rows()[0]).toHaveTextContent('StatusActive → Inactive');
      else expect(toggle).toHaveTextContent('Show 1 change');
    }
  },
  exporting: (s) => {
    commonChecks(s);
    expect(get('button', 'Exporting…')).toBeDisabled();
  },
};

describeModel('audit trail model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: auditTrailMachine,
  states: Object.keys(assertState),
  stateKeys: (s: Snap) => [stateName(s)],
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: (path) => {
    // The walk keys states on a slice of context (which filter is set is not in it): check this path's own snapshots.
    const own = replay(auditTrailMachine, path.steps.map((st) => st.event)) as Snap[];
    drive = pendingActors();
    downloads = [];
    const logic = auditTrailMachine.provide({
      actors: { load: drive.actor('load'), exportAll: drive.actor('exportAll') },
      actions: { download: (_, p: { name: string }) => void downloads.push(p.name) },
    });
    renderView(<AuditTrailView logic={logic} />, { session: 'admin', intlLocale: 'en', path: '/audit' });
    const change = (label: string, value: string) => fireEvent.change(getLabelled(label), { target: { value } });
    return {
      settle: drive.settle,
      exec: {
        'xstate.init': () => {},
        'page.go': (e: Ev) => fireEvent.click(get('button', `Page ${e.page}`)),
        'filter.actor': (e: Ev) => change('Person', e.value),
        'filter.action': (e: Ev) => change('Action', e.value),
        'filter.target': (e: Ev) => change('Kind of record', e.value),
        'filter.from': (e: Ev) => change('From day', e.value),
        'filter.to': (e: Ev) => change('To day', e.value),
        'filters.clear': () => fireEvent.click(get('button', 'Clear filters')),
        'entry.toggle': () => fireEvent.click(within(rows()[0]).getByRole('button')),
        'export.start': () => fireEvent.click(get('button', 'Export CSV')),
        'notice.dismiss': () => fireEvent.click(get('button', 'Dismiss')),
      },
      check: (_, i) => {
        assertState[stateName(own[i])](own[i]);
        // One saved file per finished export, named for the trail.
        const exported = path.steps.slice(0, i + 1).filter((st) => st.event.type === 'xstate.done.actor.exportAll').length;
        expect(downloads).toEqual(Array(exported).fill('audit-trail.csv'));
      },
    };
  },
});

describe('audit trail against the API', () => {
  /** The end of the day picked in 'To day', in the browser's time zone, as the request carries it. */
  const DAY_END = new Date('2026-05-31T23:59:59.999').toISOString();
  it('lists /audit with the filters shown, opens and closes an entry, clears the filters and exports them (the machine’s own calls)', async () => {
    let lists = 0;
    let exports = 0;
    const api = await startApiServer(({ path, query: q }) => {
      if (path === '/api/v1/audit/actors') return { status: 200, body: { actors: ACTORS } };
      if (path === '/api/v1/audit/export') return ++exports === 1 ? { status: 500, body: { statusCode: 500, error: 'boom' } } : { status: 200, body: 'csv' };
      if (path !== '/api/v1/audit') return { status: 404 };
      // The first read fails; the next ones answer the page of what the filters find.
      if (lists++ === 0) return { status: 500, body: { statusCode: 500, error: 'boom' } };
      const rows = q.actor === 'c-1' ? [PAGE.items[1]] : PAGE.items;
      return { status: 200, body: { entries: rows, pagination: { page: Number(q.page), limit: 20, total: rows.length, totalPages: 1 } } };
    });
    const downloads: string[] = [];
    try {
      const logic = auditTrailMachine.provide({ actions: { download: (_, p: { name: string }) => void downloads.push(p.name) } });
      renderView(<AuditTrailView logic={logic} />, { session: 'admin', intlLocale: 'en', path: '/audit' });
      expect(await screen.findByRole('alert')).toHaveTextContent('The audit trail could not be loaded.');
      // A filter loads again, and what loads puts the notice away.
      fireEvent.change(getLabelled('Action'), { target: { value: 'user.deactivate' } });
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(query('alert')).toBeNull();
      const toggle = () => within(rows()[0]).getByRole('button');
      fireEvent.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(rows()[0]).toHaveTextContent('StatusActive → Inactive');
      fireEvent.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(get('button', 'Clear filters'));
      await waitFor(() => expect(api.calls('/audit')).toHaveLength(3));
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(getLabelled('Action')).toHaveValue('');
      fireEvent.change(getLabelled('Person'), { target: { value: 'c-1' } });
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(getLabelled('Person')).toHaveValue('c-1');
      fireEvent.change(getLabelled('Kind of record'), { target: { value: 'alert' } });
      await waitFor(() => expect(api.calls('/audit')).toHaveLength(5));
      await waitFor(() => expect(rows()).toHaveLength(1));
      fireEvent.change(getLabelled('To day'), { target: { value: '2026-05-31' } });
      await waitFor(() => expect(api.calls('/audit')).toHaveLength(6));
      await waitFor(() => expect(rows()).toHaveLength(1));
      // The first export fails; the next one puts that notice away as it starts, and saves the file.
      fireEvent.click(get('button', 'Export CSV'));
      expect(await screen.findByRole('alert')).toHaveTextContent('The audit trail could not be exported.');
      fireEvent.click(get('button', 'Export CSV'));
      expect(query('alert')).toBeNull();
      await waitFor(() => expect(downloads).toEqual(['audit-trail.csv']));
      await waitFor(() => expect(get('button', 'Export CSV')).toBeEnabled());
      expect(api.calls('/audit').map((r) => r.query)).toEqual([
        { page: '1', limit: '20' },
        { page: '1', limit: '20', action: 'user.deactivate' },
        { page: '1', limit: '20' },
        { page: '1', limit: '20', actor: 'c-1' },
        { page: '1', limit: '20', actor: 'c-1', targetType: 'alert' },
        { page: '1', limit: '20', actor: 'c-1', targetType: 'alert', to: DAY_END },
      ]);
      const filters = { actor: 'c-1', targetType: 'alert', to: DAY_END };
      expect(api.calls('/audit/export').map((r) => r.query)).toEqual([filters, filters]);
    } finally {
      await api.close();
    }
  }, 20_000);

  it('refuses a filter that changes nothing (no reload)', () => {
    const actor = createActor(auditTrailMachine.provide({ actors: { load: pendingActors().actor('load') } })).start();
    actor.send({ type: 'xstate.done.actor.load', output: PAGE } as never);
    expect(actor.getSnapshot().value).toBe('ready');
    for (const e of [{ type: 'filter.actor', value: null }, { type: 'filter.from', value: '' }] as const) expect(actor.getSnapshot().can(e)).toBe(false);
    actor.send({ type: 'filter.action', value: 'user.deactivate' });
    actor.send({ type: 'xstate.done.actor.load', output: PAGE } as never);
    expect(actor.getSnapshot().can({ type: 'filter.action', value: 'user.deactivate' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'filter.action', value: null })).toBe(true);
    actor.stop();
  });
});
