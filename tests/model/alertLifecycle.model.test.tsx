/**
 * Generated path tests for one alert's lifecycle (src/machines/alertLifecycle.machine.ts) through the real view:
 * the admin's alerts table opens the alert's details (AlertDetails), and every path through the statechart is
 * driven by its buttons (Acknowledge with or without a comment, Assign, Clear alert, Add comment, Retry), the
 * server's answers and a pushed change, with the dialog checked at each step: status, timeline, which actions it
 * offers, busy and the failure it names. Offline (issue 17): an acknowledgement the outbox queued shows 'waiting to
 * send' and offers nothing until the outbox sends it (its answer decides the status), refuses it (the server's
 * translated reason is named) or the user discards it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { alertLifecycleMachine, type AlertLifecycleContext } from '@/machines/alertLifecycle.machine';
import { alertsListMachine } from '@/machines/alertsList.machine';
import { HttpError } from '@/services/http';
import type { OutboxItem } from '@/services/outbox';
import type { AlertDetailResponse, AlertItem, AlertStatus, TimelineEntry } from '@/services/alerts';
import { AlertsView } from '@/views/alerts/AlertsView';
import { acknowledgedStatus, clearedStatus } from '../../contracts/alertTypes';
import { COORDINATORS, makeAlert } from './alertFixtures';
import { startApiServer } from '../support/apiServer';
import { get, getLabelled, query, queryAll, queryLabelled } from '../support/dom';
import { describeModel, leafPaths, leafValues, modelPaths, pendingActors, renderView, replay, type ModelPath, type ModelStep } from '../support/modelHarness';

const SUNITA = COORDINATORS[0];
const ALERT = makeAlert({ severity: 'critical', count: 3 });
const STATUSES: AlertStatus[] = ['active_unack', 'active_ack', 'cleared_unack', 'cleared_ack'];

const entry = (kind: TimelineEntry['kind'], detail: TimelineEntry['detail'] = {}, n = 0): TimelineEntry => ({
  _id: `t-${kind}-${n}`,
  kind,
  actor: kind === 'raised' ? null : { _id: 'u-admin', name: 'Anil Admin' },
  detail,
  createdAt: '2026-06-01T07:00:00.000Z',
});
const RAISED = entry('raised', { severity: 'critical', value: 20, threshold: 25 });
const answer = (status: AlertStatus, timeline: TimelineEntry[], over: Partial<AlertItem> = {}): AlertDetailResponse => ({
  alert: makeAlert({ ...ALERT, status, resolvedAt: status.startsWith('cleared') ? '2026-06-01T08:00:00.000Z' : null, ...over }),
  timeline,
});

const ACKED = (s: AlertStatus) =>
  answer(s, [RAISED, entry('acknowledged'), entry('comment', { text: 'Called Ramesh' })], { acknowledgedBy: { _id: 'u-admin', name: 'Anil Admin' } });
const QUEUED = { id: 'outbox-1', kind: 'acknowledge', summary: 'North plot' } as OutboxItem;
const ALREADY_CLEARED = new HttpError(409, 'conflict', {
  statusCode: 409,
  code: 'CONFLICT',
  error: 'This alert was already acknowledged.',
  message: { english: 'This alert was already acknowledged.', marathi: 'ही सूचना आधीच स्वीकारली आहे.', hindi: 'यह अलर्ट पहले ही स्वीकार हो चुका है।' },
});

/** Each call's answer in every status it can come back with; the traversal keeps the one the server would give. */
const EVENTS: AnyEventObject[] = [
  // The details load when opened (the alert as listed) and again after a push (here: the engine cleared it).
  ...(['active_unack', 'cleared_unack'] as const).map((s) => ({ type: 'xstate.done.actor.load', output: answer(s, [RAISED]) })),
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'details.retry' },
  { type: 'alert.acknowledge' },
  { type: 'alert.acknowledge', comment: 'Called Ramesh' },
  ...(['active_ack', 'cleared_ack'] as const).map((s) => ({
    type: 'xstate.done.actor.acknowledge',
    output: { sent: ACKED(s) },
  })),
  { type: 'xstate.error.actor.acknowledge', error: new Error('500') },
  // Offline: the acknowledgement waits in the outbox; the outbox later sends it, is refused, or the user discards it.
  { type: 'xstate.done.actor.acknowledge', output: { queued: QUEUED } },
  ...(['active_ack', 'cleared_ack'] as const).map((s) => ({ type: 'ack.sent', answer: ACKED(s) })),
  { type: 'ack.refused', error: ALREADY_CLEARED },
  { type: 'ack.discarded' },
  { type: 'alert.assign', coordinator: SUNITA },
  ...(['active_unack', 'active_ack'] as const).map((s) => ({
    type: 'xstate.done.actor.assign',
    output: answer(s, [RAISED, entry('assigned', { coordinatorId: SUNITA._id, name: SUNITA.name })], { assignedTo: SUNITA }),
  })),
  { type: 'xstate.error.actor.assign', error: new Error('500') },
  { type: 'alert.clear' },
  ...(['cleared_unack', 'cleared_ack'] as const).map((s) => ({
    type: 'xstate.done.actor.clear',
    output: answer(s, [RAISED, entry('cleared', { auto: false })], { clearedBy: { _id: 'u-admin', name: 'Anil Admin' } }),
  })),
  { type: 'xstate.error.actor.clear', error: new Error('500') },
  { type: 'alert.comment', text: 'Pump checked' },
  ...STATUSES.map((s) => ({ type: 'xstate.done.actor.comment', output: answer(s, [RAISED, entry('comment', { text: 'Pump checked' }, 1)]) })),
  { type: 'xstate.error.actor.comment', error: new Error('500') },
  { type: 'alert.synced', alert: makeAlert({ ...ALERT, status: 'cleared_unack', resolvedAt: '2026-06-01T08:00:00.000Z' }) },
];

