/**
 * The dashboard and the farmer's inbox catch up through their socket feeds, against a real socket.io server: after
 * a reconnect socket.io could not recover (the server dropped the socket, as a restart does, so the pushes sent
 * meanwhile are lost) each reads again what it shows; a mark-as-read under way finishes first, so the page read
 * again has that message read. The loads and the mark are faked at their actors; the feeds are the machines' own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, ZERO_STATS } from '@/machines/dashboard.machine';
import { inboxMachine } from '@/machines/inbox.machine';
import type { InboxMessage } from '@/services/messages';
import { deferred } from '../support/modelHarness';
import { socketServer } from '../support/socketServer';

const server = socketServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
/** The server drops every socket; resolves once this client is connected again (a new, unrecovered session). */
const serverDrops = () => server.dropAll();

const MESSAGE: InboxMessage = { _id: 'm-1', subject: 'Spray today', message: 'Neem oil', senderName: 'Sunil Pawar', createdAt: '2026-03-02T04:30:00.000Z', readAt: null };
const page = (messages: InboxMessage[]) => ({ items: messages, totalPages: 1, unread: messages.filter((m) => !m.readAt).length });

describe('listeners catch up after an unrecovered reconnect', () => {
  it.each(['admin', 'coordinator'] as const)('the %s dashboard loads again', async (kind) => {
    let loads = 0;
    const logic = dashboardMachine.provide({
      actors: {
        load: fromPromise(async () => {
          loads++;
          return { stats: { ...ZERO_STATS, alerts: loads }, farmers: [], alerts: [], fields: [], pins: [] };
        }) as never,
      },
    });
    const actor = createActor(logic, { input: { kind } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toBe(1);
    await serverDrops();
    await expect.poll(() => actor.getSnapshot().context.stats.alerts).toBe(2);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.stop();
  });

  it('the inbox reads its page again; after a mark-as-read under way, once it is done', async () => {
    const loads: number[] = [];
    let onServer = [MESSAGE];
    let mark = deferred<unknown>();
    const logic = inboxMachine.provide({
      actors: {
        load: fromPromise(async ({ input }: { input: { page: number } }) => {
          loads.push(input.page);
          return page(onServer);
        }) as never,
        markRead: fromPromise(() => (mark = deferred<unknown>()).promise) as never,
      },
    });
    const actor = createActor(logic).start();
    await waitFor(actor, (s) => s.matches('ready'));
    // A message sent while the socket was away is on the server, not pushed.
    onServer = [{ ...MESSAGE, _id: 'm-2', subject: 'Rain' }, MESSAGE];
    await serverDrops();
    await expect.poll(() => actor.getSnapshot().context.messages.map((m) => m._id)).toEqual(['m-2', 'm-1']);
    expect(loads).toEqual([1, 1]);
    await waitFor(actor, (s) => s.matches('ready'));

    // Opened (marking) when the socket comes back unrecovered: the page is read after the mark, not before.
    actor.send({ type: 'message.open', id: 'm-1' });
    expect(actor.getSnapshot().matches('marking')).toBe(true);
    await serverDrops();
    await expect.poll(() => actor.getSnapshot().context.stale).toBe(true);
    expect(loads).toEqual([1, 1]);
    onServer = [onServer[0], { ...MESSAGE, readAt: '2026-03-02T05:00:00.000Z' }];
    mark.resolve({});
    await expect.poll(() => loads).toEqual([1, 1, 1]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ unread: 1, stale: false, openId: 'm-1' });
    actor.stop();
  });
});
