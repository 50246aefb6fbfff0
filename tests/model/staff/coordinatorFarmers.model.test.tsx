/** Generated paths over coordinatorFarmersMachine, each driving the real CoordinatorFarmers view. */
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { getShortestPaths } from 'xstate/graph';
import { coordinatorFarmersMachine } from '@/machines/coordinatorFarmers.machine';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import { CoordinatorFarmers } from '@/views/people/CoordinatorFarmers';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { coveringPaths, leafPaths } from '../../support/paths';
import { get } from '../../support/dom';
import { pendingActors, renderView } from '../../support/modelHarness';

const farmer = (n: number, extra: Partial<FarmerRow> = {}): FarmerRow => ({
  _id: `f-${n}`, name: `Farmer ${n}`, email: `f${n}@example.in`, phoneNumber: `98765432${10 + n}`, village: null, district: null,
  status: 'Active', coordinator: 'c-1', coordinatorName: 'Kiran', lastActive: null, fieldCount: 1, hasOpenAlert: n === 2, ...extra,
});
const LOADED = { items: [farmer(1), farmer(2)], totalPages: 2 };
const FAIL = new HttpError(500, 'server');
const EVENTS = [
  { type: 'search.change', value: 'farmer' },
  { type: 'status.change', value: 'alert' },
  { type: 'page.go', page: 2 },
  { type: 'select.toggle', id: 'f-1' },
  { type: 'select.all' },
  { type: 'message.open' },
  { type: 'message.openFor', id: 'f-2' },
  { type: 'message.change', key: 'subject', value: 'Rain' },
  { type: 'message.change', key: 'message', value: 'Cover the harvest' },
  { type: 'message.send' },
  { type: 'message.cancel' },
  { type: 'edit.open', farmer: LOADED.items[0] },
  { type: 'edit.change', key: 'name', value: '' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'farmer.view', id: 'f-1' },
  { type: 'notice.dismiss' },
  { type: 'xstate.done.actor.load', output: LOADED },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.send', output: { sentTo: 1 } },
  { type: 'xstate.error.actor.send', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
];
type Ev = { type: string; value?: string; key?: string; id?: string; page?: number; error?: unknown; output?: unknown };

const all = getShortestPaths(coordinatorFarmersMachine, {
  events: EVENTS as never,
  filterEvents: (s, e) => {
    const c = s.context;
    if (!s.can(e)) return false;
    const rows = c.farmers.length > 0;
    if (['select.toggle', 'select.all', 'message.openFor', 'edit.open', 'farmer.view'].includes(e.type)) return rows;
    if (e.type === 'page.go') return c.totalPages > 1 && c.page !== e.page;
    if (e.type === 'search.change') return c.search !== e.value;
    if (e.type === 'status.change') return c.status !== e.value;
    if (e.type === 'notice.dismiss') return c.notice !== null && !s.matches('composing');
    if (e.type === 'message.change') return c[e.key] !== e.value;
    if (e.type === 'edit.change') return c.edit?.name !== e.value;
    return true;
  },
  serializeState: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || ['farmer.view', 'notice.dismiss'].includes(e?.type ?? '') ? e?.type : '';
    return [JSON.stringify(s.value), c.farmers.length > 0, c.selected.length, !!c.subject, !!c.message, c.notice?.kind, c.editProblem, c.edit?.name === '', via].join('|');
  },
});

/**
 * The walk keys states finely (so every combination the machine can reach is explored), but rendering one path
 * per key repeats the same screens hundreds of times. Run the fewest of those paths that still take every
 * transition between screens the checks below tell apart: state, rows or not, selection size, notice, and the
 * dialog's own problem or draft. Every state value and event of the walk stays covered (the guard test).
 */
type S = (typeof all)[number]['state'];
const screenOf = (s: S) => {
  const c = s.context;
  const dialog = s.matches('composing') ? [!!c.subject, !!c.message] : s.matches('editing') ? [c.editProblem, c.edit?.name === ''] : [];
  return [JSON.stringify(s.value), c.farmers.length > 0, c.selected.length, c.notice?.kind, ...dialog].join('|');
};
const paths = coveringPaths(leafPaths(all), (before, e, after) => [before && screenOf(before), JSON.stringify(e), screenOf(after)].join(' '));

