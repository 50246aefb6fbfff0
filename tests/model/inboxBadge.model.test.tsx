/**
 * Generated path tests for the farmer's unread-messages badge: every shortest path through its statechart,
 * driven by the count request, the server's `inbox:unread` push and the connection coming back, checked on
 * the header link it feeds.
 */
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { inboxBadgeMachine } from '@/machines/inboxBadge.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { InboxLink } from '@/views/ui/InboxLink';
import { deferred, describeModel, leafValues, modelPaths, renderView, serializeWith } from '../support/modelHarness';

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadUnread', output: 3 },
  { type: 'xstate.done.actor.loadUnread', output: 0 },
  { type: 'xstate.error.actor.loadUnread', error: new Error('offline') },
  { type: 'inbox.unreadChanged', unread: 4 },
  { type: 'inbox.unreadChanged', unread: 0 },
  { type: 'socket.connectionChanged', state: 'connected' },
];
const paths = modelPaths(inboxBadgeMachine, { events: EVENTS, serializeState: serializeWith((c: { unread: number | null }) => c.unread) });

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
  renderView(<InboxLink logic={logic} />, { session: 'farmer', intlLocale: 'en' });
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

describeModel('inbox badge model', {
  paths,
  events: EVENTS,
  states: Object.keys(ASSERT),
  render: () => {
    render();
    return {
      exec: {
        'xstate.init': () => {},
        'xstate.done.actor.loadUnread': async (e: Ev) => {
          await act(async () => drive.load.resolve(e.output));
          expected = e.output;
        },
        'xstate.error.actor.loadUnread': (e: Ev) => act(async () => drive.load.reject(e.error)),
        'inbox.unreadChanged': (e: Ev) => {
          act(() => drive.push!(e));
          expected = e.unread;
        },
        'socket.connectionChanged': (e: Ev) => {
          const before = drive.loads;
          act(() => drive.connection!(e));
          // Back online: the count is read again, so what arrived while offline shows.
          expect(drive.loads).toBe(before + 1);
        },
      },
      check: (step) => {
        for (const leaf of leafValues(step.state.value)) ASSERT[leaf]();
        assertBadge();
      },
    };
  },
});

describe('header', () => {
  it('shows the messages link to farmers only', () => {
    renderView(<AppHeader />, { session: 'coordinator', intlLocale: 'en' });
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
    cleanup();
    renderView(<AppHeader />, { session: 'farmer', intlLocale: 'en' });
    expect(screen.getByRole('link', { name: /^Messages/ })).toHaveAttribute('href', '/messages');
  });
});
