/**
 * Realtime and query benchmark on the real app:
 * - reading committed → socket event latency (p50/p99) with many sockets, each watching one field, at a
 *   steady rate of readings spread over the fields; compared with a bare socket.io server emitting to
 *   rooms at the same rate (the echo baseline) in the same run;
 * - GET /sensor-data/24h p99 at 50 concurrent connections over a table of many readings, compared with
 *   the bare SQL of the same query.
 *
 *   npm run bench -- realtime                   short run (200 sockets, 200 readings/s, 10 s; 200k rows)
 *   npm run bench -- realtime --full            1000 sockets, 1000 readings/s, 60 s; 10M rows (PostgreSQL), 1M (PGlite)
 *   flags: --sockets N --rate N --seconds N --rows N --only pglite|postgres --query-only (skip the socket part)
 *          --compare-auth-cache (also run with AUTH_CACHE_SECONDS=0) --rounds N --query-seconds N
 */
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { series } from '../server/src/modules/sensors/repository';
import { ensurePartitions } from '../server/src/modules/sensors/partitions';
import { benchApp } from './app';
import { benchDatabase, flag, fmt, option, percentile, seedWorld, type BenchDb, type World } from './support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function connectAll(url: string, count: number, auth: object, onSocket: (s: Socket, i: number) => Promise<void>) {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, k) => {
        const s = connect(url, { path: '/socket.io', transports: ['websocket'], auth, forceNew: true, reconnection: false });
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
        sockets.push(s);
        await onSocket(s, i + k);
      }),
    );
  }
  return sockets;
}

/** Readings at `rate`/s spread over the fields; latency from the commit (ingest settled) to each socket's event. */
async function appLatency(d: BenchDb, world: World, sockets: number, rate: number, seconds: number, port: number) {
  const bench = await benchApp(d, world, port);
  const committedAt = new Map<string, number>();
  const receivedAt: Array<[string, number]> = [];
  const clients = await connectAll(bench.url, sockets, { token: bench.farmerToken }, async (s, i) => {
    const field = world.fields[i % world.fields.length];
    await s.emitWithAck('field:watch', field.id);
    s.on('reading:new', (r: { sensorId: string; timestamp: string }) => receivedAt.push([`${r.sensorId}|${r.timestamp}`, performance.now()]));
  });
  try {
    const moisture = world.fields.map((f) => f.sensors.find((s) => s.type === 'moisture')!);
    const end = performance.now() + seconds * 1000;
    let n = 0;
    const pending: Promise<unknown>[] = [];
    while (performance.now() < end) {
      const batch = Math.max(1, Math.round(rate / 100));
      for (let k = 0; k < batch; k++) {
        const s = moisture[n++ % moisture.length];
        const timestamp = new Date(Date.now() - 60_000 + (n % 50_000)).toISOString();
        const key = `${s.sensorId}|${timestamp}`;
        pending.push(bench.app.ingest.ingest([{ sensorId: s.sensorId, type: 'moisture', value: 40, timestamp }], {}, 'wait').then(() => committedAt.set(key, performance.now())));
      }
      await sleep(10);
    }
    await Promise.all(pending);
    await sleep(1000);
    // The push leaves just before the ingest call settles, so an event can arrive first: that counts as 0.
    return receivedAt
      .filter(([key]) => committedAt.has(key))
      .map(([key, at]) => Math.max(0, at - committedAt.get(key)!))
      .sort((a, b) => a - b);
  } finally {
    for (const c of clients) c.close();
    await bench.close();
  }
}

