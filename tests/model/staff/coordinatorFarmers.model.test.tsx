/** Generated paths over coordinatorFarmersMachine, each driving the real CoordinatorFarmers view. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { coordinatorFarmersMachine } from '@/machines/coordinatorFarmers.machine';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import { CoordinatorFarmers } from '@/views/people/CoordinatorFarmers';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { deferred, renderEn, type Deferred } from './support';

const farmer = (n: number, extra: Partial<FarmerRow> = {}): FarmerRow => ({
  _id: `f-${n}`, name: `Farmer ${n}`, email: `f${n}@example.in`, phoneNumber: `98765432${10 + n}`, village: null, district: null,
  status: 'Active', coordinator: 'c-1', coordinatorName: 'Kiran', lastActive: null, fieldCount: 1, hasOpenAlert: n === 2, ...extra,
});
const LOADED = { farmers: [farmer(1), farmer(2)], totalPages: 2 };
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
  { type: 'edit.open', farmer: LOADED.farmers[0] },
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

const paths = getShortestPaths(coordinatorFarmersMachine, {
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

describe('coordinator farmers model', () => {
  it('walks every state and event', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"loading"', '"ready"', '{"composing":"open"}', '{"composing":"sending"}', '{"editing":"open"}', '{"editing":"saving"}']),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const e of EVENTS) expect(used).toContain(e.type);
  });

  it.each(paths.map((p) => [p.steps.map((s) => (s.event as Ev).type).join(' → '), p] as const))('%s', async (_, path) => {
    const pending: Record<string, Deferred<unknown>> = {};
    const actor = (id: string) => fromPromise(() => (pending[id] = deferred()).promise) as never;
    const navigated: string[] = [];
    const logic = coordinatorFarmersMachine.provide({
      actors: { load: actor('load'), send: actor('send'), save: actor('save') },
      actions: { navigate: (_, p) => void navigated.push(p.to) },
    });
    renderEn(
      <CoordinatorFarmersContext.Provider logic={logic}>
        <CoordinatorFarmers />
      </CoordinatorFarmersContext.Provider>,
    );
    const exec = async (e: Ev) => {
      if (/^xstate\.(done|error)\.actor\./.test(e.type)) {
        const id = e.type.split('.').at(-1)!;
        return act(async () => (e.type.includes('.done.') ? pending[id].resolve(e.output) : pending[id].reject(e.error)));
      }
      switch (e.type) {
        case 'xstate.init':
          return;
        case 'search.change':
          return fireEvent.change(screen.getByRole('searchbox'), { target: { value: e.value } });
        case 'status.change':
          return fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: e.value } });
        case 'page.go':
          return fireEvent.click(screen.getByRole('button', { name: 'Next' }));
        case 'select.toggle':
          return fireEvent.click(screen.getByRole('checkbox', { name: 'Select Farmer 1' }));
        case 'select.all':
          return fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
        case 'message.open':
          return fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
        case 'message.openFor':
          return fireEvent.click(screen.getByRole('button', { name: 'Message: Farmer 2' }));
        case 'message.change':
          return fireEvent.change(document.querySelector(`[name="${e.key}"]`)!, { target: { value: e.value } });
        case 'message.send':
          return fireEvent.click(screen.getByRole('button', { name: /^(Send|Sending\.\.\.)$/ }));
        case 'message.cancel':
        case 'edit.cancel':
          return fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
        case 'edit.open':
          return fireEvent.click(screen.getByRole('button', { name: 'Edit: Farmer 1' }));
        case 'edit.change':
          return fireEvent.change(document.querySelector('[name="edit-name"]')!, { target: { value: e.value } });
        case 'edit.save':
          return fireEvent.click(screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }));
        case 'farmer.view':
          fireEvent.click(screen.getByRole('button', { name: 'View: Farmer 1' }));
          return expect(navigated.at(-1)).toBe('/farmer/f-1');
        case 'notice.dismiss':
          return fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      }
      throw new Error(`no executor for ${e.type}`);
    };
    for (const step of path.steps) {
      await exec(step.event as Ev);
      const s = step.state;
      const c = s.context;
      if (s.matches('ready')) {
        expect(screen.getByText(`${c.selected.length} farmer${c.selected.length === 1 ? '' : 's'} selected`)).toBeInTheDocument();
        if (c.notice?.kind === 'sent') expect(screen.getByRole('status')).toHaveTextContent('Message sent to 1 farmers');
        if (c.notice?.kind === 'loadFailed') expect(screen.getByRole('alert')).toHaveTextContent('Failed to load farmers');
        if (c.farmers.length) expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
        else expect(screen.getByText('No farmers found.')).toBeInTheDocument();
      }
      if (s.matches({ composing: 'open' })) {
        const dialog = screen.getByRole('dialog', { name: 'Send Message' });
        if (c.notice?.kind === 'missing') expect(dialog).toHaveTextContent('Please fill all fields and select farmers');
        if (c.notice?.kind === 'sendFailed') expect(dialog).toHaveTextContent('Failed to send message');
      }
      if (s.matches({ composing: 'sending' })) expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      if (s.matches({ editing: 'open' }) && c.editProblem === 'required') {
        expect(screen.getByRole('dialog', { name: 'Edit Farmer' })).toHaveTextContent('Name, email and phone number are required.');
      }
    }
  });
});
