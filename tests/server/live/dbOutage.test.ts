/**
 * The database goes away under load and comes back: a PostgreSQL 15 cluster this test creates (initdb), stops
 * with `pg_ctl stop -m fast` while twelve clients write, and starts again. The app (server.ts, a child process)
 * must stay alive, answer every request that needs the database 503 with Retry-After and a translated message
 * (never a 500), and work again by itself once the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { openDatabase } from '../../../server/src/db/client';
import { sensorReadings, sensors, users } from '../../../server/src/db/schema';
import { readingsTopic } from '../../../server/src/domain/ingest/topic';
import { hashPassword } from '../../../server/src/lib/passwords';
import { newDeviceKey } from '../../../server/src/modules/sensors/deviceKeys';
import { startAppProcess, type AppProcess } from './appProcess';
import { liveFixture } from './db';
import { freePort } from './ports';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

/** initdb and pg_ctl refuse to run as root: run them as the `postgres` user then. */
const pgTool = (tool: string, args: string[]) =>
  isRoot ? run('runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]) : run(join(BIN, tool), args);

let dir: string;
let dataDir: string;
let pgPort: number;
let app: AppProcess | undefined;
let token: string;
let deviceKey: string;
let sensorCode: string;
let email: string;
let mqttPort: number;
let topic: string;
let sensorUuid: string;
let dbUrl: string;

const startCluster = () =>
  pgTool('pg_ctl', ['-D', dataDir, '-l', join(dir, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
const stopCluster = (mode: 'fast' | 'immediate') => pgTool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);

beforeAll(async () => {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !existsSync(join(BIN, b)));
  if (missing.length > 0) {
    throw new Error(`This test needs the PostgreSQL 15 server binaries (${missing.join(', ')}) in ${BIN} (Debian: apt-get install postgresql-15), or PG_BIN=<their folder>.`);
  }
  dir = mkdtempSync(join(tmpdir(), 'shetmitra-pg-outage-'));
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  dataDir = join(dir, 'data');
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  pgPort = await freePort();
  await startCluster();
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  dbUrl = url;
  mqttPort = await freePort();

  app = await startAppProcess(
    { DATABASE_URL: url, MQTT_PORT: String(mqttPort), MQTT_TOPIC_PREFIX: 'outage-test', AUTH_CACHE_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '1000000', RETRY_AFTER_SECONDS: '3', DB_CONNECT_TIMEOUT_MS: '2000', REDIS_URL: '' },
  );

  // A coordinator who can sign in, and a sensor with a device key.
  const d = await openDatabase({ url, poolSize: 2 });
  try {
    const fx = await liveFixture(d.db);
    await d.db.update(users).set({ passwordHash: await hashPassword('Outage-test-9431') }).where(eq(users.id, fx.coordinator.id));
    const k = newDeviceKey(fx.moisture.id);
    await d.db.update(sensors).set({ deviceKeyHash: k.hash, deviceKeyCreatedAt: new Date() }).where(eq(sensors.id, fx.moisture.id));
    deviceKey = k.key;
    sensorCode = fx.moisture.sensorId;
    email = fx.coordinator.email;
    sensorUuid = fx.moisture.id;
    topic = readingsTopic('outage-test', fx.field.id, fx.moisture.sensorId);
    const login = await fetch(`${app.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fx.coordinator.email, password: 'Outage-test-9431' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    token = ((await login.json()) as { accessToken: string }).accessToken;
  } finally {
    await d.close();
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
  if (dataDir && existsSync(join(dataDir, 'postmaster.pid'))) await stopCluster('immediate').catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

type Answer = { status: number; retryAfter: string | null; body: string };
let seq = 0;
const ingest = async (): Promise<Answer> => {
  const r = await fetch(`${app!.url}/api/v1/sensor-data/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': deviceKey },
    body: JSON.stringify({ sensorId: sensorCode, type: 'moisture', value: 40, timestamp: Date.now() - 60_000 + (seq++ % 50_000) }),
  });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() };
};
const fieldsList = async (): Promise<Answer> => {
  const r = await fetch(`${app!.url}/api/v1/sensor-data`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() };
};
const health = async () => (await fetch(`${app!.url}/api/v1/health`)).status;

const expectUnavailable = (a: Answer) => {
  expect(a.status, a.body).toBe(503);
  expect(a.retryAfter).toBe('3');
  const body = JSON.parse(a.body) as { code: string; message: { english: string; marathi: string; hindi: string } };
  expect(body.code).toBe('DATABASE_UNAVAILABLE');
  expect(body.message.marathi).toMatch(/[\u0900-\u097F]/);
  expect(body.message.hindi).toMatch(/[\u0900-\u097F]/);
};

/**
 * The answer while the database is away, past any load shedding: with twelve clients writing on a machine loaded by the
 * whole run, the app may first shed a request (503 OVERLOADED, the overload guard before the route): that one is asked
 * again, as a client would after its Retry-After, for at most 15 s.
 */
const pastShedding = async (call: () => Promise<Answer>): Promise<Answer> => {
  const until = Date.now() + 15_000;
  for (;;) {
    const a = await call();
    const shed = a.status === 503 && a.body.includes('"OVERLOADED"');
    if (!shed || Date.now() > until) return a;
    await new Promise((r) => setTimeout(r, 500));
  }
};

describe('PostgreSQL stopped under concurrent writes and started again', () => {
  it('keeps the app alive, answers 503 + Retry-After while the database is away, and recovers without a restart', async () => {
    // Before the outage: the app serves (on a machine loaded by the rest of the run, its first connections may take
    // longer than DB_CONNECT_TIMEOUT_MS and be answered 503 for a moment; that is the behaviour under test below, not
    // a precondition, so the first write is tried until it lands, for at most 60 s).
    // (The whole answer is polled, so a run that never lands shows the last one's body.)
    await expect.poll(ingest, { timeout: 60_000, interval: 1000 }).toMatchObject({ status: 202 });
    const listed = await fieldsList();
    expect(listed.status, listed.body).toBe(200);
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { clientId: `outage-dev-${process.pid}`, clean: false, reconnectPeriod: 200, username: sensorCode, password: deviceKey });
    const mqttAt = Date.now() - 30_000;
    let mqttAcked = false;
    let pub: Promise<unknown> | undefined;

    // Twelve clients writing and reading for the whole test.
    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 12 }, async (_, i) => {
      while (running) {
        try {
          answers.push(await (i % 3 === 2 ? fieldsList() : ingest()));
        } catch (err) {
          // A refused TCP connection would mean the app is gone: record it, the assertions below catch it.
          answers.push({ status: -1, retryAfter: null, body: String(err) });
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      await stopCluster('fast');
      await new Promise((r) => setTimeout(r, 2000));

      expect(app!.child.exitCode, app!.output()).toBeNull();
      expect(app!.child.signalCode).toBeNull();
      expectUnavailable(await pastShedding(ingest));
      expectUnavailable(await pastShedding(fieldsList));
      const signIn = async (): Promise<Answer> => {
        const r = await fetch(`${app!.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Outage-test-9431' }),
        });
        return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() };
      };
      expectUnavailable(await pastShedding(signIn));
      expect(await health()).toBe(503);
      // MQTT: a QoS 1 reading is not acknowledged while the database is away…
      pub = device
        .publishAsync(topic, JSON.stringify({ sensorId: sensorCode, type: 'moisture', value: 47.5, timestamp: mqttAt }), { qos: 1 })
        .then(() => (mqttAcked = true));
      await new Promise((r) => setTimeout(r, 1500));
      expect(mqttAcked).toBe(false);

      await startCluster();
      const until = Date.now() + 30_000;
      while ((await health()) !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(await health()).toBe(200);
      expect((await pastShedding(ingest)).status).toBe(202);
      expect((await pastShedding(fieldsList)).status).toBe(200);
      // …and is, once stored, after the device's resend.
      await Promise.race([pub, new Promise((r) => setTimeout(r, 30_000))]);
      expect(mqttAcked).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      running = false;
      await Promise.all(clients);
      await device.endAsync(true);
    }
    const d = await openDatabase({ url: dbUrl, poolSize: 1 });
    try {
      const [row] = await d.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sensorReadings)
        .where(and(eq(sensorReadings.sensorId, sensorUuid), eq(sensorReadings.recordedAt, new Date(mqttAt))));
      expect(row.n).toBe(1);
    } finally {
      await d.close();
    }

    expect(app!.child.exitCode, app!.output()).toBeNull();
    expect(app!.output()).not.toMatch(/uncaught|second error|exiting/i);
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const summary = JSON.stringify(Object.fromEntries(byStatus));
    // Only successes and 503s, never a 500 nor a dropped connection.
    expect([...byStatus.keys()].sort(), summary).toEqual(expect.arrayContaining([503]));
    for (const status of byStatus.keys()) expect([200, 202, 503], summary).toContain(status);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter, a.body).toBe('3');
    expect(answers.filter((a) => a.status === 202).length, summary).toBeGreaterThan(0);
  }, 150_000);
});
