/**
 * Ingest benchmark: sustained MQTT ingest (and a ×3 burst) into PGlite and PostgreSQL through the real
 * embedded broker, pipeline and batcher, compared with the raw multi-row insert rate of the same database
 * in the same run; resident memory of the ingesting process; every acknowledged reading checked in the
 * table afterwards. Devices run in a child process (bench/publisher.ts).
 *
 *   npm run bench -- ingest                     short run (10 s sustained, 5 s burst)
 *   npm run bench -- ingest --full              10 minutes sustained, 60 s burst
 *   flags: --rate 5000 --sustained-seconds N --burst-seconds N --fields 500 --only pglite|postgres
 *          --mqtt-port 3390 --http-port 3396 (the embedded broker's and the HTTP app's ports), --no-http (MQTT only),
 *          --no-copy (the multi-row insert instead of COPY), --profile-dir DIR (a CPU profile of the app process during
 *          the MQTT phases only: `npx tsx bench/profileSummary.ts DIR/<database>.cpuprofile`), --window-seconds 60 (ack p99
 *          per window of the sustained phase)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sensorReadings, sensors as sensorsTable } from '../server/src/db/schema';
import { createIngestPipeline } from '../server/src/modules/sensors/ingestPipeline';
import { ensurePartitions } from '../server/src/modules/sensors/partitions';
import { newDeviceKey } from '../server/src/modules/sensors/deviceKeys';
import { createMqttAccess } from '../server/src/realtime/mqtt/access';
import { startEmbeddedBroker } from '../server/src/realtime/mqtt/embeddedBroker';
import { isReadingsTopic, readingsHandler } from '../server/src/realtime/mqtt/readingsHandler';
import { benchDatabase, flag, fmt, option, seedWorld, withDatabaseCpu, withMemory, type BenchDb, type World } from './support';
import { benchHttpIngest } from './httpIngest';

async function rawInsertRate(d: BenchDb, world: World, seconds: number) {
  const sensors = world.fields.flatMap((f) => f.sensors.map((s) => ({ ...s, fieldId: f.id })));
  const base = Date.now() - 40 * 24 * 3600_000;
  await ensurePartitions(d.db, [base, base + 86_400_000]);
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  while (performance.now() < end) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      const s = sensors[(n + i) % sensors.length];
      return { sensorId: s.id, fieldId: s.fieldId, type: s.type, value: 30, recordedAt: new Date(base + n + i) };
    });
    await d.db.insert(sensorReadings).values(rows);
    n += rows.length;
  }
  const rate = n / ((performance.now() - t0) / 1000);
  await d.db.execute(sql`delete from sensor_readings where recorded_at < ${new Date(base + n + 1).toISOString()}::timestamptz`);
  return rate;
}

type PublisherResult = {
  sent: number;
  acked: number;
  phases: Array<{ rate: number; seconds: number; sent: number; acked: number }>;
  ackP50: number;
  ackP99: number;
  /** Per window (`windowSeconds`) of each phase: the acks received in it and their p99. */
  windows: Array<{ phase: number; p99: number; acked: number }>;
};

async function runPublisher(input: object): Promise<PublisherResult> {
  const file = join(tmpdir(), `live-bench-pub-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(input));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./publisher.ts', import.meta.url).pathname, `@${file}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`publisher exited ${code}`))));
  });
}

