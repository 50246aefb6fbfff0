/**
 * Notification fan-out (issue 16), a reduced version of the issue's measurement: BENCH_NOTIFY_FARMERS farmers
 * (default 2,000), each with a phone number and a Web Push subscription, one coordinator and one admin;
 * BENCH_NOTIFY_ALERTS alerts (default 300) raised as fast as the database takes them, each enqueueing the bell
 * rows and jobs in its transaction; one worker delivers to a local stub push service (real VAPID signing and
 * RFC 8291 encryption) and a local stub SMS gateway. Reports the enqueue rate, delivery throughput and the
 * delay from commit to delivery (p50/p99; while the queue has a backlog this includes the wait in it).
 * The issue's full measurement (10,000 users, 1,000 alerts a minute, a kill -9 mid-run, the cost on ingest):
 * `npm run bench -- notifications --full` (benchNotificationsFull below).
 */
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { alerts, fields, pushSubscriptions, sensors, users } from '../server/src/db/schema';
import { enqueueAlertNotifications } from '../server/src/modules/notifications/enqueue';
import { createNotificationWorker } from '../server/src/modules/notifications/worker';
import { createWebPush } from '../server/src/providers/push/index';
import { generateVapidKeys } from '../server/src/providers/push/webPush';
import { createHttpSms } from '../server/src/providers/sms/http';
import type { NotifyAppInput } from './notifyApp';
import { benchDatabase, flag, fmt, option, percentile } from './support';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function benchNotifications(): Promise<string[]> {
  if (flag('full')) return benchNotificationsFull();
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
      batchSize: 200,
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
      `${farmers} farmers with a push subscription and a phone; ${alertCount} alerts; one worker (batch 200); ${database.kind}.`,
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

/**
 * The issue's measurement (`npm run bench -- notifications --full`, PostgreSQL): 10,000 farmers with a push
 * subscription and a phone (and their coordinators and admins); the app (bench/notifyApp.ts, a child process)
 * ingests readings as fast as the database takes them, first alone, then while raising 1,000 alerts a minute and
 * delivering their notifications to local stub push and SMS services. Halfway through that phase the app is
 * killed with SIGKILL and started again; at the end a drain-only app finishes what is left. Counts every
 * delivery at the stubs against the alerts that committed (lost, duplicated), the delay from commit to delivery,
 * and the ingest rate with and without the fan-out.
 *   flags: --farmers 10000 --alerts-per-minute 1000 --solo-seconds 30 --fanout-seconds 120 --batch 200
 */
export async function benchNotificationsFull(): Promise<string[]> {
  const farmers = option('farmers', 10_000);
  const perMinute = option('alerts-per-minute', 1000);
  const soloSeconds = option('solo-seconds', 30);
  const fanoutSeconds = option('fanout-seconds', 120);
  const batch = option('batch', 200);
  const loadBefore = loadavg();
  type Seen = { n: number; first: number };
  const pushSeen = new Map<string, Seen>();
  const smsSeen = new Map<string, Seen>();
  const note = (m: Map<string, Seen>, key: string) => {
    const s = m.get(key);
    if (s) s.n++;
    else m.set(key, { n: 1, first: Date.now() });
  };
  const stub = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/sms')) note(smsSeen, (JSON.parse(Buffer.concat(chunks).toString()) as { to: string }).to.replace(/^\+91/, ''));
      else note(pushSeen, String(req.headers.topic ?? req.url));
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const d = await benchDatabase('postgres');
  try {
    const db = d.db;
    const tag = randomBytes(3).toString('hex');
    const coordinators = await db
      .insert(users)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Bench Coordinator ${i}`, email: `bench-c-${i}-${tag}@bench.local`, passwordHash: 'x', role: 'coordinator' as const })))
      .returning({ id: users.id });
    await db.insert(users).values([0, 1].map((i) => ({ name: `Bench Admin ${i}`, email: `bench-a-${i}-${tag}@bench.local`, passwordHash: 'x', role: 'admin' as const })));
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const p256dh = ua.getPublicKey().toString('base64url');
    const farms: Array<[string, string, string]> = [];
    for (let i = 0; i < farmers; i += 500) {
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: Math.min(500, farmers - i) }, (_, k) => ({
            name: `Bench Farmer ${i + k}`,
            email: `bench-f-${i + k}-${tag}@bench.local`,
            phoneNumber: String(9000000000 + i + k),
            passwordHash: 'x',
            role: 'farmer' as const,
            managedBy: coordinators[(i + k) % coordinators.length].id,
          })),
        )
        .returning({ id: users.id });
      await db.insert(pushSubscriptions).values(rows.map((r) => ({ userId: r.id, endpoint: `${base}/push/${r.id}`, p256dh, auth: randomBytes(16).toString('base64url') })));
      const made = await db
        .insert(fields)
        .values(rows.map((r, k) => ({ fieldId: `BNF${tag}${String(i + k).padStart(6, '0')}`.toUpperCase(), name: `Plot ${i + k}`, farmerId: r.id })))
        .returning({ id: fields.id, farmerId: fields.farmerId, fieldId: fields.fieldId });
      const ss = await db
        .insert(sensors)
        .values(made.map((f) => ({ sensorId: `BM-${f.fieldId}`, fieldId: f.id, type: 'moisture' as const })))
        .returning({ id: sensors.id, fieldId: sensors.fieldId });
      const sensorOf = new Map(ss.map((s) => [s.fieldId, s.id]));
      for (const f of made) farms.push([f.farmerId!, f.id, sensorOf.get(f.id)!]);
    }

    const vapid = generateVapidKeys();
    let readingBase = Date.now() - 30 * 24 * 3600_000;
    const app = (mode: NotifyAppInput['mode'], seconds: number, killAfterMs?: number) => {
      const input: NotifyAppInput = { url: d.url!, mode, seconds, alertsPerMinute: perMinute, stub: base, vapid, farms, readingBase, batchSize: batch, leaseMs: 10_000 };
      readingBase += 3 * 24 * 3600_000;
      return runApp(input, killAfterMs);
    };
    const rate = (ws: Array<{ rows: number; ms: number }>) => ws.reduce((s, w) => s + w.rows, 0) / (ws.reduce((s, w) => s + w.ms, 0) / 1000);

    console.log(`notifications --full: ${farmers} farmers seeded; ingest alone ${soloSeconds} s…`);
    const solo = await app('ingest', soloSeconds);
    console.log(`fan-out ${fanoutSeconds} s with a kill -9 at ${fanoutSeconds / 2} s…`);
    const t0 = Date.now();
    const first = await app('full', fanoutSeconds, (fanoutSeconds / 2) * 1000);
    const killedAt = Date.now();
    const beforeKill = (await db.select({ n: count() }).from(alerts))[0].n;
    const second = await app('full', Math.max(5, fanoutSeconds - (killedAt - t0) / 1000));
    const drainStart = Date.now();
    await app('drain', 300);
    const drainMs = Date.now() - drainStart;
    const loadAfter = loadavg();

    const committed = (await db.select({ n: count() }).from(alerts))[0].n;
    const notes = await db.execute<{ id: string; phone: string; created: Date; attempts_push: number; attempts_sms: number }>(sql`
      select n.id, u.phone_number as phone, n.created_at as created,
             max(j.attempts) filter (where j.channel = 'push') as attempts_push, max(j.attempts) filter (where j.channel = 'sms') as attempts_sms
      from notifications n join users u on u.id = n.recipient_id join notification_jobs j on j.notification_id = n.id
      where u.role = 'farmer' group by n.id, u.phone_number, n.created_at`);
    const jobStates = await db.execute<{ channel: string; status: string; n: number }>(
      sql`select channel::text, status::text, count(*)::int as n from notification_jobs where task = 'deliver' group by 1, 2 order by 1, 2`,
    );
    let lostPush = 0;
    let lostSms = 0;
    const lat: number[] = [];
    const latFirstTry: number[] = [];
    for (const n of notes.rows) {
      const created = new Date(n.created).getTime();
      const p = pushSeen.get(n.id.replace(/-/g, ''));
      const s = smsSeen.get(n.phone);
      if (!p) lostPush++;
      if (!s) lostSms++;
      for (const [seen, attempts] of [[p, n.attempts_push], [s, n.attempts_sms]] as const) {
        if (!seen) continue;
        lat.push(seen.first - created);
        if (attempts === 1) latFirstTry.push(seen.first - created);
      }
    }
    const dup = (m: Map<string, Seen>) => [...m.values()].reduce((x, s) => x + s.n - 1, 0);
    const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
    sorted(lat);
    sorted(latFirstTry);
    const soloRate = rate(solo.windows);
    const fanRate = rate([...first.windows, ...second.windows]);
    const achieved = committed / ((killedAt - t0 + second.ms) / 60_000);
    return [
      '## notifications (full: fan-out with a kill -9)',
      '',
      `${farmers} farmers, each with a push subscription and a phone, 20 coordinators, 2 admins; PostgreSQL; app = bench/notifyApp.ts (worker batch ${batch}, 32 deliveries in flight, lease 10 s). ` +
        `Machine load average before ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after ${loadAfter.map((x) => x.toFixed(2)).join(' / ')} (${cpus().length} cores, shared).`,
      '',
      `- alerts: ${committed} committed (${beforeKill} before the kill -9 at ${((killedAt - t0) / 1000).toFixed(0)} s, ${committed - beforeKill} after the restart; ~${achieved.toFixed(0)}/min of ${perMinute}/min asked)`,
      `- push: ${pushSeen.size} delivered of ${notes.rows.length} expected, ${lostPush} lost, ${dup(pushSeen)} duplicates at the stub`,
      `- SMS: ${smsSeen.size} delivered of ${notes.rows.length} expected, ${lostSms} lost, ${dup(smsSeen)} duplicates at the stub`,
      `- delivery jobs: ${jobStates.rows.map((r) => `${r.channel} ${r.status} ${r.n}`).join(', ')}; the drain after the run took ${(drainMs / 1000).toFixed(1)} s`,
      `- commit → delivered (push and SMS): p50 ${fmt(percentile(lat, 50))} ms, p99 ${fmt(percentile(lat, 99))} ms, max ${fmt(lat.at(-1) ?? NaN)} ms (all, including jobs held by the killed app until their lease ended)`,
      `- same, deliveries on their first try only (${latFirstTry.length}): p50 ${fmt(percentile(latFirstTry, 50))} ms, p99 ${fmt(percentile(latFirstTry, 99))} ms`,
      `- ingest (500-row inserts into sensor_readings, as fast as they go): alone ${fmt(soloRate)} rows/s; during the fan-out ${fmt(fanRate)} rows/s (${(((fanRate - soloRate) / soloRate) * 100).toFixed(1)} %)`,
    ];
  } finally {
    await d.drop();
    stub.close();
  }
}

type AppRun = { windows: Array<{ rows: number; ms: number }>; alerts: number; ms: number; killed: boolean };

function runApp(input: NotifyAppInput, killAfterMs?: number): Promise<AppRun> {
  const file = join(tmpdir(), `notify-bench-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(input));
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./notifyApp.ts', import.meta.url).pathname, `@${file}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const out: AppRun = { windows: [], alerts: 0, ms: 0, killed: false };
    let buf = '';
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        try {
          const m = JSON.parse(line) as { t: string; rows?: number; ms?: number; n?: number };
          if (m.t === 'ingest') out.windows.push({ rows: m.rows!, ms: m.ms! });
          if (m.t === 'alerts') out.alerts = m.n!;
        } catch {
          // not ours
        }
      }
    });
    const timer = killAfterMs
      ? setTimeout(() => {
          out.killed = true;
          child.kill('SIGKILL');
        }, killAfterMs)
      : null;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      rmSync(file, { force: true });
      out.ms = Date.now() - started;
      if (code !== 0 && !(out.killed && signal === 'SIGKILL')) reject(new Error(`notifyApp exited ${code ?? signal}`));
      else resolve(out);
    });
  });
}
