/**
 * The worker in batches: one claim takes many jobs, one job's failing provider leaves the others delivered (and
 * is retried by itself), and the SMS daily cap holds when two workers deliver at once (it is counted in the
 * database, not in a worker's memory). A coordinator's message is texted through the same queue.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { messageRecipients, notificationJobs, notifications } from '../../../server/src/db/schema';
import { istMinutes } from '../../../server/src/domain/notifications/settings';
import { NOTIFICATION_PARAMS, type NotificationSettings } from '../../../contracts/notifications';
import type { SmsProvider } from '../../../server/src/providers/sms/index';
import { FIXTURE, createTestApp } from '../helper';
import { jobsOf, raiseExternal, setPhone, testClock, testWorker } from './support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const U = FIXTURE.users;

beforeAll(async () => {
  t = await createTestApp({ config: { notifyWorker: false } });
  await setPhone(t, U.farmer.id, '9822000001');
  await setPhone(t, U.farmer2.id, '9822000002');
  await setPhone(t, U.farmer3.id, '9822000003');
  await setPhone(t, U.farmer4.id, '9822000004');
});
afterAll(() => t.close());

/** An SMS gateway in memory: `down` numbers fail, every send waits `delayMs`. */
function gateway(down: string[] = [], delayMs = 0) {
  const sent: string[] = [];
  const sms: SmsProvider = {
    name: 'test',
    async send({ to }) {
      await new Promise((r) => setTimeout(r, delayMs));
      if (down.includes(to)) throw new Error(`gateway refused ${to}`);
      sent.push(to);
    },
  };
  return { sms, sent, down };
}

const deliveries = async (alertId: string) => (await jobsOf(t, alertId)).filter((j) => j.task === 'deliver');

describe('a batch', () => {
  it("claims every due job at once; one job's failing provider fails only that job, which is retried by itself", async () => {
    const clock = testClock();
    const g = gateway(['9822000002']);
    const worker = testWorker(t, { now: clock.now, sms: g.sms, batchSize: 200 });
    const ids = [
      await raiseExternal(t, 'farmer', 'pest', 'critical', 'Pest risk'),
      await raiseExternal(t, 'farmer2', 'pest', 'critical', 'Pest risk'),
      await raiseExternal(t, 'farmer3', 'pest', 'critical', 'Pest risk'),
    ];
    const due = (await Promise.all(ids.map((id) => jobsOf(t, id)))).flat();
    expect(due.length).toBeGreaterThan(10); // bell + SMS per person, escalation checks

    // One batch takes them all.
    expect(await worker.runOnce()).toBe(due.length);
    const [a, b, c] = await Promise.all(ids.map(deliveries));
    const sms = (js: typeof a) => js.find((j) => j.channel === 'sms')!;
    expect(sms(b)).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'gateway refused 9822000002', smsCountedAt: null });
    expect(sms(a)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sms(c)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sms(a).smsCountedAt).not.toBeNull();
    // Everything else in the batch was delivered too: the bells of farmer2's alert included.
    for (const j of [...a, ...b, ...c].filter((x) => x.channel !== 'sms')) expect(j.status, `${j.channel} of ${j.recipientId}`).toBe('sent');
    expect(g.sent.sort()).toEqual(['9822000001', '9822000003']);

    // The retry waits its backoff; then only farmer2's SMS is tried again (and goes through).
    g.down.length = 0;
    expect(await worker.runOnce()).toBe(0);
    clock.advance(30_000);
    expect(await worker.runOnce()).toBe(1);
    expect(sms(await deliveries(ids[1]))).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});

