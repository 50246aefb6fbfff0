/**
 * Generated path tests for one alert's lifecycle on the admin table: every shortest path through the
 * statechart, driven through the row's buttons, the server answers and pushed updates, checked in the row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { alertLifecycleMachine } from '@/machines/alertLifecycle.machine';
import { alertsListMachine } from '@/machines/alertsList.machine';
import type { AlertItem } from '@/services/alerts';
import { AlertsView } from '@/views/alerts/AlertsView';
import { COORDINATORS, makeAlert } from './alertFixtures';
import { deferred, renderView } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof alertLifecycleMachine>;
const ALERT = makeAlert();
const SUNITA = COORDINATORS[0];

const EVENTS: Ev[] = [
  { type: 'alert.acknowledge' },
  { type: 'alert.assign', coordinator: SUNITA },
  { type: 'xstate.done.actor.acknowledge', output: makeAlert({ status: 'acknowledged' }) },
  { type: 'xstate.error.actor.acknowledge', error: new Error('500') },
  { type: 'xstate.done.actor.assign', output: makeAlert({ status: 'assigned', assignedTo: { _id: SUNITA._id, name: SUNITA.name } }) },
  { type: 'xstate.error.actor.assign', error: new Error('500') },
  { type: 'alert.synced', alert: makeAlert({ status: 'acknowledged' }) },
];
const keyOf = (e: Ev) => (e.type === 'alert.synced' ? `alert.synced:${(e.alert as AlertItem).status}` : e.type);
const stateName = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v}`)[0]);

const options = {
  input: { alert: ALERT },
  events: EVENTS as never,
  filterEvents: (s: Snap, e: Ev) => s.can(e as never),
  serializeEvent: (e: Ev) => keyOf(e),
};
const paths = getShortestPaths(alertLifecycleMachine, {
  ...options,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${stateName(s as Snap)}|${JSON.stringify((s as Snap).context)}|${e ? keyOf(e as Ev) : ''}|${prev ? stateName(prev as Snap) : ''}`,
} as never);

const drive = {
  ack: deferred<AlertItem>(),
  assign: deferred<AlertItem>(),
  push: null as ((e: Ev) => void) | null,
};

async function render() {
  const row = alertLifecycleMachine.provide({
    actors: {
      acknowledge: fromPromise(() => (drive.ack = deferred<AlertItem>()).promise),
      assign: fromPromise(() => (drive.assign = deferred<AlertItem>()).promise),
    },
  });
  const list = alertsListMachine.provide({
    actors: {
      load: fromPromise(async () => ({ items: [ALERT], totalPages: 1, unread: 0, coordinators: COORDINATORS })),
      alertSocket: fromCallback(({ sendBack }) => {
        drive.push = sendBack;
        return () => (drive.push = null);
      }),
      alertLifecycle: row,
    },
  });
  renderView(<AlertsView logic={list} />, { session: 'admin', intlLocale: 'en', path: '/alerts' });
  await screen.findByRole('table');
}

const rowEl = () => document.querySelector(`tr[data-alert-id="${ALERT.id}"]`) as HTMLElement;

const exec: Record<string, (e: Ev) => unknown> = {
  'alert.acknowledge': () => fireEvent.click(within(rowEl()).getByRole('button', { name: 'Acknowledge' })),
  'alert.assign': () => {
    fireEvent.change(within(rowEl()).getByLabelText('Assign to coordinator'), { target: { value: SUNITA._id } });
    fireEvent.click(within(rowEl()).getByRole('button', { name: 'Assign' }));
  },
  'xstate.done.actor.acknowledge': (e) => act(async () => drive.ack.resolve(e.output)),
  'xstate.error.actor.acknowledge': (e) => act(async () => drive.ack.reject(e.error)),
  'xstate.done.actor.assign': (e) => act(async () => drive.assign.resolve(e.output)),
  'xstate.error.actor.assign': (e) => act(async () => drive.assign.reject(e.error)),
  'alert.synced:acknowledged': (e) => act(() => drive.push!({ type: 'feed.alert', event: 'alert:updated', alert: e.alert })),
};

/** The status cell after its state badge, which says the (open) alert is still active. */
const status = () => {
  const cell = rowEl().querySelectorAll('td')[4];
  expect(cell.querySelector('.badge')).toHaveTextContent('Active');
  return (cell.textContent ?? '').replace(/^Active /, '');
};
const buttons = () => ({
  ack: within(rowEl()).queryByRole('button', { name: 'Acknowledge' }),
  assign: within(rowEl()).queryByLabelText('Assign to coordinator'),
  failure: within(rowEl()).queryByRole('alert'),
});

const assertState: Record<string, (s: Snap) => void> = {
  'unacknowledged.idle': () => {
    expect(status()).toBe('Unacknowledged');
    expect(buttons().ack).not.toBeNull();
    expect(buttons().assign).not.toBeNull();
    expect(buttons().failure).toBeNull();
  },
  'unacknowledged.failed': (s) => {
    expect(status()).toBe('Unacknowledged');
    expect(buttons().failure).toHaveTextContent(s.context.failure === 'acknowledge' ? 'Failed to acknowledge alert' : 'Failed to assign alert');
  },
  acknowledging: () => {
    expect(status()).toBe('Acknowledged');
    expect(rowEl()).toHaveAttribute('aria-busy', 'true');
    expect(buttons().ack).toBeNull();
  },
  assigning: () => {
    expect(status()).toContain('Assigned to Sunil Pawar');
    expect(rowEl()).toHaveAttribute('aria-busy', 'true');
  },
  'assigned.idle': () => {
    expect(status()).toBe('AssignedAssigned to Sunil Pawar');
    expect(buttons().ack).not.toBeNull();
    expect(buttons().assign).toBeNull();
    expect(buttons().failure).toBeNull();
  },
  'assigned.failed': () => {
    expect(status()).toContain('Assigned to Sunil Pawar');
    expect(buttons().failure).toHaveTextContent('Failed to acknowledge alert');
  },
  acknowledged: () => {
    expect(status()).toBe('Acknowledged');
    expect(buttons().ack).toBeNull();
    expect(buttons().assign).toBeNull();
  },
};

afterEach(cleanup);

describe('alert lifecycle model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    const map = getAdjacencyMap(alertLifecycleMachine, { ...options, serializeState: (s: Snap) => `${stateName(s as Snap)}|${JSON.stringify((s as Snap).context)}` } as never);
    const events = new Set<string>();
    const states = new Set<string>();
    for (const node of Object.values(map)) {
      states.add(stateName(node.state as Snap));
      for (const t of Object.values(node.transitions) as Array<{ event: Ev }>) events.add(keyOf(t.event as Ev));
    }
    expect([...events].sort()).toEqual(Object.keys(exec).sort());
    expect([...states].sort()).toEqual(Object.keys(assertState).sort());
  });

  it.each(paths.map((p) => [p.steps.map((s) => keyOf(s.event as Ev)).join(' → '), p] as const))('%s', async (_, path) => {
    await render();
    for (const step of path.steps) {
      if ((step.event as Ev).type !== 'xstate.init') await exec[keyOf(step.event as Ev)](step.event as Ev);
      assertState[stateName(step.state as Snap)](step.state as Snap);
    }
  });
});
