/**
 * The farmer's inbox machine in fixed scenarios whose expectations are written out here, not read from the machine:
 * pushes, opening and marking read, a catch-up while a load or a mark is under way, failures, and the copy kept on
 * the phone (the real recall and remember of services/offlineCache, with the phone's store stood in for: jsdom has
 * no IndexedDB). The generated path tests (tests/model/staff/inbox.model.test.tsx) check the view against the
 * machine's own snapshots; these say what the machine must do.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { inboxMachine } from '@/machines/inbox.machine';
import type { InboxMessage } from '@/services/messages';
import { HttpError } from '@/shared/httpError';
import { heldCalls } from '../support/heldCalls';

const phone = vi.hoisted(() => ({
  kept: new Map<string, { value: unknown; savedAt: string }>(),
  writes: [] as [string, unknown][],
  /** While set, reading the phone's copy waits for it. */
  gate: null as Promise<void> | null,
}));
vi.mock('@/services/offlineCache', () => ({
  remember: async (what: string, value: unknown) => {
    phone.writes.push([what, value]);
    phone.kept.set(what, { value, savedAt: '2026-11-26T05:00:00.000Z' });
  },
  recall: async (what: string) => {
    await phone.gate;
    return phone.kept.get(what) ?? null;
  },
}));

const msg = (id: string, readAt: string | null = null): InboxMessage => ({
  _id: id,
  subject: `About ${id}`,
  message: `Text of ${id}`,
  senderName: 'Coordinator',
  createdAt: '2026-11-26T04:00:00.000Z',
  readAt,
});
const READ = '2026-11-25T10:00:00.000Z';
const OFFLINE = new HttpError(0, 'network');
const SERVER = new HttpError(500, 'server');


function start() {
  const { held, of, last } = heldCalls();
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        load: held('load') as never,
        markRead: held('markRead') as never,
        // The socket and the browser's online event are sent by hand here.
        watchMessages: fromCallback(() => {}) as never,
        watchOnline: fromCallback(() => {}) as never,
      },
    }),
  ).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    /** Answers the last load with a page. */
    page: async (messages: InboxMessage[], unread: number, totalPages = 1) => (last('load').resolve({ items: messages, totalPages, unread }), tick()),
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown) => (last(id).reject(e), tick()),
    calls: of,
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
    tick,
  };
}

beforeEach(() => {
  phone.kept.clear();
  phone.writes.length = 0;
  phone.gate = null;
});

describe('inbox machine: the list and pushes', () => {
  it('keeps page 1 on the phone as shown, and not page 2', async () => {
    const t = start();
    // The first load is not a failed one (the view would show its failure banner over "Loading").
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.ctx()).toMatchObject({ loadFailed: false, unread: 0, openId: null, offlineAt: null });
    await t.page([msg('a'), msg('b', READ)], 1, 2);
    expect(t.snap().value).toBe('ready');
    expect(phone.writes).toEqual([['inbox.page1', { messages: [msg('a'), msg('b', READ)], unread: 1 }]]);
    t.send({ type: 'page.go', page: 2 });
    expect(t.calls('load').at(-1)!.input).toEqual({ page: 2 });
    await t.page([msg('c', READ)], 1, 2);
    expect(t.ctx()).toMatchObject({ page: 2, messages: [msg('c', READ)] });
    expect(phone.writes).toHaveLength(1);
  });

  it('a pushed message goes on top, unread, once: a push of a message already listed moves it up', async () => {
    const t = start();
    await t.page([msg('a', READ), msg('b')], 1);
    t.send({ type: 'message.new', message: msg('c') });
    expect(t.ctx().messages.map((m) => m._id)).toEqual(['c', 'a', 'b']);
    expect(t.ctx().unread).toBe(2);
    t.send({ type: 'message.new', message: msg('a', READ) });
    expect(t.ctx().messages.map((m) => [m._id, m.readAt])).toEqual([
      ['a', null],
      ['c', null],
      ['b', null],
    ]);
    expect(t.ctx().unread).toBe(3);
  });

  it('a failed load shows an empty list that says so: no count, no pages, no open message', async () => {
    const t = start();
    await t.page([msg('a')], 1);
    t.send({ type: 'message.open', id: 'a' });
    await t.answer('markRead', {});
    expect(t.ctx().openId).toBe('a');
    t.send({ type: 'feed.stale' });
    expect(t.snap().value).toBe('loading');
    await t.fail('load', SERVER);
    expect(t.snap().value).toBe('ready');
    expect(t.ctx()).toMatchObject({ messages: [], unread: 0, totalPages: 1, loadFailed: true, openId: null });
  });

  it('a catch-up while a page loads starts the load again; the later answer is the one shown', async () => {
    const t = start();
    t.send({ type: 'feed.stale' });
    expect(t.calls('load')).toHaveLength(2);
    expect(t.snap().value).toBe('loading');
    await t.page([msg('new')], 1);
    expect(t.ctx().messages.map((m) => m._id)).toEqual(['new']);
  });
});

