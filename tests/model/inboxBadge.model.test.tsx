/**
 * Generated path tests for the farmer's unread-messages badge: every shortest path through its statechart,
 * driven by the count request, the server's `inbox:unread` push and the connection coming back, checked on
 * the header link it feeds. Offline (issue 17): the count is kept on the phone; a read lost to the network shows the
 * kept count (the Messages badge stays on the offline home) until the browser is online again or the socket is back.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { inboxBadgeMachine, UNREAD_KEY } from '@/machines/inboxBadge.machine';
import type { Cached } from '@/machines/offline';
import { HttpError, isNetworkFailure } from '@/shared/httpError';
import { AppHeader } from '@/views/ui/AppHeader';
import { InboxLink } from '@/views/ui/InboxLink';
import { startApiServer } from '../support/apiServer';
import { socketServer } from '../support/socketServer';
import { deferred, describeModel, eventKey, leafValues, modelPaths, renderView, serializeWith } from '../support/modelHarness';

/** What the machine keeps on the phone, as the store would hold it (its own rule of what to keep runs as written). */
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/machines/offline', async (actual) => ({
  ...(await actual<typeof import('@/machines/offline')>()),
  keep: (what: string, value: unknown) => void kept.set(what, value),
}));
/** The count kept on the phone before, seen an hour ago. */
const KEPT: Cached<number> = { value: 5, savedAt: new Date(Date.now() - 3600_000).toISOString() };

type Ev = AnyEventObject;
const EVENTS: Ev[] = [
  { type: 'xstate.done.actor.loadUnread', output: 3 },
  { type: 'xstate.done.actor.loadUnread', output: 0 },
  { type: 'xstate.error.actor.loadUnread', error: new Error('offline') },
  // No answer (offline, dropped, timed out): the kept count.
  { type: 'xstate.error.actor.loadUnread', error: new HttpError(0, 'network') },
  { type: 'xstate.done.actor.recallUnread', output: KEPT },
  { type: 'xstate.done.actor.recallUnread', output: null },
  { type: 'xstate.error.actor.recallUnread', error: new Error('no IndexedDB') },
  { type: 'network.online' },
  { type: 'inbox.unreadChanged', unread: 4 },
  { type: 'inbox.unreadChanged', unread: 0 },
  { type: 'socket.connectionChanged', state: 'connected' },
];
const paths = modelPaths(inboxBadgeMachine, { events: EVENTS, serializeState: serializeWith((c: { unread: number | null }) => c.unread) });

const drive = { recall: deferred<Cached<number> | null>(), load: deferred<number>(), push: null as ((e: Ev) => void) | null, connection: null as ((e: Ev) => void) | null, loads: 0 };
/** What the badge should show: the last count known, or nothing before one is known. */
let expected: number | null = null;
/** The last count the server told (read or pushed): what the phone keeps; the kept copy is never kept again. */
let fromServer: number | null = null;