describe('coordinator farmers model', () => {
  it('walks every state and event', () => {
    expect(new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))).toEqual(
      new Set(['"loading"', '"ready"', '{"composing":"open"}', '{"composing":"sending"}', '{"editing":"open"}', '{"editing":"saving"}']),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of EVENTS) expect(used).toContain(e.type);
  });

  it.each(paths.map((p) => [p.steps.map((s) => (s.event as Ev).type).join(' → '), p] as const))('%s', async (_, path) => {
    const { actor, settle } = pendingActors();
    const navigated: string[] = [];
    const logic = coordinatorFarmersMachine.provide({
      actors: { load: actor('load'), send: actor('send'), save: actor('save') },
      actions: { navigate: (_, p) => void navigated.push(p.to) },
    });
    renderView(
      <CoordinatorFarmersContext.Provider logic={logic}>
        <CoordinatorFarmers />
      </CoordinatorFarmersContext.Provider>
, { catalog: false });
    const exec = async (e: Ev) => {
      if (await settle(e)) return;
      switch (e.type) {
        case 'xstate.init':
          return;
        case 'search.change':
          return fireEvent.change(get('searchbox'), { target: { value: e.value } });
        case 'status.change':
          return fireEvent.change(get('combobox', 'Status'), { target: { value: e.value } });
        case 'page.go':
          return fireEvent.click(get('button', 'Next'));
        case 'select.toggle':
          return fireEvent.click(get('checkbox', 'Select Farmer 1'));
        case 'select.all':
          return fireEvent.click(get('checkbox', 'Select all'));
        case 'message.open':
          return fireEvent.click(get('button', 'Send Message'));
        case 'message.openFor':
          return fireEvent.click(get('button', 'Message: Farmer 2'));
        case 'message.change':
          return fireEvent.change(document.querySelector(`[name="${e.key}"]`)!, { target: { value: e.value } });
        case 'message.send':
          return fireEvent.click(get('button', /^(Send|Sending\.\.\.)$/));
        case 'message.cancel':
        case 'edit.cancel':
          return fireEvent.click(get('button', 'Cancel'));
        case 'edit.open':
          return fireEvent.click(get('button', 'Edit: Farmer 1'));
        case 'edit.change':
          return fireEvent.change(document.querySelector('[name="edit-name"]')!, { target: { value: e.value } });
        case 'edit.save':
          return fireEvent.click(get('button', /^(Save|Saving\.\.\.)$/));
        case 'farmer.view':
          fireEvent.click(get('button', 'View: Farmer 1'));
          return expect(navigated.at(-1)).toBe('/farmer/f-1');
        case 'notice.dismiss':
          return fireEvent.click(get('button', 'Dismiss'));
      }
      throw new Error(`no executor for ${e.type}`);
    };
    for (const step of path.steps) {
      await exec(step.event as Ev);
      const s = step.state;
      const c = s.context;
      if (s.matches('ready')) {
        expect(document.querySelector('.toolbar span')).toHaveTextContent(`${c.selected.length} farmer${c.selected.length === 1 ? '' : 's'} selected`);
        if (c.notice?.kind === 'sent') expect(get('status')).toHaveTextContent('Message sent to 1 farmer');
        if (c.notice?.kind === 'loadFailed') expect(get('alert')).toHaveTextContent('Failed to load farmers');
        if (c.farmers.length) expect(document.querySelector('.pager span')).toHaveTextContent(/^Page 1 of 2$/);
        else expect(get('row', 'No farmers found.')).toBeInTheDocument();
      }
      if (s.matches({ composing: 'open' })) {
        const dialog = get('dialog', 'Send Message');
        if (c.notice?.kind === 'missing') expect(dialog).toHaveTextContent('Please fill all fields and select farmers');
        if (c.notice?.kind === 'sendFailed') expect(dialog).toHaveTextContent('Failed to send message');
      }
      if (s.matches({ composing: 'sending' })) expect(get('button', 'Sending...')).toBeDisabled();
      if (s.matches({ editing: 'open' }) && c.editProblem === 'required') {
        expect(get('dialog', 'Edit Farmer')).toHaveTextContent('Name, email and phone number are required.');
      }
    }
  });
});
