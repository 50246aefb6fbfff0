/**
 * What the notification tests share: a worker on the test app's database driven by a test clock, raising an
 * alert the way the app does (a reading through the ingest pipeline and the alert engine), and reading the queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alerts, notificationJobs, notifications, outbox, users } from '../../../server/src/db/schema';
import { createNotificationWorker, type WorkerOptions } from '../../../server/src/modules/notifications/worker';
import { createOutboxSms } from '../../../server/src/providers/sms/outbox';
import type { ExternalAlert } from '../../../server/src/domain/alerts/rules';
import { FIXTURE, type createTestApp } from '../helper';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const F = FIXTURE.fields;

/** A clock the test moves by hand; it starts a few seconds ahead, so every job enqueued so far is due. */
export function testClock(start = Date.now() + 5_000) {
  let t = start;
  return { now: () => new Date(t), set: (ms: number) => void (t = ms), advance: (ms: number) => void (t += ms), get ms() { return t; } };
}

export function testWorker(t: TestApp, o: Partial<WorkerOptions> & { now: () => Date }) {
  const quiet = { info() {} };
  return createNotificationWorker({
    db: t.app.db,
    realtime: t.app.realtime,
    push: t.app.notifications.push,
    sms: createOutboxSms(t.app.db, quiet, false),
    mail: null,
    pollMs: 50,
    batchSize: 50,
    maxAttempts: 4,
    backoffMs: 30_000,
    leaseMs: 60_000,
    smsDailyCap: 5,
    escalateMinutes: { critical: 15, major: 60, minor: 0, warning: 0 },
    ...o,
  });
}

const sensorCode = async (t: TestApp, uuid: string) =>
  (await t.app.db.execute<{ sensor_id: string }>(sql`select sensor_id from sensors where id = ${uuid}::uuid`)).rows[0].sensor_id;

/** A low-moisture reading on `owner`'s field: a new alert (10 % is critical, 18 % major, 22 % minor). Its id. */
export async function raiseDry(t: TestApp, owner: keyof typeof F, value = 10) {
  await t.app.ingest.ingest([{ sensorId: await sensorCode(t, F[owner].moistureSensor), type: 'moisture', value }], {}, 'wait');
  await t.app.alertEngine.idle();
  const [a] = await t.app.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.fieldId, F[owner].id), eq(alerts.type, 'moisture'), sql`${alerts.resolvedAt} is null`));
  return a.id;
}

/** Another module's alert (pest, irrigation, …) through the engine's `raise`, worded by that module. */
export async function raiseExternal(t: TestApp, owner: keyof typeof F, type: string, severity: 'critical' | 'major' | 'minor', message: string) {
  const alert = { type, severity, message, messageKey: `external.${type}`, messageParams: {} } as unknown as ExternalAlert;
  const pushed = await t.app.alertEngine.raise(F[owner].id, alert);
  if (!pushed) throw new Error(`no new or changed ${type} alert on ${owner}'s field`);
  return pushed.item._id;
}

export const jobsOf = (t: TestApp, alertId: string) =>
  t.app.db.select().from(notificationJobs).where(eq(notificationJobs.alertId, alertId));

export const notificationsOf = (t: TestApp, userId: string) =>
  t.app.db.select().from(notifications).where(eq(notifications.recipientId, userId));

export const smsOutbox = (t: TestApp, phone: string) =>
  t.app.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)));

export async function setPhone(t: TestApp, userId: string, phone: string) {
  await t.app.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, userId));
}

/** A local HTTP stub (push service, SMS gateway): answers with `answer(req, body)`, keeps every request. */
export async function stubServer(answer: (req: IncomingMessage, body: Buffer, n: number) => number, delayMs = 0) {
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: Buffer }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.statusCode = answer(req, body, seen.length);
      setTimeout(() => res.end(), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}
