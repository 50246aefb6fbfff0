/**
 * Generated path tests for the farmer's unread-messages badge: every shortest path through its statechart,
 * driven by the count request, the server's `inbox:unread` push and the connection coming back, checked on
 * the header link it feeds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { inboxBadgeMachine } from '@/machines/inboxBadge.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { InboxLink } from '@/views/ui/InboxLink';
import { deferred, renderLive } from '../support/live';

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadUnread', output: 3 },
  { type: 'xstate.done.actor.loadUnread', output: 0 },
  { type: 'xstate.error.actor.loadUnread', error: new Error('offline') },
  { type: 'inbox.unreadChanged', unread: 4 },
  { type: 'inbox.unreadChanged', unread: 0 },
  { type: 'socket.connectionChanged', state: 'connected' },
];
const keyOf = (e: Ev) => `${e.type}:${JSON.stringify(e.output ?? e.unread ?? e.state ?? '')}`;
type Snap = SnapshotFrom<typeof inboxBadgeMachine>;
const paths = getShortestPaths(inboxBadgeMachine, {
  events: EVENTS as never,
  filterEvents: (s: Snap, e: Ev) => s.can(e as never),
  serializeEvent: keyOf as never,
  serializeState: ((s: Snap, e?: Ev, prev?: Snap) => `${JSON.stringify(s.value)}|${s.context.unread}|${e ? keyOf(e) : ''}|${prev ? JSON.stringify(prev.value) : ''}`) as never,
});

const drive = { load: deferred<number>(), push: null as ((e: Ev) => void) | null, connection: null as ((e: Ev) => void) | null, loads: 0 };
/** What the badge should show: the last count known, or nothing before one is known. */
let expected: number | null = null;

function render() {
  expected = null;
  drive.loads = 0;
  const logic = inboxBadgeMachine.provide({
    actors: {
      loadUnread: fromPromise(() => (drive.loads++, (drive.load = deferred<number>()).promise)),
      watchUnread: fromCallback(({ sendBack }) => {
        drive.push = sendBack;
        return () => (drive.push = null);
      }),
      watchConnection: fromCallback(({ sendBack }) => {
        drive.connection = sendBack;
        return () => (drive.connection = null);
      }),
    },
  });
  renderLive(<InboxLink logic={logic} />, 'farmer');
}

const link = () => screen.getByRole('link');
const ASSERT: Record<string, () => void> = {
  loading: () => expect(drive.loads).toBeGreaterThan(0),
  ready: () => {},
};
function assertBadge() {
  expect(link()).toHaveAttribute('href', '/messages');
  if (expected === null) {
    expect(link()).toHaveAccessibleName('Messages');
    expect(screen.queryByTestId('unread-count')).toBeNull();
  } else if (expected === 0) {
    expect(link()).toHaveAccessibleName('Messages, none unread');
    expect(screen.queryByTestId('unread-count')).toBeNull();
  } else {
    expect(link()).toHaveAccessibleName(`Messages, ${expected} unread`);
    expect(screen.getByTestId('unread-count')).toHaveTextContent(String(expected));
  }
}

afterEach(cleanup);

describe('inbox badge model', () => {
  it('covers every state and event', () => {
    const states = new Set(Object.values(getAdjacencyMap(inboxBadgeMachine, { events: EVENTS as never })).map((n) => JSON.stringify(n.state.value)));
    expect([...states].map((s) => JSON.parse(s)).sort()).toEqual(Object.keys(ASSERT).sort());
    const driven = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect([...driven].sort()).toEqual([...new Set(EVENTS.map((e) => e.type)), 'xstate.init'].sort());
  });

  it.each(paths.map((p) => [p.steps.map((s) => keyOf(s.event)).join(' → '), p] as const))('%s', async (_name, path) => {
    render();
    for (const step of path.steps) {
      const e = step.event as Ev;
      if (e.type === 'xstate.done.actor.loadUnread') {
        await act(async () => drive.load.resolve(e.output));
        expected = e.output;
      } else if (e.type === 'xstate.error.actor.loadUnread') {
        await act(async () => drive.load.reject(e.error));
      } else if (e.type === 'inbox.unreadChanged') {
        act(() => drive.push!(e));
        expected = e.unread;
      } else if (e.type === 'socket.connectionChanged') {
        const before = drive.loads;
        act(() => drive.connection!(e));
        // Back online: the count is read again, so what arrived while offline shows.
        expect(drive.loads).toBe(before + 1);
      }
      ASSERT[JSON.stringify(step.state.value).replace(/"/g, '')]();
      assertBadge();
    }
  });
});

describe('header', () => {
  it('shows the messages link to farmers only', () => {
    renderLive(<AppHeader />, 'coordinator');
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    cleanup();
    renderLive(<AppHeader />, 'farmer');
    expect(screen.getByRole('link', { name: /^Messages/ })).toHaveAttribute('href', '/messages');
  });
});
