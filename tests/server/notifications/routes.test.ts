/**
 * The notification routes through app.inject, with the app's own worker running: the bell (live push, list,
 * read marks, only one's own), settings, push subscriptions (the endpoint rules), the admins' delivery log.
 * Bad input answers a translated 4xx and changes nothing.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJobs, pushSubscriptions, users } from '../../../server/src/db/schema';
import type { NotificationPush } from '../../../contracts/notifications';
import { FIXTURE, createTestApp } from '../helper';
import { raiseDry, setPhone } from './support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const U = FIXTURE.users;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    config: {
      notifyPollMs: 50,
      pushAllowedHosts: ['fcm.googleapis.com', '*.notify.windows.com', '10.0.0.5', 'localhost'],
      pushAllowLocal: false,
    },
  });
  for (const who of ['farmer', 'farmer2', 'farmer4', 'coordinator', 'coordinator2', 'admin'] as const) tokens[who] = (await t.login(who)).accessToken;
  await setPhone(t, U.farmer2.id, '9822000002');
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: t.auth(tokens[who]), ...(payload !== undefined ? { payload: payload as object } : {}) });

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

let alertId: string;

describe('the bell', () => {
  it('pushes a new notification with the unread count to the person live, and lists only their own', async () => {
    const socket = await t.connectAs(tokens.coordinator);
    const pushed: NotificationPush[] = [];
    socket.on('notification:new', (p) => pushed.push(p));
    const others: NotificationPush[] = [];
    (await t.connectAs(tokens.coordinator2)).on('notification:new', (p) => others.push(p));
    alertId = await raiseDry(t, 'farmer2', 10);
    await until(() => pushed.some((p) => p.notification.alertId === alertId));
    const push = pushed.find((p) => p.notification.alertId === alertId)!;
    expect(push.notification).toMatchObject({ kind: 'alertRaised', messageKey: 'alert.moisture.low', link: `/alerts?alert=${alertId}`, readAt: null });
    expect(push.unread).toBeGreaterThanOrEqual(1);
    expect(others).toEqual([]);

    const mine = (await call('coordinator', 'GET', '/notifications')).json();
    expect(mine.notifications.map((n: { alertId: string }) => n.alertId)).toContain(alertId);
    expect(mine.unread).toBe(push.unread);
    const farmers = (await call('farmer2', 'GET', '/notifications')).json();
    expect(farmers.notifications[0]).toMatchObject({ alertId, link: `/?alert=${alertId}` });
    expect((await call('farmer4', 'GET', '/notifications')).json().notifications).toEqual([]);
  });

  it("answers the badge's count alone: the caller's own unread, signed in only", async () => {
    const count = async (who: string) => {
      const res = await call(who, 'GET', '/notifications/unread-count');
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const mine = (await call('coordinator', 'GET', '/notifications?unread=true')).json();
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    expect(await count('coordinator')).toEqual({ unread: mine.unread });
    // Another coordinator, and a farmer with nothing on their fields, do not see the coordinator's count.
    expect(await count('coordinator2')).toEqual({ unread: 0 });
    expect(await count('farmer4')).toEqual({ unread: 0 });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message.marathi).toBeTruthy();
  });

  it('marks read only the caller\'s own notification, pushes the new count, and marks all read', async () => {
    const mine = (await call('coordinator', 'GET', '/notifications?unread=true')).json();
    const id = mine.notifications[0]._id;
    const foreign = await call('coordinator2', 'PATCH', `/notifications/${id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message.marathi).toBeTruthy();
    expect((await call('coordinator', 'GET', '/notifications')).json().unread).toBe(mine.unread);
    expect((await call('coordinator', 'PATCH', '/notifications/not-a-uuid/read')).statusCode).toBe(400);

    const socket = await t.connectAs(tokens.coordinator);
    const counts: number[] = [];
    socket.on('notification:unread', ({ unread }) => counts.push(unread));
    const read = await call('coordinator', 'PATCH', `/notifications/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: mine.unread - 1 });
    await until(() => counts.includes(mine.unread - 1));
    expect((await call('coordinator', 'GET', '/notifications/unread-count')).json()).toEqual({ unread: mine.unread - 1 });
    expect((await call('coordinator', 'PATCH', '/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await call('coordinator', 'GET', '/notifications/unread-count')).json()).toEqual({ unread: 0 });
    expect((await call('coordinator', 'GET', '/notifications?unread=true')).json().notifications).toEqual([]);
  });

  it('tells the assignee of an assignment (not the admin who made it), and a farmer of a message', async () => {
    const res = await call('admin', 'PATCH', `/admin/alerts/${alertId}/assign`, { coordinatorId: U.coordinator2.id });
    expect(res.statusCode).toBe(200);
    await until(async () => (await call('coordinator2', 'GET', '/notifications')).json().notifications.some((n: { kind: string }) => n.kind === 'alertAssigned'));
    const assigned = (await call('coordinator2', 'GET', '/notifications')).json().notifications.find((n: { kind: string }) => n.kind === 'alertAssigned');
    expect(assigned).toMatchObject({ messageKey: 'notifications.text.alertAssigned', alertId, params: expect.objectContaining({ alertKey: 'alert.moisture.low' }) });
    expect((await call('admin', 'GET', '/notifications')).json().notifications.some((n: { kind: string }) => n.kind === 'alertAssigned')).toBe(false);

    const sent = await call('coordinator', 'POST', '/coordinator/send-message', { farmerIds: [U.farmer.id], subject: 'Fair', message: 'Kisan fair on Sunday' });
    expect(sent.statusCode).toBe(200);
    const got = (await call('farmer', 'GET', '/notifications')).json().notifications.find((n: { kind: string }) => n.kind === 'message');
    expect(got).toMatchObject({ messageKey: 'notifications.text.message', params: { sender: 'Sunil Pawar', subject: 'Fair' }, link: '/messages' });
    expect(got.messageId).toBe(sent.json().messageId);
  });
});

describe('settings', () => {
  it('refuses settings with unknown channels or kinds, a bad clock time or missing parts, and changes nothing', async () => {
    const before = (await call('farmer2', 'GET', '/profile/notification-settings')).json();
    const bad = [
      { ...before, channels: { ...before.channels, alertRaised: { ...before.channels.alertRaised, fax: true } } },
      { ...before, channels: { ...before.channels, weather: before.channels.message } },
      { ...before, quietHours: { enabled: true, start: '24:00', end: '06:00' } },
      { channels: before.channels },
      { ...before, channels: { ...before.channels, message: { inApp: 'yes', push: true, sms: false, email: false } } },
    ];
    for (const payload of bad) {
      const res = await call('farmer2', 'PUT', '/profile/notification-settings', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toHaveProperty('marathi');
    }
    const [row] = await t.app.db.select({ saved: users.notificationSettings, prefs: users.notificationPreferences }).from(users).where(eq(users.id, U.farmer2.id));
    expect(row.saved).toBeNull();
    expect(row.prefs).toEqual({ email: true, sms: true, push: true, alerts: true, reports: true });
    expect((await call('farmer2', 'GET', '/profile/notification-settings')).json()).toEqual(before);
  });

  it('saves good settings and answers them', async () => {
    const before = (await call('farmer4', 'GET', '/profile/notification-settings')).json();
    const next = { ...before, quietHours: { enabled: true, start: '21:30', end: '06:15' } };
    const res = await call('farmer4', 'PUT', '/profile/notification-settings', next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    expect((await call('farmer4', 'GET', '/profile/notification-settings')).json()).toEqual(next);
  });
});

describe('push subscriptions', () => {
  const keys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });
  const count = async () => (await t.app.db.select().from(pushSubscriptions)).length;

  it('hands out the VAPID public key', async () => {
    const res = await call('farmer2', 'GET', '/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json().enabled).toBe(true);
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses endpoints that are not https on a push-service host, or are internal addresses, and bad keys', async () => {
    const cases: Array<[string, string]> = [
      ['http://fcm.googleapis.com/fcm/send/abc', 'https'],
      ['https://evil.example.com/fcm/send/abc', 'host'],
      ['https://fcm.googleapis.com.evil.example/x', 'host'],
      ['https://notify.windows.com.evil.example/x', 'host'],
      ['https://10.0.0.5/push', 'address'],
      ['https://localhost/push', 'address'],
      ['https://user:pw@fcm.googleapis.com/fcm/send/abc', 'url'],
      ['ftp://fcm.googleapis.com/x', 'https'],
      ['not a url at all', 'url'],
    ];
    for (const [endpoint, problem] of cases) {
      const res = await call('farmer2', 'POST', '/push/subscriptions', { endpoint, keys: keys() });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_PUSH_ENDPOINT', details: { problem } });
      expect(res.json().message.marathi).toBeTruthy();
    }
    const badKeys = await call('farmer2', 'POST', '/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: randomBytes(40).toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().code).toBe('BAD_PUSH_KEYS');
    const extra = await call('farmer2', 'POST', '/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: keys(), extra: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });

  it('keeps a good subscription, moves it to whoever subscribes it next, and deletes only the caller\'s own', async () => {
    const endpoint = 'https://wns2-par02p.notify.windows.com/w/?token=abc';
    expect((await call('farmer2', 'POST', '/push/subscriptions', { endpoint, expirationTime: null, keys: keys() })).statusCode).toBe(204);
    expect((await call('farmer2', 'POST', '/push/subscriptions', { endpoint, keys: keys() })).statusCode).toBe(204);
    expect(await count()).toBe(1);
    expect((await call('farmer4', 'DELETE', '/push/subscriptions', { endpoint })).statusCode).toBe(404);
    expect(await count()).toBe(1);
    expect((await call('farmer2', 'DELETE', '/push/subscriptions', { endpoint })).statusCode).toBe(204);
    expect(await count()).toBe(0);
  });
});

describe('the delivery log', () => {
  it('is for admins only', async () => {
    for (const who of ['farmer2', 'coordinator']) expect((await call(who, 'GET', '/admin/notification-deliveries')).statusCode).toBe(403);
  });

  it('lists deliveries with filters, and exports them as CSV', async () => {
    await until(async () => (await t.app.db.select().from(notificationJobs).where(eq(notificationJobs.channel, 'sms'))).some((j) => j.status === 'sent'));
    const all = (await call('admin', 'GET', '/admin/notification-deliveries?limit=100')).json();
    expect(all.pagination.total).toBeGreaterThan(3);
    const sms = (await call('admin', 'GET', '/admin/notification-deliveries?channel=sms&status=sent')).json();
    expect(sms.deliveries).toEqual([
      expect.objectContaining({ channel: 'sms', status: 'sent', kind: 'alertRaised', recipient: { _id: U.farmer2.id, name: 'Sita Shinde' }, attempts: 1 }),
    ]);
    const mine = (await call('admin', 'GET', `/admin/notification-deliveries?recipientId=${U.coordinator2.id}`)).json();
    expect(mine.deliveries.every((d: { recipient: { _id: string } }) => d.recipient._id === U.coordinator2.id)).toBe(true);
    const csv = await call('admin', 'GET', '/admin/notification-deliveries?format=csv&channel=sms');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,notificationId,recipientId,recipient,channel,kind,status,attempts,lastError,createdAt,updatedAt');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Sita Shinde,sms,alertRaised,sent,1,');
  });

  it('refuses bad filters', async () => {
    for (const q of ['status=lost', 'channel=fax', 'format=xml', 'recipientId=nobody', 'from=yesterday', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z']) {
      const res = await call('admin', 'GET', `/admin/notification-deliveries?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