type Snap = { value: unknown; context: AlertLifecycleContext; can: (e: AnyEventObject) => boolean };
/** The status a call's answer must have, given the status it was made in. */
const expected: Record<string, (s: AlertStatus) => AlertStatus> = {
  'xstate.done.actor.load': (s) => s,
  'xstate.done.actor.acknowledge': acknowledgedStatus,
  'xstate.done.actor.assign': (s) => s,
  'xstate.done.actor.clear': clearedStatus,
  'xstate.done.actor.comment': (s) => s,
};
/** A call's answer (an acknowledgement's, sent at once or by the outbox); null for a queued one. */
const answerOf = (e: AnyEventObject): AlertDetailResponse | null =>
  e.type === 'ack.sent' ? e.answer : e.type === 'xstate.done.actor.acknowledge' ? (e.output.sent ?? null) : (e.output ?? null);
const realistic = (s: Snap, e: AnyEventObject) => {
  const want = expected[e.type === 'ack.sent' ? 'xstate.done.actor.acknowledge' : e.type];
  const out = answerOf(e);
  return !want || !out || out.alert.status === want(s.context.alert.status);
};

const INPUT = { alert: ALERT, viewer: 'admin' as const };
const all = modelPaths(alertLifecycleMachine, {
  events: EVENTS,
  input: INPUT,
  filterEvents: (s: Snap, e) => s.can(e) && realistic(s, e),
  serializeState: (s: Snap, e, prev) =>
    `${JSON.stringify(s.value)}|${s.context.alert.status}|${s.context.failure}|${e?.type}|${(e as { comment?: string })?.comment ?? ''}|${JSON.stringify(prev?.value)}`,
});
const paths = leafPaths(all);

// The quick stand-ins of tests/support/dom.ts: the path checks make thousands of queries.
const dialog = () => get('dialog');
const button = (name: string) => query('button', name, dialog());
const STATUS_TEXT: Record<AlertStatus, string> = {
  active_unack: 'Active, unacknowledged',
  active_ack: 'Active, acknowledged',
  cleared_unack: 'Cleared, unacknowledged',
  cleared_ack: 'Cleared, acknowledged',
};
const FAILED_TEXT = {
  load: 'Failed to load the alert’s timeline',
  acknowledge: 'Failed to acknowledge alert',
  assign: 'Failed to assign alert',
  clear: 'Failed to clear alert',
  comment: 'Failed to add the comment',
} as const;

