/**
 * The "app" of the full notification benchmark (bench/notifications.ts --full), a child process the benchmark
 * may kill -9: on one PostgreSQL database it
 *  - ingests readings as fast as the database takes them (500-row inserts into sensor_readings, the ingest
 *    batcher's write), printing the rows per second;
 *  - in mode 'full' also raises alerts at a fixed rate (each alert inserted and its notifications enqueued in one
 *    transaction, as the alert engine's raise does) and runs the real notification worker, delivering Web Push
 *    (VAPID-signed, RFC 8291-encrypted) and SMS to the benchmark's local stub services;
 *  - in mode 'drain' only runs the worker.
 * Input: a JSON file (argv[2] = @path). Output: one JSON object a line on stdout.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { alerts, sensorReadings } from '../server/src/db/schema';
import { enqueueAlertNotifications } from '../server/src/modules/notifications/enqueue';
import { createNotificationWorker } from '../server/src/modules/notifications/worker';
import { DAY_MS, ensurePartitions } from '../server/src/modules/sensors/partitions';
import { createWebPush } from '../server/src/providers/push/index';
import { createHttpSms } from '../server/src/providers/sms/http';

export type NotifyAppInput = {
  url: string;
  mode: 'ingest' | 'full' | 'drain';
  seconds: number;
  alertsPerMinute: number;
  stub: string;
  vapid: { publicKey: string; privateKey: string };
  /** Per farmer: [farmer id, field id, moisture sensor id]. */
  farms: Array<[string, string, string]>;
  /** Readings get times from here on (each process its own range, so no two collide). */
  readingBase: number;
  batchSize: number;
  leaseMs: number;
};

const input = JSON.parse(readFileSync(process.argv[2].replace(/^@/, ''), 'utf8')) as NotifyAppInput;
const say = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);

const database = await openDatabase({ url: input.url, poolSize: 8 });
const db = database.db;
const end = Date.now() + input.seconds * 1000;
const work: Array<Promise<unknown>> = [];

const worker =
  input.mode === 'ingest'
    ? null
    : createNotificationWorker({
        db,
        push: createWebPush({ ...input.vapid, subject: 'mailto:bench@bench.local' }, 5000),
        sms: createHttpSms(`${input.stub}/sms`),
        pollMs: 100,
        batchSize: input.batchSize,
        concurrency: 32,
        maxAttempts: 6,
        backoffMs: 1000,
        leaseMs: input.leaseMs,
        smsDailyCap: 5,
        escalateMinutes: { critical: 15, major: 60, minor: 0, warning: 0 },
      });
worker?.start();

if (input.mode !== 'drain') {
  work.push(
    (async () => {
      const farms = input.farms;
      // Readings are day-partitioned (the app's ingest creates a missing day on demand; this loop inserts directly).
      await ensurePartitions(db, [0, 1, 2].map((d) => input.readingBase + d * DAY_MS));
      let n = 0;
      let windowRows = 0;
      let windowStart = performance.now();
      while (Date.now() < end) {
        const rows = Array.from({ length: 500 }, (_, i) => {
          const [, fieldId, sensorId] = farms[(n + i) % farms.length];
          return { sensorId, fieldId, type: 'moisture' as const, value: 30, recordedAt: new Date(input.readingBase + n + i) };
        });
        await db.insert(sensorReadings).values(rows);
        n += rows.length;
        windowRows += rows.length;
        const ms = performance.now() - windowStart;
        if (ms >= 1000) {
          say({ t: 'ingest', rows: windowRows, ms });
          windowRows = 0;
          windowStart = performance.now();
        }
      }
    })(),
  );
}

if (input.mode === 'full') {
  work.push(
    (async () => {
      // Carry on after the alerts a killed run committed (each alert a farmer of its own). Alerts come on the
      // clock, from different fields, so several may be committing at once (at most 8 here).
      // (Alerts commit out of order: a killed run's committed ones are any subset, so skip the fields that have one.)
      const taken = new Set((await db.select({ f: alerts.fieldId }).from(alerts)).map((r) => r.f));
      const todo = input.farms.filter(([, fieldId]) => !taken.has(fieldId));
      const gap = 60_000 / input.alertsPerMinute;
      const t0 = performance.now();
      let k = 0;
      let done = 0;
      const inFlight = new Set<Promise<void>>();
      const raise = async ([farmerId, fieldId]: [string, string, string]) => {
        const plot = `Plot ${fieldId.slice(0, 8)}`;
        await db.transaction(async (tx) => {
          const [a] = await tx
            .insert(alerts)
            .values({
              fieldId,
              farmerId,
              type: 'moisture',
              severity: 'critical',
              message: `Low soil moisture in ${plot}: 10% (threshold 25%)`,
              messageKey: 'alert.moisture.low',
              messageParams: { field: plot, value: 10, threshold: 25 },
            })
            .returning({ id: alerts.id });
          await enqueueAlertNotifications(tx, { alertId: a.id, kind: 'raised', actorId: null });
        });
        if (++done % 50 === 0) say({ t: 'alerts', n: done });
      };
      while (Date.now() < end && k < todo.length) {
        const wait = t0 + k * gap - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (inFlight.size >= 8) await Promise.race(inFlight);
        const p = raise(todo[k]).finally(() => inFlight.delete(p));
        inFlight.add(p);
        k++;
      }
      await Promise.all(inFlight);
      k = done;
      say({ t: 'alerts', n: k, done: true });
    })(),
  );
}

if (input.mode === 'drain') {
  // Until no delivery is left to do (the parent also checks).
  for (;;) {
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from notification_jobs where task = 'deliver' and status in ('queued', 'retrying', 'running')`,
    );
    if (left.rows[0].n === 0 || Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}
await Promise.all(work);
await worker?.stop();
await database.close();
say({ t: 'done' });