function render() {
  expected = null;
  fromServer = null;
  drive.loads = 0;
  kept.clear();
  const logic = inboxBadgeMachine.provide({
    actors: {
      loadUnread: fromPromise(() => (drive.loads++, (drive.load = deferred<number>()).promise)),
      recallUnread: fromPromise(() => (drive.recall = deferred<Cached<number> | null>()).promise),
      // watchOnline is the real one: the executor fires the window's 'online' event.
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
  'offline.reading': () => {},
  'offline.shown': () => {},
};
function assertBadge() {
  // What the phone keeps is the count last known (nothing before one is known).
  // Under the key older versions kept it (a renamed key would lose the kept count).
  expect(UNREAD_KEY).toBe('inbox.unread');
  expect(kept.get('inbox.unread') ?? null).toBe(fromServer);
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
  // Both failures (an answer, and none) are driven.
  eventKey,
  states: Object.keys(ASSERT),
  render: () => {
    render();
    return {
      exec: {
        'xstate.init': () => {},
        'xstate.done.actor.loadUnread': async (e: Ev) => {
          await act(async () => drive.load.resolve(e.output));
          expected = fromServer = e.output;
        },
        'xstate.error.actor.loadUnread': (e: Ev) => act(async () => drive.load.reject(e.error)),
        'inbox.unreadChanged': (e: Ev) => {
          act(() => drive.push!(e));
          expected = fromServer = e.unread;
        },
        'xstate.done.actor.recallUnread': async (e: Ev) => {
          await act(async () => drive.recall.resolve(e.output));
          if (e.output) expected = (e.output as Cached<number>).value;
        },
        'xstate.error.actor.recallUnread': (e: Ev) => act(async () => drive.recall.reject(e.error)),
        'network.online': () => {
          const before = drive.loads;
          act(() => void window.dispatchEvent(new Event('online')));
          expect(drive.loads).toBe(before + 1);
        },
        'socket.connectionChanged': (e: Ev) => {
          const before = drive.loads;
          act(() => drive.connection!(e));
          // Back online: the count is read again, so what arrived while offline shows.
          expect(drive.loads).toBe(before + 1);
        },
      },
      check: (step) => {
        // Where the step must lead, from what the server or the phone answered (not from the snapshot).
        const e = step.event as Ev;
        if (e.type === 'xstate.error.actor.loadUnread') expect(step.state.value).toEqual(isNetworkFailure(e.error) ? { offline: 'reading' } : 'ready');
        if (e.type === 'xstate.done.actor.loadUnread') expect(step.state.value).toBe('ready');
        if (e.type.endsWith('.actor.recallUnread')) expect(step.state.value).toEqual({ offline: 'shown' });
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

describe('the connection, not only its return', () => {
  it('reads the count again only when the socket is connected again, not when it drops or is still connecting', async () => {
    render();
    await act(async () => drive.load.resolve(2));
    expect(link()).toHaveAccessibleName('Messages, 2 unread');
    expect(drive.loads).toBe(1);
    act(() => drive.connection!({ type: 'socket.connectionChanged', state: 'connecting' }));
    act(() => drive.connection!({ type: 'socket.connectionChanged', state: 'disconnected' }));
    expect(drive.loads).toBe(1);
    expect(link()).toHaveAccessibleName('Messages, 2 unread');
    act(() => drive.connection!({ type: 'socket.connectionChanged', state: 'connected' }));
    expect(drive.loads).toBe(2);
    cleanup();
  });

  it('offline, keeps the kept count while the socket only tries, and reads afresh once it is connected', async () => {
    render();
    await act(async () => drive.load.reject(new HttpError(0, 'network')));
    await act(async () => drive.recall.resolve(KEPT));
    expect(link()).toHaveAccessibleName('Messages, 5 unread');
    act(() => drive.connection!({ type: 'socket.connectionChanged', state: 'connecting' }));
    expect(drive.loads).toBe(1);
    act(() => drive.connection!({ type: 'socket.connectionChanged', state: 'connected' }));
    expect(drive.loads).toBe(2);
    await act(async () => drive.load.resolve(1));
    expect(link()).toHaveAccessibleName('Messages, 1 unread');
    cleanup();
  });
});

describe('inbox badge for real', () => {
  it('reads GET /messages, follows the inbox:unread pushes and reads again after a reconnect, not on a push (the machine’s own actors)', async () => {
    const answers = [2, 4];
    const api = await startApiServer(({ path }) => (path === '/api/v1/messages' ? { status: 200, body: { messages: [], unread: answers.shift() ?? 9 } } : { status: 404 }));
    const socket = socketServer();
    kept.clear();
    try {
      await socket.start();
      renderView(<InboxLink />, { session: 'farmer', intlLocale: 'en' });
      expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute('href', '/messages');
      expect(api.calls('/messages').map((r) => [r.method, r.query])).toEqual([['GET', { page: '1', limit: '1' }]]);
      // A message arrives (or one is read on another device): the server pushes the new count.
      act(() => void socket.io.emit('inbox:unread', { unread: 7 }));
      expect(await screen.findByRole('link', { name: 'Messages, 7 unread' })).toBeInTheDocument();
      expect(kept.get('inbox.unread')).toBe(7);
      // The server restarts: once connected again the count is read afresh (what came meanwhile shows).
      await socket.dropAll();
      expect(await screen.findByRole('link', { name: 'Messages, 4 unread' })).toBeInTheDocument();
      // A push after that: the connection's going down and coming back read the count once, no more.
      act(() => void socket.io.emit('inbox:unread', { unread: 6 }));
      expect(await screen.findByRole('link', { name: 'Messages, 6 unread' })).toBeInTheDocument();
      expect(api.calls('/messages')).toHaveLength(2);
      expect(kept.get('inbox.unread')).toBe(6);
    } finally {
      cleanup();
      await socket.stop();
      await api.close();
    }
  });

  it('with no network and nothing kept on the phone, shows no count, and reads it once the browser is online again', async () => {
    // No API server: the read gets no answer (a network failure); the phone (no IndexedDB here) has nothing kept.
    const badge = createActor(inboxBadgeMachine).start();
    const offline = await waitFor(badge, (s) => s.matches({ offline: 'shown' }));
    expect(offline.context.unread).toBeNull();
    const api = await startApiServer(({ path }) => (path === '/api/v1/messages' ? { status: 200, body: { messages: [], unread: 3 } } : { status: 404 }));
    try {
      window.dispatchEvent(new Event('online'));
      expect((await waitFor(badge, (s) => s.matches('ready'))).context.unread).toBe(3);
      expect(api.calls('/messages')).toHaveLength(1);
    } finally {
      badge.stop();
      await api.close();
    }
  });
});
