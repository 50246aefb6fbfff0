/** Shared pieces of the live-data benchmarks: throwaway databases, a seeded world, percentiles, flags. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/client';
import { fields, sensors, users } from '../server/src/db/schema';

export const flag = (name: string) => process.argv.includes(`--${name}`);
export const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Prefix of every throwaway database a benchmark creates (BENCH_DB_PREFIX, e.g. `perf_` on a shared server). */
export const DB_PREFIX = (process.env.BENCH_DB_PREFIX ?? '').replace(/[^a-z0-9_]/gi, '').toLowerCase();

export type BenchDb = Database & { label: string; drop(): Promise<void>; /** PostgreSQL only: its URL (for a child process). */ url?: string; /** PGlite only: its folder. */ dataDir?: string };

/** A throwaway database; `name` (PostgreSQL) replaces `live_bench` in its name (`<prefix><name>_<random>`). */
export async function benchDatabase(kind: 'pglite' | 'postgres', name0 = 'live_bench'): Promise<BenchDb> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'live-bench-'));
    const d = await openDatabase({ dataDir: dir });
    await d.migrate();
    return { ...d, label: 'PGlite (on disk)', dataDir: dir, drop: async () => { await d.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `${DB_PREFIX}${name0.replace(/[^a-z0-9_]/gi, '').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const d = await openDatabase({ url: url.toString(), poolSize: 6 });
  await d.migrate();
  return {
    ...d,
    label: 'PostgreSQL',
    url: url.toString(),
    drop: async () => {
      await d.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type World = { farmerId: string; coordinatorId: string; coordinatorEmail: string; fields: Array<{ id: string; fieldId: string; sensors: Array<{ id: string; sensorId: string; type: 'moisture' | 'temperature' }> }> };

/** `fieldCount` fields with a moisture and a temperature sensor each, owned by one farmer. */
export async function seedWorld(db: Database['db'], fieldCount: number, tag = randomBytes(3).toString('hex')): Promise<World> {
  const [coordinator] = await db.insert(users).values({ name: 'Bench Coordinator', email: `bench-c-${tag}@t.in`, passwordHash: 'x', role: 'coordinator' }).returning();
  const [farmer] = await db.insert(users).values({ name: 'Bench Farmer', email: `bench-f-${tag}@t.in`, passwordHash: 'x', role: 'farmer', managedBy: coordinator.id }).returning();
  const out: World = { farmerId: farmer.id, coordinatorId: coordinator.id, coordinatorEmail: coordinator.email, fields: [] };
  for (let i = 0; i < fieldCount; i += 200) {
    const chunk = Array.from({ length: Math.min(200, fieldCount - i) }, (_, j) => ({
      fieldId: `FLDB${tag}${String(i + j).padStart(5, '0')}`.toUpperCase(),
      name: `Bench field ${i + j}`,
      farmerId: farmer.id,
    }));
    const rows = await db.insert(fields).values(chunk).returning({ id: fields.id, fieldId: fields.fieldId });
    const ss = await db
      .insert(sensors)
      .values(rows.flatMap((f) => [
        { sensorId: `BM-${f.fieldId}`, fieldId: f.id, type: 'moisture' as const },
        { sensorId: `BT-${f.fieldId}`, fieldId: f.id, type: 'temperature' as const },
      ]))
      .returning({ id: sensors.id, sensorId: sensors.sensorId, fieldId: sensors.fieldId, type: sensors.type });
    for (const f of rows) {
      out.fields.push({ ...f, sensors: ss.filter((s) => s.fieldId === f.id).map((s) => ({ id: s.id, sensorId: s.sensorId, type: s.type as 'moisture' | 'temperature' })) });
    }
  }
  return out;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');

/** Samples this process's resident memory while `work` runs. */
/**
 * Peak RSS of this process while `work` runs, and per `windowSeconds` (60) window its peak RSS and its lowest JS heap
 * in use (the lowest sample of a window lies just after a garbage collection: a leak shows as a floor that keeps rising).
 */
export async function withMemory<T>(
  work: () => Promise<T>,
  windowSeconds = 60,
): Promise<{ result: T; peakRssMb: number; startRssMb: number; windows: Array<{ peakRssMb: number; minHeapMb: number }> }> {
  const mb = (n: number) => n / 2 ** 20;
  const startRssMb = mb(process.memoryUsage().rss);
  let peak = startRssMb;
  const windows: Array<{ peakRssMb: number; minHeapMb: number }> = [];
  let current = { peakRssMb: 0, minHeapMb: Infinity };
  let windowStart = performance.now();
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, mb(m.rss));
    current.peakRssMb = Math.max(current.peakRssMb, mb(m.rss));
    current.minHeapMb = Math.min(current.minHeapMb, mb(m.heapUsed));
    if (performance.now() - windowStart >= windowSeconds * 1000) {
      windows.push(current);
      current = { peakRssMb: 0, minHeapMb: Infinity };
      windowStart = performance.now();
    }
  }, 250);
  try {
    const result = await work();
    return { result, peakRssMb: peak, startRssMb, windows };
  } finally {
    clearInterval(timer);
  }
}

/** CPU seconds (user + system) used so far by these processes (Linux /proc; a process gone counts 0). */
export function cpuSecondsOf(pids: number[]) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended
    }
  }
  return ticks / 100;
}

/**
 * CPU seconds the benchmark database's server processes use while `work` runs (PostgreSQL on this machine: every
 * backend of the database, read from /proc; PGlite: 0, it runs inside this process).
 */
export async function withDatabaseCpu<T>(d: BenchDb, work: () => Promise<T>): Promise<{ result: T; dbCpuSeconds: number }> {
  const pids = async () =>
    d.kind === 'postgres'
      ? ((await d.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`)).rows as Array<{ pid: number }>).map((r) => Number(r.pid))
      : [];
  const before = await pids();
  const startOf = new Map(before.map((pid) => [pid, cpuSecondsOf([pid])]));
  const result = await work();
  // Backends that started during the run count whole; one that ended during it is lost (a pool rarely drops one).
  let dbCpuSeconds = 0;
  for (const pid of await pids()) dbCpuSeconds += cpuSecondsOf([pid]) - (startOf.get(pid) ?? 0);
  return { result, dbCpuSeconds };
}
