/**
 * Escalation on a test clock: a critical alert left unacknowledged 15 minutes tells its coordinator again, at 30
 * the admins; a major one waits an hour per stage; acknowledging stops it. Each stage is on the alert's timeline.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { alertActions, notifications } from '../../../server/src/db/schema';
import { NOTIFICATION_PARAMS } from '../../../contracts/notifications';
import { FIXTURE, createTestApp } from '../helper';
import { jobsOf, notificationsOf, raiseDry, raiseExternal, testClock, testWorker } from './support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const U = FIXTURE.users;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp({ config: { notifyWorker: false } });
});
afterAll(() => t.close());

const escalations = (alertId: string) =>
  t.app.db.select().from(alertActions).where(and(eq(alertActions.alertId, alertId), eq(alertActions.action, 'escalated')));
const escalatedTo = async (userId: string, alertId: string) =>
  (await notificationsOf(t, userId)).filter((n) => n.alertId === alertId && n.kind === 'alertEscalated');

it('escalates an unacknowledged alert to the coordinator, then the admins, at the times its severity sets', async () => {
  const critical = await raiseDry(t, 'farmer2', 10); // 'high' today: critical, 15 minutes a stage
  const major = await raiseDry(t, 'farmer4', 18); // 'medium': major, an hour a stage
  const start = Date.now();
  const clock = testClock(start);
  const worker = testWorker(t, { now: clock.now, escalateMinutes: { critical: 15, major: 60, minor: 0, warning: 0 } });
  await worker.drain();
  const check = (await jobsOf(t, critical)).find((j) => j.task === 'escalate')!;
  expect(check.status).toBe('queued');
  expect(check.runAt.getTime()).toBeGreaterThan(start + 14 * MIN);

  clock.set(start + 14 * MIN);
  await worker.drain();
  expect(await escalations(critical)).toEqual([]);
  expect(await escalatedTo(U.coordinator.id, critical)).toEqual([]);

  clock.set(start + 15 * MIN + 1000);
  await worker.drain();
  expect((await escalations(critical)).map((e) => e.detail)).toEqual([{ stage: 1, to: 'coordinator', minutes: 15 }]);
  const [told] = await escalatedTo(U.coordinator.id, critical);
  expect(told).toMatchObject({ messageKey: 'notifications.text.alertEscalated', link: `/alerts?alert=${critical}` });
  expect(told.params).toMatchObject({ minutes: 15, alertKey: 'alert.moisture.low', value: 10 });
  expect(await escalatedTo(U.admin.id, critical)).toEqual([]);
  expect(await escalatedTo(U.farmer2.id, critical)).toEqual([]);
  expect(await escalations(major)).toEqual([]);

  clock.set(start + 29 * MIN);
  await worker.drain();
  expect(await escalatedTo(U.admin.id, critical)).toEqual([]);
  clock.set(start + 30 * MIN + 2000);
  await worker.drain();
  expect(await escalatedTo(U.admin.id, critical)).toHaveLength(1);
  expect(await escalatedTo(U.superadmin.id, critical)).toHaveLength(1);
  expect((await escalations(critical)).map((e) => e.detail)).toContainEqual({ stage: 2, to: 'admins', minutes: 30 });

  // The major alert: its coordinator (coordinator2) after an hour; acknowledged before the second stage, it stops.
  clock.set(start + 60 * MIN + 1000);
  await worker.drain();
  expect(await escalatedTo(U.coordinator2.id, major)).toHaveLength(1);
  const { accessToken } = await t.login('admin');
  const ack = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/alerts/${major}/acknowledge`, headers: t.auth(accessToken) });
  expect(ack.statusCode).toBe(200);
  clock.set(start + 121 * MIN);
  await worker.drain();
  expect(await escalatedTo(U.admin.id, major)).toEqual([]);
  expect((await escalations(major)).map((e) => e.detail)).toEqual([{ stage: 1, to: 'coordinator', minutes: 60 }]);
  const stage2 = (await jobsOf(t, major)).find((j) => j.task === 'escalate' && j.stage === 2)!;
  expect(stage2).toMatchObject({ status: 'skipped', lastError: 'acknowledged' });
  // Nothing more ever comes of either alert.
  clock.set(start + 24 * 60 * MIN);
  await worker.drain();
  expect((await escalations(critical)).length + (await escalations(major)).length).toBe(3);
});

it('never escalates an alert whose severity has no escalation time', async () => {
  const clock = testClock();
  const worker = testWorker(t, { now: clock.now });
  const pest = await raiseExternal(t, 'farmer3', 'pest', 'minor', 'Pest risk');
  await worker.drain();
  clock.advance(48 * 60 * MIN);
  await worker.drain();
  expect(await escalations(pest)).toEqual([]);
  expect((await jobsOf(t, pest)).find((j) => j.task === 'escalate')).toMatchObject({ status: 'skipped', lastError: 'no escalation for minor' });
});

it("writes each escalation with its kind's parameters (contracts/notifications.ts NOTIFICATION_PARAMS)", async () => {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'alertEscalated'));
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(Value.Errors(NOTIFICATION_PARAMS.alertEscalated, r.params), JSON.stringify(r.params)).toEqual([]);
});
