/**
 * The bell's live feed (notificationCentre.machine.ts `watchNotifications`) against a real socket.io server and the
 * API's list route beside it: `notification:new` puts the notification on top with the server's count,
 * `notification:unread` sets the count, and after a reconnect socket.io could not recover (a server restart) the
 * count is read again, and the first page too when the panel is open, so nothing pushed while away is missed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationCentreMachine, type NotificationItem } from '@/machines/notificationCentre.machine';
import { connectSocket, disconnectSocket, getConnectionState } from '@/services/socket';

const note = (n: number, readAt: string | null = null): NotificationItem => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  kind: 'alertRaised',
  messageKey: 'alert.moisture.low',
  params: { field: 'North plot', value: 18, threshold: 25 },
  alertId: null,
  messageId: null,
  link: '/alerts',
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt,
});

/** What the list route answers now (the test changes it to stand for what happened while the client was away). */
let page = { notifications: [note(1)], unread: 1 };
const listReads: string[] = [];
let countReads = 0;
const httpServer = createServer((req, res) => {
  if (req.url === '/api/v1/notifications/unread-count') {
    countReads++;
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ unread: page.unread }));
  }
  if (!req.url?.startsWith('/api/v1/notifications?')) return void res.writeHead(404).end();
  listReads.push(req.url);
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ ...page, pagination: { page: 1, limit: 10, total: page.notifications.length, totalPages: 1 } }));
});
const io = new Server(httpServer, { path: '/socket.io' });
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  // The app calls its API on its own origin: send those calls to this server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(new URL(String(input), url), init));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  disconnectSocket();
  await io.close();
});

describe('notification centre live feed', () => {
  it('follows the pushes, and reads the list again after an unrecovered reconnect', async () => {
    connectSocket('any', url);
    await expect.poll(() => getConnectionState()).toBe('connected');
    const actor = createActor(notificationCentreMachine).start();
    // Signed in: only the count is read; the list waits until the bell opens.
    await expect.poll(() => actor.getSnapshot().context.unread).toBe(1);
    expect(countReads).toBe(1);
    expect(listReads).toEqual([]);
    actor.send({ type: 'panel.open' });
    await expect.poll(() => actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(listReads).toEqual(['/api/v1/notifications?page=1&limit=10']);
    expect(actor.getSnapshot().context.unread).toBe(1);

    io.emit('notification:new', { notification: note(2), unread: 2 });
    await expect.poll(() => actor.getSnapshot().context.items.map((n) => n._id)).toEqual([note(2)._id, note(1)._id]);
    expect(actor.getSnapshot().context.unread).toBe(2);

    // Read on another device: the count follows, and none shown is unread any more.
    io.emit('notification:unread', { unread: 0 });
    await expect.poll(() => actor.getSnapshot().context.unread).toBe(0);
    expect(actor.getSnapshot().context.items.every((n) => n.readAt !== null)).toBe(true);

    // The server drops the socket (as a restart does) and a notification comes while the client is away; the panel
    // is open, so its list is read again.
    page = { notifications: [note(3), note(2, '2026-11-25T11:00:00.000Z'), note(1, '2026-11-25T11:00:00.000Z')], unread: 1 };
    io.disconnectSockets();
    await expect.poll(() => listReads.length, { timeout: 5000 }).toBe(2);
    await expect.poll(() => actor.getSnapshot().context.items.map((n) => n._id)).toEqual([note(3)._id, note(2)._id, note(1)._id]);
    expect(actor.getSnapshot().context.unread).toBe(1);
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    actor.stop();
  });
});