/** The actions the dialog offers in each status (admins: all four kinds). */
const OFFERS: Record<AlertStatus, { ack: boolean; clear: boolean; assign: boolean }> = {
  active_unack: { ack: true, clear: true, assign: true },
  active_ack: { ack: false, clear: true, assign: true },
  cleared_unack: { ack: true, clear: false, assign: false },
  cleared_ack: { ack: false, clear: false, assign: false },
};

function shows(c: AlertLifecycleContext) {
  expect(within(dialog()).getByTestId('alert-status')).toHaveTextContent(STATUS_TEXT[c.alert.status]);
  expect(within(dialog()).getByTestId('alert-last-seen')).toHaveTextContent('Seen 3 times');
  const items = queryAll('listitem', undefined, dialog());
  expect(items).toHaveLength(c.timeline.length);
  for (const [i, e] of c.timeline.entries()) if (e.kind === 'comment') expect(items[i]).toHaveTextContent(String(e.detail.text));
}

/** What the dialog offers: in a status, that status's actions; while a call runs, none (the comment box stays, disabled). */
function offers(c: AlertLifecycleContext, busy: boolean) {
  const o = busy ? { ack: false, clear: false, assign: false } : OFFERS[c.alert.status];
  expect(button('Acknowledge') !== null).toBe(o.ack);
  expect(button('Clear alert') !== null).toBe(o.clear);
  expect(queryLabelled('Assign to coordinator', dialog()) !== null).toBe(o.assign);
  expect(button('Add comment') !== null).toBe(!busy);
  expect((getLabelled('Comment', dialog()) as HTMLTextAreaElement).disabled).toBe(busy);
}

const CHECK: Record<string, (c: AlertLifecycleContext) => void> = {
  loading: () => expect(dialog()).toHaveAttribute('aria-busy', 'true'),
  loadFailed: () => {
    expect(get('alert', undefined, dialog())).toHaveTextContent(FAILED_TEXT.load);
    expect(button('Retry')).not.toBeNull();
  },
  ...Object.fromEntries(
    (['activeUnack', 'activeAck', 'clearedUnack', 'clearedAck'] as const).flatMap((st) => [
      [
        `${st}.idle`,
        (c: AlertLifecycleContext) => {
          shows(c);
          offers(c, false);
          expect(dialog()).toHaveAttribute('aria-busy', 'false');
          expect(query('alert', undefined, dialog())).toBeNull();
        },
      ],
      [
        `${st}.failed`,
        (c: AlertLifecycleContext) => {
          shows(c);
          offers(c, false);
          // A refusal of the queued acknowledgement names the server's translated reason; other failures the screen's words.
          expect(get('alert', undefined, dialog())).toHaveTextContent(c.error === ALREADY_CLEARED ? 'This alert was already acknowledged.' : FAILED_TEXT[c.failure!]);
        },
      ],
    ]),
  ),
  ackQueued: (c: AlertLifecycleContext) => {
    shows(c);
    expect(get('status', undefined, dialog())).toHaveTextContent('Acknowledgement waiting to send');
    expect(dialog()).toHaveAttribute('aria-busy', 'false');
    for (const name of ['Acknowledge', 'Clear alert', 'Add comment']) expect(button(name)).toBeNull();
    expect(queryLabelled('Assign to coordinator', dialog())).toBeNull();
    expect(query('alert', undefined, dialog())).toBeNull();
  },
  ...Object.fromEntries(
    ['acknowledging', 'assigning', 'clearing', 'commenting'].map((st) => [
      st,
      (c: AlertLifecycleContext) => {
        shows(c);
        offers(c, true);
        expect(dialog()).toHaveAttribute('aria-busy', 'true');
      },
    ]),
  ),
};

/** A transition: state before, the event (an answer by the status it brings), state after. */
const eventName = (e: AnyEventObject) =>
  e.type.startsWith('xstate.done.actor.') || e.type === 'ack.sent'
    ? `${e.type}:${answerOf(e)?.alert.status ?? 'queued'}`
    : e.type === 'alert.acknowledge' && e.comment
      ? `${e.type}+comment`
      : e.type;

