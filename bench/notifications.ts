/**
 * Notification fan-out (issue 16), a reduced version of the measurement: BENCH_NOTIFY_FARMERS farmers
 * (default 2,000), each with a phone number and a Web Push subscription, one coordinator and one admin;
 * BENCH_NOTIFY_ALERTS alerts (default 300) raised as fast as the database takes them, each enqueueing the bell
 * rows and jobs in its transaction; one worker delivers to a local stub push service (real VAPID signing and
 * RFC 8291 encryption) and a local stub SMS gateway. Reports the enqueue rate, delivery throughput and the
 * delay from commit to delivery (p50/p99; while the queue has a backlog this includes the wait in it).
 * Not measured here: 10,000 users at 1,000 alerts a minute, a kill -9 mid-run, the cost on ingest.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { alerts, fields, pushSubscriptions, users } from '../server/src/db/schema';
import { enqueueAlertNotifications } from '../server/src/modules/notifications/enqueue';
import { createNotificationWorker } from '../server/src/modules/notifications/worker';
import { createWebPush } from '../server/src/providers/push/index';
import { generateVapidKeys } from '../server/src/providers/push/webPush';
import { createHttpSms } from '../server/src/providers/sms/http';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function benchNotifications(): Promise<string[]> {
  const farmers = num('BENCH_NOTIFY_FARMERS', 2000);
  const alertCount = num('BENCH_NOTIFY_ALERTS', 300);
  let pushes = 0;
  let texts = 0;
  const stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/sms')) texts++;
      else pushes++;
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  try {
    await database.migrate();
    const db = database.db;
    const [coordinator] = await db
      .insert(users)
      .values({ name: 'Bench Coordinator', email: `bench-c-${randomBytes(3).toString('hex')}@bench.local`, passwordHash: 'x', role: 'coordinator' })
      .returning({ id: users.id });
    await db.insert(users).values({ name: 'Bench Admin', email: `bench-a-${randomBytes(3).toString('hex')}@bench.local`, passwordHash: 'x', role: 'admin' });
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const p256dh = ua.getPublicKey().toString('base64url');
    const farmerIds: string[] = [];
    const fieldIds: string[] = [];
    for (let i = 0; i < farmers; i += 500) {
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: Math.min(500, farmers - i) }, (_, k) => ({
            name: `Bench Farmer ${i + k}`,
            email: `bench-f-${i + k}-${randomBytes(3).toString('hex')}@bench.local`,
            phoneNumber: String(9000000000 + i + k),
            passwordHash: 'x',
            role: 'farmer' as const,
            managedBy: coordinator.id,
          })),
        )
        .returning({ id: users.id });
      farmerIds.push(...rows.map((r) => r.id));
      await db.insert(pushSubscriptions).values(rows.map((r) => ({ userId: r.id, endpoint: `${base}/push/${r.id}`, p256dh, auth: randomBytes(16).toString('base64url') })));
      const made = await db
        .insert(fields)
        .values(rows.map((r, k) => ({ fieldId: `BNF${String(i + k).padStart(6, '0')}${randomBytes(2).toString('hex').toUpperCase()}`, name: `Plot ${i + k}`, farmerId: r.id })))
        .returning({ id: fields.id });
      fieldIds.push(...made.map((f) => f.id));
    }

    const keys = generateVapidKeys();
    const worker = createNotificationWorker({
      db,
      push: createWebPush({ ...keys, subject: 'mailto:bench@bench.local' }, 5000),
      sms: createHttpSms(`${base}/sms`),
      pollMs: 50,
      batchSize: 50,
      maxAttempts: 5,
      backoffMs: 1000,
      leaseMs: 60_000,
      smsDailyCap: 5,
      escalateMinutes: { critical: 15, major: 60, minor: 0, warning: 0 },
    });
    worker.start();
    const t0 = performance.now();
    for (let i = 0; i < alertCount; i++) {
      const k = i % fieldIds.length;
      await db.transaction(async (tx) => {
        const [a] = await tx
          .insert(alerts)
          .values({
            fieldId: fieldIds[k],
            farmerId: farmerIds[k],
            type: 'moisture',
            severity: 'critical',
            message: `Low soil moisture in Plot ${k}: 10% (threshold 25%)`,
            messageKey: 'alert.moisture.low',
            messageParams: { field: `Plot ${k}`, value: 10, threshold: 25 },
          })
          .returning({ id: alerts.id });
        await enqueueAlertNotifications(tx, { alertId: a.id, kind: 'raised', actorId: null });
      });
    }
    const enqueueMs = performance.now() - t0;
    const expected = alertCount * 2; // a push and an SMS to each farmer (the coordinator and admin: push-less, bell only)
    const deadline = Date.now() + 10 * 60_000;
    while (pushes + texts < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const deliverMs = performance.now() - t0;
    await worker.drain();
    await worker.stop();
    const res = await db.execute<{ p50: number; p99: number; sent: number; failed: number }>(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from (j.updated_at - n.created_at)) * 1000) as p50,
             percentile_cont(0.99) within group (order by extract(epoch from (j.updated_at - n.created_at)) * 1000) as p99,
             count(*) filter (where j.status = 'sent')::int as sent, count(*) filter (where j.status = 'failed')::int as failed
      from notification_jobs j join notifications n on n.id = j.notification_id
      where j.channel in ('push', 'sms')`);
    const r = res.rows[0];
    return [
      '## notifications',
      '',
      `${farmers} farmers with a push subscription and a phone; ${alertCount} alerts; one worker (batch 50); ${database.kind}.`,
      '',
      `- enqueue: ${((alertCount / enqueueMs) * 60_000).toFixed(0)} alerts/min (${(enqueueMs / alertCount).toFixed(1)} ms per alert transaction, bell rows + jobs for farmer, coordinator, admin)`,
      `- delivered: ${pushes} pushes and ${texts} SMS of ${expected} in ${(deliverMs / 1000).toFixed(1)} s (${(((pushes + texts) / deliverMs) * 1000).toFixed(0)}/s)`,
      `- commit → delivered: p50 ${Number(r.p50).toFixed(0)} ms, p99 ${Number(r.p99).toFixed(0)} ms (includes the backlog while enqueueing outran delivery)`,
      `- jobs sent ${r.sent}, failed ${r.failed}; duplicates at the stubs: ${Math.max(0, pushes + texts - expected)}`,
    ];
  } finally {
    await database.close();
    stub.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await benchNotifications()).join('\n'));