describe('inbox machine: opening a message', () => {
  it('an unread one is shown read at once (only it), the count goes down, and the server is told', async () => {
    const t = start();
    await t.page([msg('a'), msg('b'), msg('c', READ)], 2);
    t.send({ type: 'message.open', id: 'b' });
    expect(t.snap().value).toBe('marking');
    expect(t.calls('markRead').at(-1)!.input).toEqual({ id: 'b' });
    const [a, b, c] = t.ctx().messages;
    expect([a.readAt, c.readAt]).toEqual([null, READ]);
    expect(b.readAt).not.toBeNull();
    expect(t.ctx()).toMatchObject({ openId: 'b', unread: 1 });
    await t.answer('markRead', {});
    expect(t.snap().value).toBe('ready');
  });

  it('a read one just opens (no call); Close closes it, also while a mark is under way', async () => {
    const t = start();
    await t.page([msg('a'), msg('b', READ)], 1);
    t.send({ type: 'message.open', id: 'b' });
    expect(t.snap().value).toBe('ready');
    expect(t.ctx().openId).toBe('b');
    expect(t.calls('markRead')).toHaveLength(0);
    t.send({ type: 'message.close' });
    expect(t.ctx().openId).toBeNull();
    t.send({ type: 'message.open', id: 'a' });
    expect(t.snap().value).toBe('marking');
    t.send({ type: 'message.close' });
    expect(t.ctx().openId).toBeNull();
  });

  it('a failed mark goes back to the list; with a catch-up during the mark, either way the page is read again after it', async () => {
    const t = start();
    await t.page([msg('a'), msg('b')], 2);
    t.send({ type: 'message.open', id: 'a' });
    await t.fail('markRead', SERVER);
    expect(t.snap().value).toBe('ready');
    expect(t.calls('load')).toHaveLength(1);

    t.send({ type: 'message.open', id: 'b' });
    t.send({ type: 'feed.stale' });
    expect(t.snap().value).toBe('marking');
    await t.fail('markRead', SERVER);
    expect(t.snap().value).toBe('loading');
    expect(t.calls('load')).toHaveLength(2);
    await t.page([msg('a'), msg('b')], 2);

    t.send({ type: 'message.open', id: 'a' });
    t.send({ type: 'feed.stale' });
    await t.answer('markRead', {});
    expect(t.snap().value).toBe('loading');
    expect(t.ctx().stale).toBe(false);
  });
});

describe('inbox machine: offline', () => {
  it('with no network shows the kept page 1 (reading it first), opens and closes messages, and Retry loads page 1', async () => {
    const t = start();
    await t.page([msg('x')], 0, 3);
    // What an earlier visit kept (this load kept its own page 1 too).
    expect(phone.kept.get('inbox.page1')?.value).toEqual({ messages: [msg('x')], unread: 0 });
    phone.kept.set('inbox.page1', { value: { messages: [msg('k1'), msg('k2', READ)], unread: 1 }, savedAt: '2026-11-26T05:00:00.000Z' });
    t.send({ type: 'page.go', page: 3 });
    // The load that fails from the server first, then one lost to the network.
    await t.fail('load', SERVER);
    expect(t.ctx().loadFailed).toBe(true);
    t.send({ type: 'feed.stale' });
    let open = () => {};
    phone.gate = new Promise<void>((r) => (open = r));
    await t.fail('load', OFFLINE);
    expect(t.snap().matches({ offline: 'reading' })).toBe(true);
    expect(t.snap().hasTag('offline') && t.snap().hasTag('loading')).toBe(true);
    open();
    await t.tick();
    expect(t.snap().matches({ offline: 'shown' })).toBe(true);
    expect(t.snap().hasTag('offline')).toBe(true);
    expect(t.ctx()).toMatchObject({ messages: [msg('k1'), msg('k2', READ)], unread: 1, page: 1, totalPages: 1, loadFailed: false, offlineAt: '2026-11-26T05:00:00.000Z' });
    t.send({ type: 'message.open', id: 'k1' });
    expect(t.ctx().openId).toBe('k1');
    expect(t.calls('markRead')).toHaveLength(0);
    t.send({ type: 'message.close' });
    expect(t.ctx().openId).toBeNull();
    t.send({ type: 'inbox.retry' });
    expect(t.snap().value).toBe('loading');
    expect(t.ctx().offlineAt).toBeNull();
    expect(t.calls('load').at(-1)!.input).toEqual({ page: 1 });
  });

  it('back online loads page 1 again, whatever page failed', async () => {
    const t = start();
    await t.page([msg('x')], 0, 2);
    t.send({ type: 'page.go', page: 2 });
    await t.fail('load', OFFLINE);
    await t.tick();
    expect(t.ctx().offlineAt).not.toBeNull();
    t.send({ type: 'network.online' });
    expect(t.snap().value).toBe('loading');
    expect(t.ctx().offlineAt).toBeNull();
    expect(t.calls('load').at(-1)!.input).toEqual({ page: 1 });
  });

  it('with nothing kept shows an empty inbox that forgets what was listed, and Retry loads page 1', async () => {
    const t = start();
    await t.page([msg('x'), msg('y')], 2, 3);
    phone.kept.clear();
    t.send({ type: 'page.go', page: 2 });
    await t.fail('load', SERVER);
    t.send({ type: 'feed.stale' });
    await t.fail('load', OFFLINE);
    await t.tick();
    expect(t.snap().matches({ offline: 'nothingSaved' })).toBe(true);
    expect(t.ctx()).toMatchObject({ messages: [], unread: 0, page: 1, totalPages: 1, loadFailed: false, offlineAt: null });
    t.send({ type: 'inbox.retry' });
    expect(t.snap().value).toBe('loading');
    expect(t.calls('load').at(-1)!.input).toEqual({ page: 1 });
  });
});