describeModel('alert lifecycle model (details dialog)', {
  paths,
  all,
  events: EVENTS,
  // Every answer variant (each status a call can come back with) and the acknowledgement with a comment are driven.
  eventKey: eventName,
  // Every transition of the whole walk is taken by a rendered path.
  transitions: (before: { value: unknown } | null, e: AnyEventObject, after: { value: unknown }) =>
    `${JSON.stringify(before?.value ?? null)}|${eventName(e)}|${JSON.stringify(after.value)}`,
  machine: alertLifecycleMachine,
  states: Object.keys(CHECK),
  render: async (path: ModelPath) => {
    // A path's own snapshots (the traversal keys on a slice of context, so a stored step may carry another route's timeline).
    const own = replay(alertLifecycleMachine, path.steps.map((s) => s.event), INPUT);
    const { actor, settle } = pendingActors();
    let push: ((e: AnyEventObject) => void) | null = null;
    let outbox: ((e: AnyEventObject) => void) | null = null;
    const watched: unknown[] = [];
    const lifecycle = alertLifecycleMachine.provide({
      actors: {
        load: actor('load'),
        acknowledge: actor('acknowledge'),
        assign: actor('assign'),
        clear: actor('clear'),
        comment: actor('comment'),
        // The outbox's notices about the queued acknowledgement (the one it watches: the queued item's id).
        watchQueued: fromCallback(({ sendBack, input }) => {
          watched.push((input as { id: string }).id);
          outbox = sendBack;
          return () => (outbox = null);
        }),
      },
    });
    const list = alertsListMachine.provide({
      actors: {
        load: fromPromise(async () => ({ items: [ALERT], totalPages: 1, unread: 0, coordinators: COORDINATORS })),
        alertSocket: fromCallback(({ sendBack }) => {
          push = sendBack;
          return () => (push = null);
        }),
        alertLifecycle: lifecycle,
      },
    });
    renderView(<AlertsView logic={list} />, { session: 'admin', intlLocale: 'en', path: '/alerts' });
    const row = await screen.findByRole('row', { name: /North plot/ });
    // xstate.init: the admin opens the alert's details; its lifecycle starts loading.
    fireEvent.click(within(row).getByRole('button', { name: 'View Details' }));
    const comment = () => within(dialog()).getByLabelText('Comment');
    return {
      settle,
      exec: {
        'xstate.init': () => {},
        'details.retry': () => fireEvent.click(button('Retry')!),
        'alert.acknowledge': (e: { comment?: string }) => {
          fireEvent.change(comment(), { target: { value: e.comment ?? '' } });
          fireEvent.click(button('Acknowledge')!);
        },
        'alert.assign': () => {
          fireEvent.change(within(dialog()).getByLabelText('Assign to coordinator'), { target: { value: SUNITA._id } });
          fireEvent.click(button('Assign')!);
        },
        'alert.clear': () => fireEvent.click(button('Clear alert')!),
        'alert.comment': (e: { text: string }) => {
          fireEvent.change(comment(), { target: { value: e.text } });
          fireEvent.click(button('Add comment')!);
        },
        'alert.synced': (e: { alert: AlertItem }) => act(() => push!({ type: 'feed.alert', event: 'alert:updated', alert: e.alert })),
        'ack.sent': (e: AnyEventObject) => act(() => outbox!(e)),
        'ack.refused': (e: AnyEventObject) => act(() => outbox!(e)),
        'ack.discarded': (e: AnyEventObject) => act(() => outbox!(e)),
      },
      check: (step: ModelStep, index: number) => {
        const c = own[index].context as AlertLifecycleContext;
        for (const leaf of leafValues(step.state.value)) CHECK[leaf](c);
        // The table's row follows the details: its status cell says what the dialog says once an answer came back.
        if (!['loading', 'loadFailed'].includes(String(step.state.value))) {
          const cell = get('row', /North plot/).querySelector('.alert-status');
          if (step.event.type.startsWith('xstate.done.actor.') || step.event.type === 'ack.sent') expect(cell).toHaveTextContent(STATUS_TEXT[c.alert.status]);
          // The queued acknowledgement the dialog waits for is the one the outbox stored.
          if (String(step.state.value) === 'ackQueued') expect(watched.at(-1)).toBe(QUEUED.id);
        }
      },
    };
  },
});

