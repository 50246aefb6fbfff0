/** Generated paths over coordinatorFarmersMachine, each driving the real CoordinatorFarmers view. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromCallback, type AnyEventObject } from 'xstate';
import { coordinatorFarmersMachine } from '@/machines/coordinatorFarmers.machine';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import { CoordinatorFarmers } from '@/views/people/CoordinatorFarmers';
import { HttpError } from '@/services/http';
import type { FarmerRow } from '@/services/people';
import { startApiServer } from '../../support/apiServer';
import { get } from '../../support/dom';
import { describeModel, pendingActors, renderView } from '../../support/modelHarness';
import { listExec, listPaths } from '../../support/listModel';

const farmer = (n: number, extra: Partial<FarmerRow> = {}): FarmerRow => ({
  _id: `f-${n}`, name: `Farmer ${n}`, email: `f${n}@example.in`, phoneNumber: `98765432${10 + n}`, village: null, district: null,
  status: 'Active', coordinator: 'c-1', coordinatorName: 'Kiran', lastActive: null, fieldCount: 1, hasOpenAlert: n === 2, ...extra,
});
const LOADED = { items: [farmer(1), farmer(2)], totalPages: 2 };
const FAIL = new HttpError(500, 'server');
/** The server refused a message the outbox sent later (the farmer is no longer this coordinator's). */
const REFUSED = new HttpError(403, 'forbidden', {
  statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden',
  message: { english: 'You can only message your own farmers.', marathi: 'तुम्ही फक्त तुमच्या शेतकऱ्यांना संदेश पाठवू शकता.', hindi: 'आप केवल अपने किसानों को संदेश भेज सकते हैं।' },
});
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
  { type: 'xstate.done.actor.send', output: { sent: { sentTo: 1, messageId: 'm-1' } } },
  // Offline, or no answer: the message waits in the outbox (issue 17) …
  { type: 'xstate.done.actor.send', output: { queued: { id: 'q-msg' } } },
  // … and the outbox later sends it, or the server refuses it.
  { type: 'message.queuedSent', outboxId: 'q-msg', sentTo: 1 },
  { type: 'message.queuedRefused', outboxId: 'q-msg', error: REFUSED },
  { type: 'xstate.error.actor.send', error: FAIL },
  { type: 'xstate.done.actor.save', output: {} },
  { type: 'xstate.error.actor.save', error: FAIL },
];
type Ev = { type: string; value?: string; key?: string; id?: string; page?: number; error?: unknown; output?: unknown };

const { all, paths, transitions, parts } = listPaths(coordinatorFarmersMachine, {
  events: EVENTS,
  rows: 'farmers',
  rowEvents: ['select.toggle', 'select.all', 'message.openFor', 'edit.open', 'farmer.view'],
  offers: (s, e) => {
    const c = s.context;
    if (e.type === 'status.change') return c.status !== e.value;
    // The notice of the message dialog shows inside it, without Dismiss.
    if (e.type === 'notice.dismiss') return !s.matches('composing');
    if (e.type === 'message.change') return c[e.key] !== e.value;
    return true;
  },
  key: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || ['farmer.view', 'notice.dismiss'].includes(e?.type ?? '') ? e?.type : '';
    return [c.farmers.length > 0, c.selected.length, !!c.subject, !!c.message, c.notice?.kind, c.editProblem, c.edit?.name === '', via];
  },
  /**
   * The walk keys states finely (so every combination the machine can reach is explored), but rendering one path
   * per key repeats the same screens hundreds of times. Render the fewest of those paths that still take every
   * statechart step and show, in each state, each part the checks below tell apart: rows or not, selection size,
   * notice, and the dialog's own problem or draft. Every state value and event of the walk stays covered (the guard test).
   */
  screen: (s) => {
    const c = s.context;
    const dialog = s.matches('composing') ? [[!!c.subject, !!c.message]] : s.matches('editing') ? [[c.editProblem, c.edit?.name === '']] : [];
    return [c.farmers.length > 0, c.selected.length, c.notice?.kind, ...dialog];
  },
});

