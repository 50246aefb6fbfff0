/**
 * The bell's machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (tests/model/notificationCentre.model.test.tsx checks the view against the machine's own snapshots; the live feed
 * against a real socket.io server is tests/machines/notificationCentreFeed.test.ts): what is read when, which pages are
 * asked for and how they are merged, which marks are sent and what they change, where opening a notification goes,
 * and what pushes do to the list and the count.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { notificationCentreMachine, type NotificationItem } from '@/machines/notificationCentre.machine';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const note = (n: number, readAt: string | null = null): NotificationItem => ({
  _id: `n${n}`,
  kind: 'alertRaised',
  messageKey: 'alert.moisture.low',
  params: { field: 'North plot' },
  alertId: null,
  messageId: null,
  link: `/alerts?focus=${n}`,
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt,
});
const READ = '2026-11-25T11:00:00.000Z';
const page = (items: NotificationItem[], p = 1, totalPages = 1, unread = items.filter((n) => n.readAt === null).length) => ({ items, unread, page: p, totalPages });
const FAILURE = new Error('503');
const tick = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const { held, last, count, of } = heldCalls();
  const went: string[] = [];
  const actor = createActor(
    notificationCentreMachine.provide({
      actors: {
        loadPage: held('loadPage') as never,
        loadCount: held('loadCount') as never,
        markRead: held('markRead') as never,
        markAllRead: held('markAllRead') as never,
        watchNotifications: fromCallback(() => {}) as never,
      },
      actions: { navigate: (_, p: { to: string }) => void went.push(p.to) },
    }),
  ).start();
  return {
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown = FAILURE) => (last(id).reject(e), tick()),
    input: (id: string) => last(id).input,
    count,
    of,
    went,
    snap: () => actor.getSnapshot(),
    ctx: () => actor.getSnapshot().context,
    list: () => actor.getSnapshot().value as { panel: string; list: unknown },
  };
}

/** Signed in, the bell opened and its first page shown. */
async function opened(items = [note(1), note(2, READ)], totalPages = 1) {
  const t = start();
  await t.answer('loadCount', { unread: 1 });
  t.send({ type: 'panel.open' });
  await t.answer('loadPage', page(items, 1, totalPages));
  return t;
}

let api: ApiServer | undefined;

describe('the bell: what it reads', () => {
  it('reads the unread count at sign-in, and the list only when the bell first opens', async () => {
    api = await startApiServer((r) =>
      r.path === '/api/v1/notifications/unread-count'
        ? { status: 200, body: { unread: 3 } }
        : { status: 200, body: { notifications: [note(1)], unread: 3, pagination: { page: 1, limit: 10, total: 1, totalPages: 0 } } },
    );
    const actor = createActor(notificationCentreMachine.provide({ actors: { watchNotifications: fromCallback(() => {}) as never } })).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.unread).toBe(3), { timeout: 10_000 });
    expect(api.requests.map((r) => r.path)).toEqual(['/api/v1/notifications/unread-count']);
    actor.send({ type: 'panel.open' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true), { timeout: 10_000 });
    expect(api.requests[1].query).toEqual({ page: '1', limit: '10' });
    // No pages at all counts as one.
    expect(actor.getSnapshot().context).toMatchObject({ items: [note(1)], unread: 3, page: 1, totalPages: 1, error: null });
    actor.stop();
  });

  it('a count that cannot be read shows no number', async () => {
    const t = start();
    await t.fail('loadCount');
    expect(t.ctx().unread).toBeNull();
    expect(t.count('loadPage')).toBe(0);
  });

  it('opening the bell clears any earlier notice and mark while the first page loads', async () => {
    const t = start();
    await t.answer('loadCount', { unread: 0 });
    t.send({ type: 'panel.open' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.snap().hasTag('open')).toBe(true);
    expect(t.input('loadPage')).toEqual({ page: 1 });
    expect(t.ctx()).toMatchObject({ notice: null, markingId: null });
  });

  it('a first page that fails says so; Retry only while open, and opening again reads it', async () => {
    const t = start();
    await t.answer('loadCount', { unread: 2 });
    t.send({ type: 'panel.open' });
    await t.fail('loadPage');
    expect(t.snap().hasTag('failed')).toBe(true);
    expect(t.ctx()).toMatchObject({ error: FAILURE, unread: 2 });
    t.send({ type: 'list.retry' });
    expect(t.count('loadPage')).toBe(2);
    await t.fail('loadPage');
    t.send({ type: 'panel.close' });
    t.send({ type: 'list.retry' });
    expect(t.count('loadPage')).toBe(2);
    t.send({ type: 'panel.open' });
    expect(t.count('loadPage')).toBe(3);
    await t.answer('loadPage', page([note(1)]));
    expect(t.ctx().error).toBeNull();
  });

  it('a later open reads the first page again, the shown list staying; a failure keeps it with a notice', async () => {
    const t = await opened();
    t.send({ type: 'panel.close' });
    t.send({ type: 'panel.open' });
    expect(t.snap().hasTag('refreshing') && t.snap().hasTag('busy')).toBe(true);
    expect(t.input('loadPage')).toEqual({ page: 1 });
    expect(t.ctx().items).toEqual([note(1), note(2, READ)]);
    await t.fail('loadPage');
    expect(t.ctx()).toMatchObject({ notice: { kind: 'refreshFailed', error: FAILURE }, items: [note(1), note(2, READ)] });
    t.send({ type: 'panel.close' });
    t.send({ type: 'panel.open' });
    expect(t.ctx().notice).toBeNull();
    await t.answer('loadPage', page([note(3)], 1, 2, 5));
    expect(t.ctx()).toMatchObject({ items: [note(3)], unread: 5, page: 1, totalPages: 2 });
    // The bell of an open panel closes it: no read.
    const reads = t.count('loadPage');
    t.send({ type: 'panel.open' });
    expect(t.count('loadPage')).toBe(reads);
  });
});

