/**
 * Generated paths over deliveryLogMachine (issue 16: the admins' notification delivery log), each driving the real
 * DeliveryLog. The server pages and filters: a load answers either the first of two pages or the one failed SMS a
 * filter finds; Export CSV asks for the rows of the filters shown and saves them through the download effect.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { deliveryLogMachine } from '@/machines/deliveryLog.machine';
import { DeliveryLogContext } from '@/machines/deliveryLog.context';
import { DeliveryLog } from '@/views/admin/DeliveryLog';
import { HttpError } from '@/services/http';
import type { DeliveryItem } from '../../../contracts/notifications';
import { startApiServer } from '../../support/apiServer';
import { get, query } from '../../support/dom';
import { describeModel, pendingActors, renderView, type ModelStep } from '../../support/modelHarness';
import { expectPager, expectRows, listExec, listPaths } from '../../support/listModel';

const at = '2026-11-20T04:30:00.000Z';
const ALL: DeliveryItem[] = Array.from({ length: 12 }, (_, i) => ({
  _id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
  notificationId: null,
  recipient: { _id: `00000000-0000-4000-9000-0000000000${String(i + 10)}`, name: `Person ${String(i + 1).padStart(2, '0')}` },
  channel: i === 0 ? 'sms' : 'inApp',
  kind: i === 0 ? 'alertEscalated' : 'alertRaised',
  status: i === 0 ? 'failed' : 'sent',
  attempts: i === 0 ? 3 : 1,
  lastError: i === 0 ? 'gateway timeout' : null,
  createdAt: at,
  updatedAt: at,
}));
const FIRST = { items: ALL.slice(0, 10), totalPages: 2 };
const FOUND = { items: [ALL[0]], totalPages: 1 };
const FAIL = new HttpError(500, 'server');
const EXPORTED = new Blob(['csv']);
const EVENTS = [
  { type: 'filter.status', value: 'failed' },
  { type: 'filter.status', value: null },
  { type: 'filter.channel', value: 'sms' },
  { type: 'filter.kind', value: 'alertEscalated' },
  { type: 'page.go', page: 2 },
  { type: 'export.start' },
  { type: 'notice.dismiss' },
  { type: 'xstate.done.actor.load', output: FIRST },
  { type: 'xstate.done.actor.load', output: FOUND },
  { type: 'xstate.error.actor.load', error: FAIL },
  { type: 'xstate.done.actor.exportAll', output: EXPORTED },
  { type: 'xstate.error.actor.exportAll', error: FAIL },
];
type Ev = { type: string; value?: string | null; page?: number; error?: unknown; output?: { items?: unknown[] } };
const label = (e: Ev) => `${e.type}${e.value !== undefined ? `(${e.value})` : ''}${e.output?.items ? `(${e.output.items.length} rows)` : ''}`;

const { all, paths, transitions, parts } = listPaths(deliveryLogMachine, {
  events: EVENTS,
  rows: 'deliveries',
  serializeEvent: (e) => label(e as Ev),
  key: (s, e) => {
    const c = s.context;
    const via = s.matches('loading') || e?.type === 'xstate.done.actor.exportAll' ? e?.type : '';
    return [c.deliveries.length, c.totalPages, c.status, c.channel, c.kind, c.page, c.notice?.kind, via];
  },
  // The rows with the pager, each filter's select and the notice are drawn each from its own slice of context.
  screen: (s) => {
    const c = s.context;
    return [[c.deliveries.length, c.totalPages, c.page], c.status, c.channel, c.kind, c.notice?.kind];
  },
});

describeModel('delivery log model', {
  paths,
  all,
  transitions,
  screen: parts,
  events: EVENTS,
  eventKey: (e) => label(e as Ev),
  machine: deliveryLogMachine,
  states: ['loading', 'ready', 'exporting'],
  name: (p) => p.steps.map((s) => label(s.event as Ev)).join(' → '),
  render: () => {
    const { actor, settle, inputs } = pendingActors();
    const downloads: { name: string; data: Blob | string }[] = [];
    const logic = deliveryLogMachine.provide({
      actors: { load: actor('load'), exportAll: actor('exportAll') },
      actions: { download: (_, p) => void downloads.push(p) },
    });
    renderView(
      <DeliveryLogContext.Provider logic={logic}>
        <DeliveryLog />
      </DeliveryLogContext.Provider>,
      { catalog: false },
    );
    const check = (s: ModelStep['state'], e: Ev) => {
      const c = s.context;
      const filters = { status: c.status, channel: c.channel, kind: c.kind };
      // Each load asks the server for the current page of what the filters match; the filters show what was chosen.
      if (s.matches('loading')) expect(inputs.load.at(-1)).toEqual({ page: c.page, ...filters });
      expect(get('combobox', 'Status')).toHaveValue(c.status ?? '');
      expect(get('combobox', 'Channel')).toHaveValue(c.channel ?? '');
      expect(get('combobox', 'Kind')).toHaveValue(c.kind ?? '');
      // The export asks for every row of the filters shown, and saves what the server answered.
      if (s.matches('exporting')) {
        expect(inputs.exportAll.at(-1)).toEqual(filters);
        expect(get('button', 'Exporting…')).toBeDisabled();
      }
      if (e.type === 'xstate.done.actor.exportAll') expect(downloads.at(-1)).toEqual({ name: 'notification-deliveries.csv', data: EXPORTED });
      if (s.matches('ready')) {
        const shown: DeliveryItem[] = c.deliveries;
        expectRows(shown.map((d) => d.recipient.name), 'No deliveries found.');
        expectPager(c);
        expect(get('button', 'Export CSV')).toBeEnabled();
        // The failed SMS says so, in words, with its attempts and the reason it failed.
        if (shown.length) {
          const failed = get('row', /Person 01/);
          for (const text of ['SMS', 'Escalated', 'Failed', '3', 'gateway timeout']) expect(failed).toHaveTextContent(text);
        }
        const texts: Record<string, string> = { loadFailed: 'The delivery log could not be loaded.', exportFailed: 'The delivery log could not be exported.' };
        if (c.notice) expect(get('alert')).toHaveTextContent(texts[c.notice.kind]);
        else expect(query('alert')).toBeNull();
      }
    };
    return {
      exec: {
        ...listExec({ row: 'Person 01' }),
        'filter.status': (e: Ev) => fireEvent.change(get('combobox', 'Status'), { target: { value: e.value ?? '' } }),
        'filter.channel': (e: Ev) => fireEvent.change(get('combobox', 'Channel'), { target: { value: e.value ?? '' } }),
        'filter.kind': (e: Ev) => fireEvent.change(get('combobox', 'Kind'), { target: { value: e.value ?? '' } }),
        'export.start': () => fireEvent.click(get('button', 'Export CSV')),
      },
      settle,
      check: (step) => check(step.state, step.event as Ev),
    };
  },
});

describe('delivery log sent for real', () => {
  it('lists /admin/notification-deliveries with the filters shown, and exports them as CSV (the machine’s own calls)', async () => {
    let answered = 0;
    const api = await startApiServer(({ path, query: q }) => {
      if (path !== '/api/v1/admin/notification-deliveries') return { status: 404 };
      if (q.format === 'csv') return { status: 200, body: 'csv' };
      // The first read fails; the next ones answer what the filters find.
      if (answered++ === 0) return { status: 500, body: { statusCode: 500, error: 'boom' } };
      const rows = q.status === 'failed' ? FOUND.items : FIRST.items;
      return { status: 200, body: { deliveries: rows, pagination: { page: Number(q.page), limit: 10, total: rows.length, totalPages: rows === FOUND.items ? 1 : 2 } } };
    });
    const downloads: string[] = [];
    try {
      const logic = deliveryLogMachine.provide({ actions: { download: (_, p) => void downloads.push(p.name) } });
      renderView(
        <DeliveryLogContext.Provider logic={logic}>
          <DeliveryLog />
        </DeliveryLogContext.Provider>,
        { catalog: false, session: 'admin' },
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('The delivery log could not be loaded.');
      // A filter loads again; what loads puts the notice away.
      fireEvent.change(get('combobox', 'Status'), { target: { value: 'failed' } });
      expect(await screen.findByRole('row', { name: /Person 01/ })).toBeInTheDocument();
      expect(query('alert')).toBeNull();
      fireEvent.change(get('combobox', 'Channel'), { target: { value: 'sms' } });
      await waitFor(() => expect(api.calls('/admin/notification-deliveries')).toHaveLength(3));
      await screen.findByRole('row', { name: /Person 01/ });
      fireEvent.change(get('combobox', 'Kind'), { target: { value: 'alertEscalated' } });
      await waitFor(() => expect(api.calls('/admin/notification-deliveries')).toHaveLength(4));
      await screen.findByRole('row', { name: /Person 01/ });
      fireEvent.click(get('button', 'Export CSV'));
      await waitFor(() => expect(downloads).toEqual(['notification-deliveries.csv']));
      expect(api.calls('/admin/notification-deliveries').map((r) => r.query)).toEqual([
        { page: '1', limit: '10' },
        { page: '1', limit: '10', status: 'failed' },
        { page: '1', limit: '10', status: 'failed', channel: 'sms' },
        { page: '1', limit: '10', status: 'failed', channel: 'sms', kind: 'alertEscalated' },
        { status: 'failed', channel: 'sms', kind: 'alertEscalated', format: 'csv' },
      ]);
    } finally {
      await api.close();
    }
  });
});