describeModel('coordinator farmers model', {
  paths,
  all,
  transitions,
  screen: parts,
  events: EVENTS,
  machine: coordinatorFarmersMachine,
  states: ['loading', 'ready', 'composing.open', 'composing.sending', 'editing.open', 'editing.saving'],
  name: (p) => p.steps.map((s) => (s.event as Ev).type).join(' → '),
  render: () => {
    const { actor, settle } = pendingActors();
    const navigated: string[] = [];
    let outbox: ((e: AnyEventObject) => void) | null = null;
    const logic = coordinatorFarmersMachine.provide({
      actors: {
        load: actor('load'),
        send: actor('send'),
        save: actor('save'),
        watchQueued: fromCallback(({ sendBack }) => {
          outbox = sendBack;
        }),
      },
      actions: { navigate: (_, p) => void navigated.push(p.to) },
    });
    renderView(
      <CoordinatorFarmersContext.Provider logic={logic}>
        <CoordinatorFarmers />
      </CoordinatorFarmersContext.Provider>,
      { catalog: false },
    );
    return {
      exec: {
        ...listExec({ row: 'Farmer 1' }),
        'status.change': (e: Ev) => fireEvent.change(get('combobox', 'Status'), { target: { value: e.value } }),
        // This list's pager has Prev and Next only.
        'page.go': () => fireEvent.click(get('button', 'Next')),
        'select.toggle': () => fireEvent.click(get('checkbox', 'Select Farmer 1')),
        'select.all': () => fireEvent.click(get('checkbox', 'Select all')),
        'message.open': () => fireEvent.click(get('button', 'Send Message')),
        'message.openFor': () => fireEvent.click(get('button', 'Message: Farmer 2')),
        'message.change': (e: Ev) => fireEvent.change(document.querySelector(`[name="${e.key}"]`)!, { target: { value: e.value } }),
        'message.send': () => fireEvent.click(get('button', /^(Send|Sending\.\.\.)$/)),
        'message.cancel': () => fireEvent.click(get('button', 'Cancel')),
        'message.queuedSent': (e: AnyEventObject) => act(async () => outbox!(e)),
        'message.queuedRefused': (e: AnyEventObject) => act(async () => outbox!(e)),
        'farmer.view': () => {
          fireEvent.click(get('button', 'View: Farmer 1'));
          expect(navigated.at(-1)).toBe('/farmer/f-1');
        },
      },
      settle,
      check: (step) => {
        const s = step.state;
        const c = s.context;
        if (s.matches('ready')) {
          expect(document.querySelector('.toolbar span')).toHaveTextContent(`${c.selected.length} farmer${c.selected.length === 1 ? '' : 's'} selected`);
          if (c.notice?.kind === 'sent') expect(get('status')).toHaveTextContent('Message sent to 1 farmer');
          if (c.notice?.kind === 'queued') {
            const n = c.notice.count;
            expect(get('status')).toHaveTextContent(`No network: the message to ${n} farmer${n === 1 ? '' : 's'} waits to send and goes when the network returns.`);
          }
          // A message the outbox sent later and the server refused: the server's reason, outside the closed dialog.
          if (c.notice?.kind === 'sendFailed' && c.notice.error === REFUSED) expect(get('alert')).toHaveTextContent('You can only message your own farmers.');
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
      },
    };
  },
});

describe('coordinator’s farmers sent for real', () => {
  it('reads /coordinator/managed-farmers with the filter, POSTs a message to the farmers selected and PUTs an edit (the machine’s own calls)', async () => {
    const api = await startApiServer(({ method, path, query: q }) => {
      if (method === 'GET' && path === '/api/v1/coordinator/managed-farmers') {
        const rows = q.status === 'alert' ? [farmer(2)] : LOADED.items;
        return { status: 200, body: { farmers: rows, pagination: { page: Number(q.page), limit: 10, total: rows.length, totalPages: 1 } } };
      }
      if (method === 'POST' && path === '/api/v1/coordinator/send-message') return { status: 200, body: { sentTo: 2, messageId: 'm-1' } };
      if (method === 'PUT' && path === '/api/v1/admin/farmer/f-1') return { status: 200, body: { success: true } };
      return { status: 404 };
    });
    try {
      renderView(
        <CoordinatorFarmersContext.Provider>
          <CoordinatorFarmers />
        </CoordinatorFarmersContext.Provider>,
        { catalog: false },
      );
      await screen.findByText('Farmer 1');
      expect(api.calls('/coordinator/managed-farmers')[0].query).toMatchObject({ page: '1', limit: '10' });
      fireEvent.change(get('combobox', 'Status'), { target: { value: 'alert' } });
      await waitFor(() => expect(screen.queryByText('Farmer 1')).toBeNull());
      expect(api.calls('/coordinator/managed-farmers').at(-1)?.query).toMatchObject({ page: '1', limit: '10', status: 'alert' });
      fireEvent.change(get('combobox', 'Status'), { target: { value: 'all' } });
      await screen.findByText('Farmer 1');

      fireEvent.click(get('checkbox', 'Select all'));
      fireEvent.click(get('button', 'Send Message'));
      fireEvent.change(document.querySelector('[name="subject"]')!, { target: { value: 'Rain' } });
      fireEvent.change(document.querySelector('[name="message"]')!, { target: { value: 'Cover the harvest' } });
      fireEvent.click(get('button', 'Send'));
      expect(await screen.findByRole('status')).toHaveTextContent('Message sent to 2 farmers');
      expect(api.calls('/coordinator/send-message')).toMatchObject([{ method: 'POST', body: { farmerIds: ['f-1', 'f-2'], subject: 'Rain', message: 'Cover the harvest' } }]);

      const loads = api.calls('/coordinator/managed-farmers').length;
      fireEvent.click(get('button', 'Edit: Farmer 1'));
      fireEvent.change(document.querySelector('[name="edit-name"]')!, { target: { value: 'Farmer One' } });
      fireEvent.click(get('button', 'Save'));
      await waitFor(() => expect(api.calls('/admin/farmer/f-1')).toMatchObject([{ method: 'PUT', body: { name: 'Farmer One', email: 'f1@example.in', phoneNumber: '9876543211' } }]));
      await waitFor(() => expect(api.calls('/coordinator/managed-farmers')).toHaveLength(loads + 1));
    } finally {
      await api.close();
    }
  }, 20_000);
});
