/**
 * The readings table's day partitions (migration 0016): one per UTC day, `sensor_readings_pYYYYMMDD`.
 * - Ahead: `keepAhead` makes sure today and the next days exist; the app runs it on start and every few minutes
 *   (READINGS_MAINTENANCE_MINUTES). Several app processes may run it at once: a transaction-level advisory lock
 *   serialises the creators, and each re-reads what exists under the lock.
 * - On demand: the ingest pipeline creates a missing day before it writes a batch (and once more if the insert still
 *   finds no partition), so a reading for a day nobody prepared never fails.
 * - A new partition is created empty and then ATTACHed: ATTACH takes SHARE UPDATE EXCLUSIVE on the parent, which
 *   does not wait for (or block) the inserts in flight, where CREATE TABLE … PARTITION OF would take ACCESS EXCLUSIVE.
 * - Retention: whole partitions whose day ended RAW_RETENTION_DAYS ago or earlier are detached (CONCURRENTLY on
 *   PostgreSQL, outside any transaction, so ingest never waits) and dropped; never a DELETE. Rollups outlive them.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbKind } from '../../db/client';

export const DAY_MS = 86_400_000;
/** pg_advisory_xact_lock key of partition creation (the migration lock is 7274200). */
const PARTITION_LOCK = 7274214;

export const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const ymd = (day: number) => new Date(day).toISOString().slice(0, 10);
export const partitionName = (day: number) => `sensor_readings_p${ymd(day).replace(/-/g, '')}`;
const dayOfName = (name: string) => {
  const m = /^sensor_readings_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
};

type PartitionRow = { name: string; pending: boolean };

/** The partitions attached to sensor_readings (start of their day, ms) and whether a detach is pending. */
export async function listPartitions(db: Db): Promise<Array<{ name: string; day: number; detachPending: boolean }>> {
  const res = await db.execute<PartitionRow>(sql`
    select c.relname as name, i.inhdetachpending as pending
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'sensor_readings'::regclass
    order by c.relname`);
  return (res.rows as PartitionRow[]).flatMap((r) => {
    const day = dayOfName(r.name);
    return day === null ? [] : [{ name: r.name, day, detachPending: r.pending }];
  });
}

/** Creates the partitions of these days (ms, any time within the day) that do not exist yet; returns the days created. */
export async function ensurePartitions(db: Db, times: Iterable<number>): Promise<number[]> {
  const days = [...new Set([...times].map(dayStart))].sort((a, b) => a - b);
  if (days.length === 0) return [];
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const have = new Set((await listPartitions(t)).map((p) => p.day));
    const created: number[] = [];
    for (const day of days) {
      if (have.has(day)) continue;
      const name = partitionName(day);
      // A table of that name left over (a detached partition whose drop failed) is dropped first: it holds nothing
      // retention wanted to keep.
      await t.execute(sql.raw(`drop table if exists "${name}"`));
      await t.execute(sql.raw(`create table "${name}" (like sensor_readings including defaults including constraints)`));
      await t.execute(
        sql.raw(`alter table sensor_readings attach partition "${name}" for values from ('${ymd(day)} 00:00:00+00') to ('${ymd(day + DAY_MS)} 00:00:00+00')`),
      );
      created.push(day);
    }
    return created;
  });
}

/** Today (UTC) and the next `daysAhead` days exist afterwards. */
export function keepAhead(db: Db, daysAhead: number, now = Date.now()) {
  const today = dayStart(now);
  return ensurePartitions(
    db,
    Array.from({ length: daysAhead + 1 }, (_, i) => today + i * DAY_MS),
  );
}

/** The oldest instant a raw reading may carry: older ones are refused at ingest and their partitions dropped. */
export const retentionFloor = (retentionDays: number, now = Date.now()) => new Date(now - retentionDays * DAY_MS);

/**
 * Detaches and drops every partition whose whole day lies before `now - retentionDays` (its end at or before the
 * floor). Returns the names dropped. Another process doing the same at once makes one of them fail on a partition;
 * that one is skipped and the next round finishes it.
 */
