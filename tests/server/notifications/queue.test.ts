/**
 * The notification queue on the real database: enqueue idempotency, retries with backoff, a crashed worker's
 * jobs claimed again, channel settings, quiet hours, the SMS cap and one SMS per alert. The worker runs on a
 * test clock (no sleeping); SMS go to the outbox, or through the HTTP adapter to a local stub gateway.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, notificationJobs, users } from '../../../server/src/db/schema';
import { istMinutes } from '../../../server/src/domain/notifications/settings';
import { enqueueAlertNotifications } from '../../../server/src/modules/notifications/enqueue';
import { claimJobs, finishJob } from '../../../server/src/modules/notifications/repository';
import { createHttpSms } from '../../../server/src/providers/sms/http';
import type { NotificationSettings } from '../../../contracts/notifications';
import { FIXTURE, createTestApp } from '../helper';
import { jobsOf, notificationsOf, raiseDry, raiseExternal, setPhone, smsOutbox, stubServer, testClock, testWorker } from './support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const U = FIXTURE.users;
const F = FIXTURE.fields;

beforeAll(async () => {
  t = await createTestApp({ config: { notifyWorker: false } });
  await setPhone(t, U.farmer2.id, '9822000002');
  await setPhone(t, U.farmer3.id, '9822000003');
  await setPhone(t, U.farmer4.id, '9822000004');
});
afterAll(() => t.close());

const deliveries = async (alertId: string) => (await jobsOf(t, alertId)).filter((j) => j.task === 'deliver');
const hot = async (owner: keyof typeof F, value = 45) => {
  const code = owner === 'farmer' ? 'TST-T-1' : owner === 'farmer2' ? 'TST-T-2' : owner === 'farmer3' ? 'TST-T-3' : 'TST-T-4';
  await t.app.ingest.ingest([{ sensorId: code, type: 'temperature', value }], {}, 'wait');
  await t.app.alertEngine.idle();
  const [a] = await t.app.db.select({ id: alerts.id }).from(alerts).where(and(eq(alerts.fieldId, F[owner].id), eq(alerts.type, 'temperature')));
  return a.id;
};
const settingsOf = async (who: 'farmer' | 'farmer2' | 'farmer3' | 'farmer4') => {
  const { accessToken } = await t.login(who);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/notification-settings', headers: t.auth(accessToken) });
  return { token: accessToken, settings: res.json() as NotificationSettings };
};
const saveSettings = async (token: string, s: NotificationSettings) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/notification-settings', headers: t.auth(token), payload: s });
  expect(res.statusCode, res.body).toBe(200);
};

describe('enqueue', () => {
  it('tells the farmer, their coordinator and the admins once per alert; again (or a repeat reading) adds nothing', async () => {
    const alertId = await raiseDry(t, 'farmer2', 10);
    const rows = await t.app.db.select().from(notificationJobs).where(eq(notificationJobs.alertId, alertId));
    const told = new Set(rows.filter((j) => j.channel === 'inApp').map((j) => j.recipientId));
    expect(told).toEqual(new Set([U.farmer2.id, U.coordinator.id, U.admin.id, U.superadmin.id]));
    // SMS to the farmer whose field it is, and to nobody else; one escalation check.
    expect(rows.filter((j) => j.channel === 'sms').map((j) => j.recipientId)).toEqual([U.farmer2.id]);
    expect(rows.filter((j) => j.task === 'escalate')).toHaveLength(1);
    const [mine] = (await notificationsOf(t, U.farmer2.id)).filter((n) => n.alertId === alertId);
    expect(mine).toMatchObject({ kind: 'alertRaised', messageKey: 'alert.moisture.low', link: `/?alert=${alertId}`, inBell: true, readAt: null });
    expect(mine.params).toMatchObject({ value: 10, threshold: 25 });

    expect(await enqueueAlertNotifications(t.app.db, { alertId, kind: 'raised', actorId: null })).toBe(0);
    await raiseDry(t, 'farmer2', 8); // a repeat while active: the alert is updated, not raised again
    expect(await jobsOf(t, alertId)).toHaveLength(rows.length);
    expect((await notificationsOf(t, U.farmer2.id)).filter((n) => n.alertId === alertId)).toHaveLength(1);

    const clock = testClock();
    await testWorker(t, { now: clock.now }).drain();
    const after = await deliveries(alertId);
    expect(after.every((j) => j.status === 'sent')).toBe(true);
    const texts = await smsOutbox(t, '9822000002');
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain('ओलावा'); // Marathi, the farmer's language
    expect(texts[0].body).toContain('10%');
  });
});

describe('retries', () => {
  it('retries a failed SMS with exponential backoff and sends it once the gateway answers', async () => {
    let fail = 2;
    const gateway = await stubServer(() => (fail-- > 0 ? 500 : 200));
    try {
      const clock = testClock();
      const worker = testWorker(t, { now: clock.now, sms: createHttpSms(gateway.url), backoffMs: 30_000 });
      const alertId = await raiseDry(t, 'farmer4', 10);
      const sms = async () => (await deliveries(alertId)).find((j) => j.channel === 'sms')!;
      await worker.drain();
      expect(await sms()).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'SMS gateway answered 500' });
      expect((await sms()).runAt.getTime()).toBe(clock.ms + 30_000);
      clock.advance(29_999);
      await worker.drain();
      expect(gateway.seen).toHaveLength(1);
      clock.advance(1);
      await worker.drain();
      expect(await sms()).toMatchObject({ status: 'retrying', attempts: 2 });
      expect((await sms()).runAt.getTime()).toBe(clock.ms + 60_000); // doubled
      clock.advance(60_000);
      await worker.drain();
      expect(await sms()).toMatchObject({ status: 'sent', attempts: 3 });
      expect(gateway.seen).toHaveLength(3);
      const sent = JSON.parse(gateway.seen[2].body.toString());
      expect(sent.to).toBe('+919822000004');
      expect(sent.message).toMatch(/^शेतमित्र: .*ओलावा/);
    } finally {
      await gateway.close();
    }
  });

  it('gives up after the most attempts and keeps the reason', async () => {
    const gateway = await stubServer(() => 503);
    try {
      const clock = testClock();
      const worker = testWorker(t, { now: clock.now, sms: createHttpSms(gateway.url), maxAttempts: 2, backoffMs: 1000 });
      const alertId = await hot('farmer4');
      await worker.drain();
      clock.advance(1000);
      await worker.drain();
      clock.advance(10_000);
      await worker.drain();
      const sms = (await deliveries(alertId)).find((j) => j.channel === 'sms')!;
      expect(sms).toMatchObject({ status: 'failed', attempts: 2, lastError: 'SMS gateway answered 503' });
      expect(gateway.seen).toHaveLength(2);
    } finally {
      await gateway.close();
    }
  });
});

describe('a worker that dies', () => {
  it("leaves its jobs 'running' until the lease ends; then another worker delivers each once", async () => {
    const clock = testClock();
    const alertId = await hot('farmer2');
    // The dead worker: claims everything due, delivers nothing.
    const held = await claimJobs(t.app.db, clock.now(), 60_000, 100);
    expect(held.filter((j) => j.alertId === alertId).length).toBeGreaterThan(0);
    const worker = testWorker(t, { now: clock.now, leaseMs: 60_000 });
    clock.advance(59_000);
    expect(await worker.drain()).toBe(0);
    expect((await deliveries(alertId)).every((j) => j.status === 'running')).toBe(true);
    clock.advance(2_000);
    await worker.drain();
    const done = await deliveries(alertId);
    expect(done.every((j) => j.status === 'sent' && j.attempts === 2)).toBe(true);
    // The dead worker's late "done" no longer counts: its claim was taken over.
    expect(await finishJob(t.app.db, held[0], { status: 'failed', lastError: 'late' }, clock.now())).toBe(false);
    expect((await smsOutbox(t, '9822000002')).filter((m) => m.body.includes('°C'))).toHaveLength(1);
  });
});

describe('settings', () => {
  it('sends on the channels a person chose, and saving them sets the old switches to match', async () => {
    const { token, settings } = await settingsOf('farmer3');
    expect(settings.channels.alertRaised).toEqual({ inApp: true, push: true, sms: true, email: false });
    const chosen: NotificationSettings = {
      ...settings,
      channels: {
        alertRaised: { inApp: true, push: false, sms: false, email: true },
        alertAssigned: { inApp: true, push: false, sms: false, email: false },
        alertEscalated: { inApp: true, push: false, sms: false, email: false },
        message: { inApp: true, push: false, sms: false, email: false },
      },
    };
    await saveSettings(token, chosen);
    const [row] = await t.app.db.select({ prefs: users.notificationPreferences }).from(users).where(eq(users.id, U.farmer3.id));
    expect(row.prefs).toEqual({ email: true, sms: false, push: false, alerts: true, reports: true });
    const alertId = await hot('farmer3');
    const mine = (await deliveries(alertId)).filter((j) => j.recipientId === U.farmer3.id).map((j) => j.channel);
    expect(mine.sort()).toEqual(['email', 'inApp']);
  });

  it('a person whose old alerts switch is off gets no alert notification at all', async () => {
    await t.app.db
      .update(users)
      .set({ notificationPreferences: { email: true, sms: true, push: true, alerts: false, reports: true } })
      .where(eq(users.id, U.farmer.id));
    const { settings } = await settingsOf('farmer');
    expect(settings.channels.alertRaised).toEqual({ inApp: false, push: false, sms: false, email: false });
    expect(settings.channels.message.inApp).toBe(true);
    const alertId = await hot('farmer');
    const jobs = await deliveries(alertId);
    expect(jobs.some((j) => j.recipientId === U.farmer.id)).toBe(false);
    expect(jobs.some((j) => j.recipientId === U.coordinator.id)).toBe(true);
  });
});

describe('quiet hours', () => {
  const hhmm = (m: number) => `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;

  it('skips the SMS of a non-critical alert in quiet hours (India time) but sends a critical one', async () => {
    const clock = testClock();
    const { token, settings } = await settingsOf('farmer2');
    const m = istMinutes(clock.now());
    await saveSettings(token, { ...settings, quietHours: { enabled: true, start: hhmm(m - 60), end: hhmm(m + 60) } });
    const worker = testWorker(t, { now: clock.now });
    const minor = await raiseExternal(t, 'farmer2', 'pest', 'major', 'Pest risk');
    const critical = await raiseExternal(t, 'farmer2', 'irrigation', 'critical', 'Pump failed');
    await worker.drain();
    const sms = async (id: string) => (await deliveries(id)).find((j) => j.channel === 'sms')!;
    expect(await sms(minor)).toMatchObject({ status: 'skipped', lastError: 'quiet hours' });
    expect(await sms(critical)).toMatchObject({ status: 'sent' });
    // Outside the window the same settings let a non-critical SMS through.
    clock.advance(3 * 3600_000);
    const later = await raiseExternal(t, 'farmer2', 'offline', 'minor', 'Sensor silent');
    await worker.drain();
    expect(await sms(later)).toMatchObject({ status: 'sent' });
  });
});

describe('SMS cap and dedupe', () => {
  it("texts a farmer at most the day's cap, one SMS per alert, none for a repeat", async () => {
    const clock = testClock();
    const sentBefore = (await smsOutbox(t, '9822000004')).length;
    const worker = testWorker(t, { now: clock.now, smsDailyCap: 2 }); // farmer4 had one SMS today (the retry test)
    const pest = await raiseExternal(t, 'farmer4', 'pest', 'major', 'Pest risk');
    const pump = await raiseExternal(t, 'farmer4', 'irrigation', 'major', 'Pump slow');
    // A repeat of the same alert (same text) only counts on it (same alert), so tells nobody; a changed one is an update, not a raise.
    expect(await raiseExternal(t, 'farmer4', 'pest', 'major', 'Pest risk')).toBe(pest);
    await raiseExternal(t, 'farmer4', 'pest', 'critical', 'Pest risk, spreading');
    expect(await enqueueAlertNotifications(t.app.db, { alertId: pest, kind: 'raised', actorId: null })).toBe(0);
    await worker.drain();
    const statuses = [await deliveries(pest), await deliveries(pump)].map((js) => js.find((j) => j.channel === 'sms')!);
    expect(statuses.map((s) => s.status).sort()).toEqual(['sent', 'skipped']);
    expect(statuses.find((s) => s.status === 'skipped')!.lastError).toBe('daily SMS cap reached');
    expect((await smsOutbox(t, '9822000004')).length).toBe(sentBefore + 1);
    expect((await deliveries(pest)).filter((j) => j.channel === 'sms')).toHaveLength(1);
  });
});

describe('stopping', () => {
  it('stops claiming and finishes the delivery in hand before it resolves (SIGTERM)', async () => {
    const gateway = await stubServer(() => 200, 400);
    try {
      const clock = testClock();
      const worker = testWorker(t, { now: clock.now, sms: createHttpSms(gateway.url), smsDailyCap: 100, pollMs: 20 });
      worker.start();
      // farmer4's field has no open offline alert yet (the engine's raise takes any type).
      const first = await raiseExternal(t, 'farmer4', 'offline', 'critical', 'Sensors silent');
      const deadline = Date.now() + 5000;
      while (gateway.seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(gateway.seen).toHaveLength(1); // the SMS is at the gateway, which answers in 400 ms
      await worker.stop();
      expect((await deliveries(first)).find((j) => j.channel === 'sms')).toMatchObject({ status: 'sent' });
      // Stopped: a new alert's jobs stay queued for the next start (or another instance).
      const second = await raiseExternal(t, 'farmer3', 'irrigation', 'critical', 'Pump failed');
      await new Promise((r) => setTimeout(r, 200));
      expect((await deliveries(second)).every((j) => j.status === 'queued')).toBe(true);
    } finally {
      await gateway.close();
    }
  });
});