async function mqttRun(d: BenchDb, world: World, phases: Array<{ seconds: number; rate: number }>, port: number) {
  const prefix = `live-bench-${randomBytes(3).toString('hex')}`;
  const pipeline = createIngestPipeline({ db: d.db, kind: d.kind, copy: !flag('no-copy') });
  const access = createMqttAccess({ db: d.db, prefix, appUsername: 'bench-app', appPassword: randomBytes(24).toString('base64url') });
  const broker = await startEmbeddedBroker({ port, host: '127.0.0.1', access, isReadings: (t) => isReadingsTopic(prefix, t), handle: readingsHandler(prefix, pipeline) });
  try {
    // Every device signs in with its own key (username = sensor id), as in production.
    const sensors: Array<{ fieldRef: string; sensorId: string; type: string; deviceKey: string }> = [];
    for (const f of world.fields) {
      for (const s of f.sensors) {
        const k = newDeviceKey(s.id);
        await d.db.update(sensorsTable).set({ deviceKeyHash: k.hash }).where(eq(sensorsTable.id, s.id));
        sensors.push({ fieldRef: f.id, sensorId: s.sensorId, type: s.type, deviceKey: k.key });
      }
    }
    const before = Number((await d.db.execute<{ n: number }>(sql`select count(*)::int as n from sensor_readings`)).rows[0].n);
    const profileDir = process.argv.includes('--profile-dir') ? process.argv[process.argv.indexOf('--profile-dir') + 1] : null;
    const session = profileDir ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const appCpu = process.cpuUsage();
    const {
      result: { result, peakRssMb, startRssMb, windows: memory },
      dbCpuSeconds,
    } = await withDatabaseCpu(d, () =>
      withMemory(() => runPublisher({ url: `mqtt://127.0.0.1:${port}`, prefix, sensors, phases, perMessage: 10, windowSeconds: option('window-seconds', 60) })),
    );
    const used = process.cpuUsage(appCpu);
    const appCpuSeconds = (used.user + used.system) / 1e6;
    if (session && profileDir) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `${d.kind}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    }
    const after = Number((await d.db.execute<{ n: number }>(sql`select count(*)::int as n from sensor_readings`)).rows[0].n);
    return { ...result, stored: after - before, peakRssMb, startRssMb, memory, stats: pipeline.stats(), appCpuSeconds, dbCpuSeconds };
  } finally {
    await broker.close();
    await pipeline.close();
  }
}

export async function benchIngest(): Promise<string[]> {
  const full = flag('full');
  const rate = option('rate', 5000);
  const sustained = option('sustained-seconds', full ? 600 : 10);
  const burst = option('burst-seconds', full ? 60 : 5);
  const fieldCount = option('fields', 500);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  const lines = [
    '## Ingest',
    '',
    `MQTT QoS 1 through the embedded broker, ${fieldCount * 2} sensors, messages of 10 readings, each sensor on its own authenticated connection, in a child process;`,
    `${fmt(rate)} readings/s for ${sustained} s, then ×3 (${fmt(rate * 3)}/s) for ${burst} s. Acks come after the commit.`,
    '',
    '| database | raw insert rows/s | MQTT sustained acked/s | ratio to raw | burst acked/s | ack p50 / p99 ms | worst sustained window p99 ms | CPU ms per 1,000 stored: app / PostgreSQL | RSS start → peak MB | stored vs acked | HTTP batch readings/s | ratio to raw |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const memoryLines: string[] = [];
  let port = option('mqtt-port', 3390);
  const httpPort = option('http-port', 3396);
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    const d = await benchDatabase(kind);
    try {
      const world = await seedWorld(d.db, fieldCount);
      const raw = await rawInsertRate(d, world, full ? 30 : 5);
      const m = await mqttRun(d, world, [{ seconds: sustained, rate }, { seconds: burst, rate: rate * 3 }], port++);
      const [s, b] = m.phases;
      const worstWindow = Math.max(...m.windows.filter((w) => w.phase === 0).map((w) => w.p99));
      const http = flag('no-http')
        ? { rate: NaN, note: undefined }
        : await benchHttpIngest(d, world, full ? 60 : 5, httpPort).catch((e: Error) => ({ rate: NaN, note: e.message }));
      lines.push(
        `| ${d.label} | ${fmt(raw)} | ${fmt(s.acked / s.seconds)} | ${fmt(s.acked / s.seconds / raw, 2)} | ${fmt(b.acked / b.seconds)} | ${fmt(m.ackP50, 1)} / ${fmt(m.ackP99, 1)} | ${fmt(worstWindow, 1)} (${m.windows.filter((w) => w.phase === 0).length} × ${option('window-seconds', 60)} s) | ${fmt((m.appCpuSeconds * 1e6) / m.stored, 1)} / ${d.kind === 'postgres' ? fmt((m.dbCpuSeconds * 1e6) / m.stored, 1) : '(in app)'} | ${fmt(m.startRssMb)} → ${fmt(m.peakRssMb)} | ${fmt(m.stored)} stored, ${fmt(m.acked)} acked${m.stored >= m.acked ? '' : ' LOST'} | ${fmt(http.rate)} | ${fmt(http.rate / raw, 2)} |`,
      );
      if ('note' in http && http.note) lines.push('', `HTTP on ${d.label}: ${http.note}`);
      memoryLines.push(
        `| ${d.label} | ${m.memory.map((w) => fmt(w.peakRssMb)).join(' · ')} | ${m.memory.map((w) => fmt(w.minHeapMb)).join(' · ')} |`,
      );
    } finally {
      await d.drop();
    }
  }
  lines.push(
    '',
    `Memory of this process per ${option('window-seconds', 60)} s window of the run (broker, pipeline${only === 'postgres' ? '' : ', PGlite'}): peak RSS, and the lowest JS heap in use (sampled every 250 ms; the lowest sample of a window follows a garbage collection, so a leak shows as a rising floor).`,
    '',
    '| database | peak RSS MB per window | lowest JS heap MB per window |',
    '|---|---|---|',
    ...memoryLines,
    '',
    'Acked/s counts acknowledgements received during each phase; a backlog shows as burst acked/s below the offered rate and as ack latency.',
    'The worst window is the highest ack p99 of any window (`--window-seconds`, 60) of the sustained phase: a growing backlog shows there.',
    'CPU per 1,000 stored readings: this process (broker, pipeline, and PGlite itself) and the PostgreSQL backends of the benchmark database',
    '(the publisher child process not included); unlike rates and latencies it hardly depends on what else the machine runs.',
    `Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(', ')}.`,
  );
  return lines;
}