describe('alert lifecycle against the API', () => {
  it('loads the details, acknowledges with a comment, assigns, comments and clears through its own calls', async () => {
    const at = `/alerts/${ALERT._id}`;
    const api = await startApiServer(({ method, path }) => {
      if (method === 'GET' && path === `/api/v1${at}`) return { status: 200, body: answer('active_unack', [RAISED]) };
      if (method === 'PATCH' && path === `/api/v1${at}/acknowledge`) return { status: 200, body: ACKED('active_ack') };
      if (method === 'PATCH' && path === `/api/v1/admin/alerts/${ALERT._id}/assign`)
        return { status: 200, body: answer('active_ack', [RAISED, entry('assigned', { coordinatorId: SUNITA._id, name: SUNITA.name })], { assignedTo: SUNITA }) };
      if (method === 'POST' && path === `/api/v1${at}/comments`) return { status: 200, body: answer('active_ack', [RAISED, entry('comment', { text: 'Pump checked' }, 1)]) };
      if (method === 'PATCH' && path === `/api/v1${at}/clear`) return { status: 200, body: answer('cleared_ack', [RAISED, entry('cleared', { auto: false })]) };
      return { status: 404 };
    });
    try {
      const list = alertsListMachine.provide({
        actors: {
          load: fromPromise(async () => ({ items: [ALERT], totalPages: 1, unread: 0, coordinators: COORDINATORS })),
          alertSocket: fromCallback(() => () => {}),
        },
      });
      renderView(<AlertsView logic={list} />, { session: 'admin', intlLocale: 'en', path: '/alerts' });
      fireEvent.click(within(await screen.findByRole('row', { name: /North plot/ })).getByRole('button', { name: 'View Details' }));
      const ready = () => waitFor(() => expect(button('Clear alert')).toBeEnabled());
      const comment = () => within(dialog()).getByLabelText('Comment');
      await waitFor(() => expect(button('Acknowledge')).toBeEnabled());
      fireEvent.change(comment(), { target: { value: 'Called Ramesh' } });
      fireEvent.click(button('Acknowledge')!);
      await waitFor(() => expect(api.calls(`${at}/acknowledge`)).toHaveLength(1));
      await ready();
      fireEvent.change(within(dialog()).getByLabelText('Assign to coordinator'), { target: { value: SUNITA._id } });
      fireEvent.click(button('Assign')!);
      await waitFor(() => expect(api.calls(`/admin/alerts/${ALERT._id}/assign`)).toHaveLength(1));
      await ready();
      fireEvent.change(comment(), { target: { value: 'Pump checked' } });
      fireEvent.click(button('Add comment')!);
      await waitFor(() => expect(api.calls(`${at}/comments`)).toHaveLength(1));
      await ready();
      fireEvent.click(button('Clear alert')!);
      await waitFor(() => expect(api.calls(`${at}/clear`)).toHaveLength(1));
      await waitFor(() => expect(screen.getByRole('row', { name: /North plot/ }).querySelector('.alert-status')).toHaveTextContent(STATUS_TEXT.cleared_ack));
      expect(api.calls(at).map((r) => r.method)).toEqual(['GET']);
      expect(api.calls(`${at}/acknowledge`).map((r) => [r.method, r.body])).toEqual([['PATCH', { comment: 'Called Ramesh' }]]);
      expect(api.calls(`/admin/alerts/${ALERT._id}/assign`).map((r) => [r.method, r.body])).toEqual([['PATCH', { coordinatorId: SUNITA._id }]]);
      expect(api.calls(`${at}/comments`).map((r) => [r.method, r.body])).toEqual([['POST', { text: 'Pump checked' }]]);
      expect(api.calls(`${at}/clear`).map((r) => r.method)).toEqual(['PATCH']);
    } finally {
      await api.close();
    }
  }, 20_000);
});