describe('the bell: more pages', () => {
  it('asks for the next page only while open and while there is one, and adds what is new', async () => {
    const t = await opened([note(1), note(2)], 2);
    t.send({ type: 'panel.close' });
    t.send({ type: 'list.more' });
    expect(t.count('loadPage')).toBe(1);
    t.send({ type: 'panel.open' });
    await t.answer('loadPage', page([note(1), note(2)], 1, 2));
    t.send({ type: 'list.more' });
    expect(t.snap().hasTag('loadingMore')).toBe(true);
    expect(t.input('loadPage')).toEqual({ page: 2 });
    // Page 2 repeats one already shown (a new one pushed the list down): it is not shown twice.
    await t.answer('loadPage', page([note(2), note(3, READ)], 2, 2, 4));
    expect(t.ctx()).toMatchObject({ items: [note(1), note(2), note(3, READ)], unread: 4, page: 2, totalPages: 2 });
    t.send({ type: 'list.more' });
    expect(t.count('loadPage')).toBe(3);
  });

  it('a next page that fails keeps the list and says so', async () => {
    const t = await opened([note(1)], 3);
    t.send({ type: 'list.more' });
    await t.fail('loadPage');
    expect(t.ctx()).toMatchObject({ items: [note(1)], page: 1, notice: { kind: 'moreFailed', error: FAILURE } });
    t.send({ type: 'list.more' });
    expect(t.ctx().notice).toBeNull();
  });
});