/** The same fan-out with nothing but socket.io: emit to rooms, measure emit → receive. */
async function echoLatency(sockets: number, rooms: number, rate: number, seconds: number, port: number) {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io' });
  io.on('connection', (s) =>
    s.on('join', async (room: string, ack: () => void) => {
      await s.join(room);
      ack();
    }),
  );
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', () => r()));
  const latencies: number[] = [];
  const clients = await connectAll(`http://127.0.0.1:${port}`, sockets, {}, async (s, i) => {
    await s.emitWithAck('join', `r${i % rooms}`);
    s.on('tick', (sentAt: number) => latencies.push(performance.now() - sentAt));
  });
  try {
    const end = performance.now() + seconds * 1000;
    let n = 0;
    while (performance.now() < end) {
      for (let k = 0; k < Math.max(1, Math.round(rate / 100)); k++) io.to(`r${n++ % rooms}`).emit('tick', performance.now());
      await sleep(10);
    }
    await sleep(1000);
    return latencies.sort((a, b) => a - b);
  } finally {
    for (const c of clients) c.close();
    io.close();
  }
}

/** Fills sensor_readings with `rows` rows: 24 h at 10 s steps on the measured field, the rest spread over the others and 30 days. */
async function fillReadings(d: BenchDb, world: World, rows: number) {
  const target = world.fields[0];
  await ensurePartitions(d.db, Array.from({ length: 32 }, (_, i) => Date.now() - i * 86_400_000));
  for (const s of target.sensors) {
    await d.db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at)
      select ${s.id}::uuid, ${target.id}::uuid, ${s.type}::sensor_type, 20 + random() * 30, now() - (g * interval '10 seconds')
      from generate_series(1, 8640) g on conflict do nothing`);
  }
  const others = world.fields.slice(1).flatMap((f) => f.sensors.map((s) => ({ ...s, fieldId: f.id })));
  const perSensor = Math.ceil(Math.max(0, rows - 2 * 8640) / others.length);
  const step = Math.max(1, Math.floor((30 * 86_400) / perSensor));
  for (let i = 0; i < others.length; i += 50) {
    const chunk = others.slice(i, i + 50);
    await d.db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at)
      select s.sensor_id, s.field_id, s.type, 20 + random() * 30, now() - (g * ${step} * interval '1 second')
      from (values ${sql.join(chunk.map((c) => sql`(${c.id}::uuid, ${c.fieldId}::uuid, ${c.type}::sensor_type)`), sql`, `)}) as s(sensor_id, field_id, type),
           generate_series(1, ${perSensor}) g
      on conflict do nothing`);
  }
  await d.db.execute(sql`analyze sensor_readings`);
  return Number((await d.db.execute<{ n: number }>(sql`select count(*)::int as n from sensor_readings`)).rows[0].n);
}