export async function dropExpiredPartitions(db: Db, kind: DbKind, retentionDays: number, now = Date.now()): Promise<string[]> {
  const floor = retentionFloor(retentionDays, now).getTime();
  const expired = (await listPartitions(db)).filter((p) => p.day + DAY_MS <= floor);
  const dropped: string[] = [];
  for (const p of expired) {
    try {
      if (kind === 'postgres') {
        // CONCURRENTLY: two short transactions that wait for the queries using the partition instead of locking
        // the parent against inserts. A detach interrupted half-way is left pending; FINALIZE completes it.
        await db.execute(sql.raw(`alter table sensor_readings detach partition "${p.name}" ${p.detachPending ? 'finalize' : 'concurrently'}`));
        await db.execute(sql.raw(`drop table if exists "${p.name}"`));
      } else {
        // PGlite: one connection, nothing runs concurrently anyway.
        await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`alter table sensor_readings detach partition "${p.name}"`));
          await tx.execute(sql.raw(`drop table "${p.name}"`));
        });
      }
      dropped.push(p.name);
    } catch {
      // Detached or dropped by another process meanwhile: the next round sees the truth.
    }
  }
  return dropped;
}

/** Rollups older than their own retention (years) go by DELETE: they are small, one row per sensor and hour. */
export async function dropExpiredRollups(db: Db, retentionDays: number, now = Date.now()) {
  const floor = retentionFloor(retentionDays, now).toISOString();
  await db.execute(sql`delete from sensor_rollups_hourly where bucket < ${floor}::timestamptz`);
  await db.execute(sql`delete from sensor_rollups_daily where bucket < ${floor}::timestamptz`);
}

export type ReadingsUpkeep = { daysAhead: number; rawRetentionDays: number; rollupRetentionDays: number };

/** One round of upkeep: the next days ready, expired raw partitions and rollups gone. */
export async function readingsUpkeep(db: Db, kind: DbKind, opts: ReadingsUpkeep, now = Date.now()) {
  const created = await keepAhead(db, opts.daysAhead, now);
  const dropped = await dropExpiredPartitions(db, kind, opts.rawRetentionDays, now);
  await dropExpiredRollups(db, opts.rollupRetentionDays, now);
  return { created: created.map(partitionName), dropped };
}

/** Remembers which days have a partition so the ingest hot path asks the database only for a new day. */
export function createPartitionGuard(db: Db) {
  const known = new Set<number>();
  let loaded: Promise<void> | null = null;
  const load = () =>
    (loaded ??= listPartitions(db).then(
      (ps) => ps.forEach((p) => known.add(p.day)),
      (err: unknown) => {
        loaded = null;
        throw err;
      },
    ));
  return {
    /** Makes sure a partition exists for every time given (ms). */
    async ensure(times: number[]) {
      await load();
      const missing = new Set<number>();
      for (const t of times) {
        const d = dayStart(t);
        if (!known.has(d)) missing.add(d);
      }
      if (missing.size === 0) return;
      await ensurePartitions(db, missing);
      for (const d of missing) known.add(d);
    },
    /** Forget what is known (an insert found no partition: retention dropped one, say). */
    reset() {
      known.clear();
      loaded = null;
    },
  };
}

/**
 * Runs `readingsUpkeep` once at start (awaited, so the app takes readings only with today's partition ready) and then
 * every READINGS_MAINTENANCE_MINUTES, one round at a time. Failures are logged and retried next round.
 */
export function startReadingsUpkeep(
  app: { db: Db; database: { kind: DbKind }; log: { info(o: object, m: string): void; warn(o: object, m: string): void }; addHook(name: 'onReady', fn: () => Promise<void>): unknown },
  config: { readingPartitionsAhead: number; rawRetentionDays: number; rollupRetentionDays: number; readingsMaintenanceMinutes: number },
) {
  const opts = { daysAhead: config.readingPartitionsAhead, rawRetentionDays: config.rawRetentionDays, rollupRetentionDays: config.rollupRetentionDays };
  let running: Promise<void> | null = null;
  const round = () =>
    (running ??= readingsUpkeep(app.db, app.database.kind, opts)
      .then((r) => {
        if (r.created.length || r.dropped.length) app.log.info(r, 'reading partitions: created ahead / dropped for retention');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'reading partition upkeep failed'))
      .finally(() => (running = null)));
  app.addHook('onReady', () => round());
  const timer = config.readingsMaintenanceMinutes > 0 ? setInterval(() => void round(), config.readingsMaintenanceMinutes * 60_000) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