describe('the bell: marking read', () => {
  it('marks an unread one (while open), with the count the server gives; a read one is not sent', async () => {
    const t = await opened([note(1), note(2, READ), note(3)]);
    t.send({ type: 'notification.markRead', id: 'n2' });
    t.send({ type: 'notification.markRead', id: 'n9' });
    expect(t.count('markRead')).toBe(0);
    t.send({ type: 'notification.markRead', id: 'n1' });
    expect(t.ctx().markingId).toBe('n1');
    expect(t.input('markRead')).toEqual({ id: 'n1' });
    await t.answer('markRead', { unread: 0 });
    expect(t.ctx().markingId).toBeNull();
    expect(t.ctx().unread).toBe(0);
    expect(t.ctx().items[0].readAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(t.ctx().items[1].readAt).toBe(READ);
    // Only the one marked: another unread one stays unread.
    expect(t.ctx().items[2].readAt).toBeNull();
    t.send({ type: 'panel.close' });
    t.send({ type: 'notification.markRead', id: 'n1' });
    expect(t.count('markRead')).toBe(1);
  });

  it('a mark that fails leaves it unread and says so', async () => {
    const t = await opened();
    t.send({ type: 'notification.markRead', id: 'n1' });
    await t.fail('markRead');
    expect(t.ctx()).toMatchObject({ markingId: null, notice: { kind: 'markFailed', error: FAILURE } });
    expect(t.ctx().items[0].readAt).toBeNull();
  });

  it('marks all read only when something is unread (by count or on the list)', async () => {
    const t = await opened([note(1, READ)]);
    t.send({ type: 'notifications.unreadChanged', unread: 0 });
    t.send({ type: 'notifications.markAllRead' });
    expect(t.count('markAllRead')).toBe(0);
    t.send({ type: 'notifications.unreadChanged', unread: 2 });
    t.send({ type: 'notifications.markAllRead' });
    expect(t.count('markAllRead')).toBe(1);
    await t.answer('markAllRead', { unread: 0 });
    expect(t.ctx().unread).toBe(0);
    t.send({ type: 'notifications.pushed', notification: note(4), unread: 0 });
    t.send({ type: 'notifications.markAllRead' });
    expect(t.count('markAllRead')).toBe(2);
    await t.answer('markAllRead', { unread: 0 });
    expect(t.ctx().items.every((n) => n.readAt !== null)).toBe(true);
    expect(t.ctx().items[1].readAt).toBe(READ);
  });

  it('marking all that fails says so; nothing is marked', async () => {
    const t = await opened();
    t.send({ type: 'notifications.markAllRead' });
    await t.fail('markAllRead');
    expect(t.ctx().notice).toEqual({ kind: 'markFailed', error: FAILURE });
    expect(t.ctx().items[0].readAt).toBeNull();
  });
});

describe('the bell: opening a notification', () => {
  it("goes to what it is about and closes the panel; an unread one is marked read on the way", async () => {
    const t = await opened();
    t.send({ type: 'notification.open', id: 'n1' });
    expect(t.went).toEqual(['/alerts?focus=1']);
    expect(t.list().panel).toBe('closed');
    expect(t.input('markRead')).toEqual({ id: 'n1' });
    await t.answer('markRead', { unread: 0 });
    t.send({ type: 'panel.open' });
    await t.answer('loadPage', page([note(1, READ), note(2, READ)]));
    t.send({ type: 'notification.open', id: 'n2' });
    expect(t.went).toEqual(['/alerts?focus=1', '/alerts?focus=2']);
    expect(t.count('markRead')).toBe(1);
  });

  it('goes nowhere for a notification not on the list, or before the list is there', async () => {
    const t = await opened();
    t.send({ type: 'notification.open', id: 'n9' });
    expect(t.went).toEqual([]);
    expect(t.list().panel).toBe('open');
    const early = start();
    await early.answer('loadCount', { unread: 1 });
    early.send({ type: 'panel.open' });
    early.send({ type: 'notification.open', id: 'n1' });
    expect(early.went).toEqual([]);
  });
});

describe('the bell: pushes', () => {
  it('a new notification goes on top, once, with the count pushed; a count of 0 reads every shown one', async () => {
    const t = await opened();
    t.send({ type: 'notifications.pushed', notification: note(3), unread: 2 });
    t.send({ type: 'notifications.pushed', notification: { ...note(2), readAt: null }, unread: 3 });
    expect(t.ctx().items.map((n) => n._id)).toEqual(['n2', 'n3', 'n1']);
    expect(t.ctx().unread).toBe(3);
    t.send({ type: 'notifications.unreadChanged', unread: 1 });
    expect(t.ctx().items.filter((n) => n.readAt === null)).toHaveLength(3);
    t.send({ type: 'notifications.unreadChanged', unread: 0 });
    expect(t.ctx().unread).toBe(0);
    expect(t.ctx().items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('after pushes were lost: the list again if the bell is open, else the count', async () => {
    const t = await opened();
    t.send({ type: 'notifications.stale' });
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.count('loadPage')).toBe(2);
    await t.answer('loadPage', page([note(1)]));
    t.send({ type: 'panel.close' });
    t.send({ type: 'notifications.stale' });
    expect(t.snap().matches({ list: 'unloaded' })).toBe(true);
    expect(t.count('loadCount')).toBe(2);
    expect(t.count('loadPage')).toBe(2);
  });
});