/** Route p50/p99 at 50 connections for each app configuration, alternated (A B A B) so a busy machine hurts both alike. */
async function query24h(d: BenchDb, world: World, rows: number, seconds: number, port: number, variants: Array<{ label: string; config: Record<string, unknown> }>, rounds: number) {
  const total = await fillReadings(d, world, rows);
  const fieldId = world.fields[0].id;
  const bare: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await series(d.db, fieldId, new Date(Date.now() - 24 * 3600_000));
    bare.push(performance.now() - t0);
  }
  bare.sort((a, b) => a - b);
  const results = variants.map((v) => ({ label: v.label, p50: [] as number[], p99: [] as number[], rps: [] as number[], busyUs: [] as number[], non2xx: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, v] of variants.entries()) {
      const bench = await benchApp(d, world, port, v.config);
      try {
        const elu0 = performance.eventLoopUtilization();
        const r = await autocannon({
          url: `${bench.url}/api/v1/sensor-data/24h?fieldId=${fieldId}`,
          connections: 50,
          // The load generator on its own thread, so it does not share the server's event loop.
          workers: 1,
          duration: seconds,
          headers: { authorization: `Bearer ${bench.farmerToken}` },
        });
        // Busy time of the server's event loop per answered request: steadier than latency on a shared machine.
        const elu = performance.eventLoopUtilization(elu0);
        results[i].busyUs.push((elu.active * 1000) / Math.max(1, r.requests.total));
        results[i].p50.push(r.latency.p50);
        results[i].p99.push(r.latency.p99);
        results[i].rps.push(r.requests.average);
        results[i].non2xx += r.non2xx;
      } finally {
        await bench.close();
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    total,
    bareP50: percentile(bare, 50),
    bareP99: percentile(bare, 99),
    variants: results.map((r) => ({ label: r.label, p50: median(r.p50), p99: median(r.p99), p99s: r.p99, rps: median(r.rps), busyUs: median(r.busyUs), non2xx: r.non2xx })),
  };
}

export async function benchRealtime(): Promise<string[]> {
  const full = flag('full');
  const sockets = option('sockets', full ? 1000 : 200);
  const rate = option('rate', full ? 1000 : 200);
  const seconds = option('seconds', full ? 60 : 10);
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  const lines = ['## Realtime and the 24-hour query', ''];

  const d = flag('query-only') ? null : await benchDatabase('postgres');
  if (d) try {
    const world = await seedWorld(d.db, 200);
    const app = await appLatency(d, world, sockets, rate, seconds, 3393);
    const echo = await echoLatency(sockets, world.fields.length, rate, seconds, 3394);
    lines.push(
      `Commit → socket event, ${sockets} sockets (in this process) over ${world.fields.length} field rooms, ${rate} readings/s for ${seconds} s, PostgreSQL:`,
      '',
      '| path | events | p50 ms | p99 ms |',
      '|---|---|---|---|',
      `| app: committed reading → reading:new | ${fmt(app.length)} | ${fmt(percentile(app, 50), 1)} | ${fmt(percentile(app, 99), 1)} |`,
      `| bare socket.io emit → receive | ${fmt(echo.length)} | ${fmt(percentile(echo, 50), 1)} | ${fmt(percentile(echo, 99), 1)} |`,
      `| ratio app / bare | | ${fmt(percentile(app, 50) / percentile(echo, 50), 2)} | ${fmt(percentile(app, 99) / percentile(echo, 99), 2)} |`,
      '',
    );
  } finally {
    await d.drop();
  }

  const rounds = option('rounds', 1);
  const variants = flag('compare-auth-cache')
    ? [
        { label: 'AUTH_CACHE_SECONDS=0', config: { authCacheSeconds: 0 } },
        { label: 'default', config: {} },
      ]
    : [{ label: 'default', config: {} }];
  lines.push(
    `GET /sensor-data/24h at 50 concurrent connections (autocannon on its own worker thread) vs the bare SQL of the same query; median of ${rounds} alternated run(s) per configuration:`,
    '',
    '| database | readings | app config | route p50 / p99 ms (p99 of each run) | req/s | server loop µs/request | bare SQL p50 / p99 ms | p99 ratio |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const kind of ['postgres', 'pglite'] as const) {
    if (only && only !== kind) continue;
    const rows = option('rows', full ? (kind === 'postgres' ? 10_000_000 : 1_000_000) : 200_000);
    const db = await benchDatabase(kind);
    try {
      const world = await seedWorld(db.db, 200);
      const q = await query24h(db, world, rows, option('query-seconds', full ? 30 : 10), kind === 'postgres' ? 3395 : 3397, variants, rounds);
      for (const v of q.variants) {
        lines.push(
          `| ${db.label} | ${fmt(q.total)} | ${v.label} | ${fmt(v.p50, 1)} / ${fmt(v.p99, 1)} (${v.p99s.map((x) => fmt(x)).join(', ')}) | ${fmt(v.rps)}${v.non2xx ? ` (${v.non2xx} non-2xx)` : ''} | ${fmt(v.busyUs)} | ${fmt(q.bareP50, 1)} / ${fmt(q.bareP99, 1)} | ${fmt(v.p99 / q.bareP99, 2)} |`,
        );
      }
    } finally {
      await db.drop();
    }
  }
  return lines;
}