describe('the SMS daily cap', () => {
  it('holds across two workers delivering at the same time', async () => {
    const clock = testClock();
    const g = gateway([], 80); // a slow gateway: both workers are mid-send together
    const cap = 2;
    const one = testWorker(t, { now: clock.now, sms: g.sms, batchSize: 1, smsDailyCap: cap });
    const two = testWorker(t, { now: clock.now, sms: g.sms, batchSize: 1, smsDailyCap: cap });
    const ids = [];
    for (const type of ['irrigation', 'offline', 'frost', 'temperature']) ids.push(await raiseExternal(t, 'farmer4', type, 'critical', `Trouble: ${type}`));
    await Promise.all([one.drain(), two.drain()]);
    const texts = (await Promise.all(ids.map(deliveries))).flat().filter((j) => j.channel === 'sms');
    expect(texts).toHaveLength(4);
    expect(texts.filter((j) => j.status === 'sent')).toHaveLength(cap);
    expect(texts.filter((j) => j.status === 'skipped').map((j) => j.lastError)).toEqual(['daily SMS cap reached', 'daily SMS cap reached']);
    expect(g.sent.filter((to) => to === '9822000004')).toHaveLength(cap);
  });
});

describe("a coordinator's message", () => {
  const hhmm = (m: number) => `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;

  it("is texted through the queue on the farmer's chosen channels, within quiet hours and the daily cap", async () => {
    const clock = testClock();
    const g = gateway();
    const worker = testWorker(t, { now: clock.now, sms: g.sms, smsDailyCap: 2 });
    // farmer3 turned SMS off for messages; farmer2 is in quiet hours; farmer4 had the day's 2 SMS (test above).
    const settings = async (who: 'farmer2' | 'farmer3', change: (s: NotificationSettings) => NotificationSettings) => {
      const { accessToken } = await t.login(who);
      const s = (await t.app.inject({ method: 'GET', url: '/api/v1/profile/notification-settings', headers: t.auth(accessToken) })).json() as NotificationSettings;
      expect(s.channels.message.sms).toBe(true); // texted by default, as before the queue
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/notification-settings', headers: t.auth(accessToken), payload: change(s) });
      expect(res.statusCode, res.body).toBe(200);
    };
    await settings('farmer3', (s) => ({ ...s, channels: { ...s.channels, message: { ...s.channels.message, sms: false } } }));
    const m = istMinutes(clock.now());
    await settings('farmer2', (s) => ({ ...s, quietHours: { enabled: true, start: hhmm(m - 60), end: hhmm(m + 60) } }));

    const { accessToken } = await t.login('admin');
    const to = [U.farmer.id, U.farmer2.id, U.farmer3.id, U.farmer4.id];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coordinator/send-message',
      headers: t.auth(accessToken),
      payload: { farmerIds: to, subject: 'Rain', message: 'Cover the onions' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const messageId = res.json().messageId as string;
    expect(g.sent).toEqual([]); // nothing texted by the request itself
    await worker.drain();

    const jobs = await t.app.db
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.kind, 'message'), eq(notificationJobs.channel, 'sms')));
    const of = (id: string) => jobs.find((j) => j.recipientId === id);
    expect(of(U.farmer.id)).toMatchObject({ status: 'sent' });
    expect(of(U.farmer2.id)).toMatchObject({ status: 'skipped', lastError: 'quiet hours' });
    expect(of(U.farmer3.id)).toBeUndefined();
    expect(of(U.farmer4.id)).toMatchObject({ status: 'skipped', lastError: 'daily SMS cap reached' });
    expect(g.sent).toEqual(['9822000001']);
    // Each recipient row says what became of its SMS.
    const rows = await t.app.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, messageId));
    const status = Object.fromEntries(rows.map((r) => [r.farmerId, r.smsStatus]));
    expect(status).toEqual({ [U.farmer.id]: 'sent', [U.farmer2.id]: 'skipped', [U.farmer3.id]: null, [U.farmer4.id]: 'skipped' });
  });
});

describe('what is written', () => {
  it("gives every notification its kind's parameters (contracts/notifications.ts NOTIFICATION_PARAMS)", async () => {
    const rows = await t.app.db.select().from(notifications);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['alertRaised', 'message']));
    for (const r of rows) expect(Value.Errors(NOTIFICATION_PARAMS[r.kind], r.params), `${r.kind} ${JSON.stringify(r.params)}`).toEqual([]);
  });
});
