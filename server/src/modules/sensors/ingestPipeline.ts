/**
 * The one road a reading takes into the database, whatever brought it (MQTT or HTTP):
 * check → match to its registered sensor → bounded batcher → one transaction that inserts the readings
 * (a duplicate sensor+timestamp is absorbed by the primary key) and moves the field's and sensor's
 * "last seen" columns. `ingest` settles after that commit; only then may the transport acknowledge.
 * What was newly stored is handed to `onCommitted` (alert engine, realtime pushes) after the commit.
 * A reading the database refuses is isolated by the batcher (split and retry) and reported as `not_stored`;
 * every other reading in its batch, from whatever device, is stored and acknowledged as usual.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable, isRowDataError, sqlState } from '../../db/errors';
import { fields, sensorReadings, sensors } from '../../db/schema';
import { WriteBatcher, type BatcherStats } from '../../domain/ingest/batcher';
import {
  checkReading,
  DEFAULT_TIME_WINDOW,
  matchSensor,
  RejectionCounter,
  type RegisteredSensor,
  type RejectReason,
  type StoredReading,
  type TimeWindow,
} from '../../domain/ingest/reading';
import { copyReadings } from './copyReadings';
import { createPartitionGuard } from './partitions';

export type CommittedReading = StoredReading;
export type IngestOutcome = { accepted: number; rejected: Array<{ index: number; reason: RejectReason }> };
export type Claimed = { fieldRef?: string; sensorId?: string };

export type BatchTuning = { maxBatch: number; maxDelayMs: number; maxQueued: number; concurrency: number };

export type IngestPipeline = {
  ingest(items: unknown[], claimed: Claimed, whenFull: 'wait' | 'reject'): Promise<IngestOutcome>;
  /** Forget a cached sensor (after its key, type or field changed). */
  forgetSensor(sensorId: string): void;
  rejections: RejectionCounter;
  stats(): BatcherStats & {
    accepted: number;
    duplicates: number;
    rejected: number;
    /** Batches written with COPY, and COPYs that met a duplicate (that batch was then written with the insert). */
    copied: number;
    copyFallbacks: number;
  };
  close(): Promise<void>;
};

/** Registered sensors are read once and kept briefly: ingest must not query per reading. */
const SENSOR_TTL_MS = 30_000;
const UNKNOWN_TTL_MS = 5_000;
/**
 * A sensor's last-seen time moves only when it is this much newer (or the sensor was offline): a device
 * sending every second would otherwise rewrite its sensor row with every batch. Offline detection works
 * in minutes, so it never notices.
 */
const SEEN_GRANULARITY = '30 seconds';
/** A late reading older than this behind the field's last one does not replace its tiles' values. */
const LATE_TOLERANCE = '15 minutes';

export function createIngestPipeline(opts: {
  db: Db;
  kind: 'pglite' | 'postgres';
  onCommitted?: (readings: CommittedReading[]) => void;
  /** Told the size of every batch written (the metrics' batch-size histogram). */
  onBatch?: (size: number) => void;
  tuning?: Partial<BatchTuning>;
  /** The timestamps a reading may carry (config: INGEST_MIN_TIMESTAMP, INGEST_MAX_FUTURE_SECONDS, INGEST_REGISTRATION_GRACE_HOURS). */
  window?: Partial<TimeWindow>;
  now?: () => Date;
  /** Write batches with COPY first (default; docs/live-data.md "Ingest profile"); false: always the multi-row insert. */
  copy?: boolean;
}): IngestPipeline {
  const { db } = opts;
  const window: TimeWindow = { ...DEFAULT_TIME_WINDOW, ...opts.window };
  const now = opts.now ?? (() => new Date());
  const rejections = new RejectionCounter();
  const counts = { accepted: 0, duplicates: 0, copied: 0, copyFallbacks: 0 };
  const useCopy = opts.copy ?? true;
  const cache = new Map<string, { sensor: RegisteredSensor | undefined; until: number }>();
  const loading = new Map<string, Promise<RegisteredSensor | undefined>>();

  async function lookup(sensorIds: string[]): Promise<Map<string, RegisteredSensor | undefined>> {
    const out = new Map<string, RegisteredSensor | undefined>();
    const missing: string[] = [];
    const t = Date.now();
    for (const id of new Set(sensorIds)) {
      const hit = cache.get(id);
      if (hit && hit.until > t) out.set(id, hit.sensor);
      else missing.push(id);
    }
    await Promise.all(
      missing.map(async (id) => {
        let p = loading.get(id);
        if (!p) {
          p = db
            .select({
              id: sensors.id,
              sensorId: sensors.sensorId,
              fieldId: sensors.fieldId,
              fieldCode: fields.fieldId,
              type: sensors.type,
              status: sensors.status,
              registeredAt: sensors.createdAt,
            })
            .from(sensors)
            .innerJoin(fields, eq(fields.id, sensors.fieldId))
            .where(eq(sensors.sensorId, id))
            .limit(1)
            .then(([row]) => row as RegisteredSensor | undefined)
            .finally(() => loading.delete(id));
          loading.set(id, p);
        }
        const sensor = await p;
        cache.set(id, { sensor, until: Date.now() + (sensor ? SENSOR_TTL_MS : UNKNOWN_TTL_MS) });
        out.set(id, sensor);
      }),
    );
    return out;
  }

  // Every day a batch touches has its partition before the insert (created on demand, partitions.ts).
  const partitions = createPartitionGuard(db);
  const noPartition = (err: unknown) => sqlState(err) === '23514' && /no partition/i.test(String((err as { cause?: Error }).cause?.message ?? (err as Error).message));

  async function write(batch: StoredReading[]) {
    opts.onBatch?.(batch.length);
    await partitions.ensure(batch.map((r) => r.recordedAt.getTime()));
    let stored: StoredReading[];
    try {
      stored = await insert(batch);
    } catch (err) {
      if (!noPartition(err)) throw err;
      // A partition known here was dropped meanwhile (retention, another process): look again, create, retry once.
      partitions.reset();
      await partitions.ensure(batch.map((r) => r.recordedAt.getTime()));
      stored = await insert(batch);
    }
    counts.accepted += stored.length;
    counts.duplicates += batch.length - stored.length;
    if (stored.length > 0 && opts.onCommitted) {
      try {
        opts.onCommitted(stored);
      } catch {
        // Follow-up work never un-commits a reading; its owner logs its own failures.
      }
    }
  }

  /**
   * One transaction: the readings (the rollup trigger runs inside it) and the last-seen columns. COPY first: it
   * cannot skip a reading already stored, so a batch holding one fails with 23505 as a whole, and is written again
   * with the insert that absorbs duplicates (ON CONFLICT DO NOTHING). Either way only what was newly stored counts.
   */
  async function insert(batch: StoredReading[]): Promise<StoredReading[]> {
    if (useCopy) {
      try {
        const stored = await db.transaction(async (tx) => {
          await copyReadings(opts.kind, tx as unknown as Db, batch);
          await touchLastSeen(tx as unknown as Db, batch);
          return batch;
        });
        counts.copied += 1;
        return stored;
      } catch (err) {
        if (sqlState(err) !== '23505') throw err;
        counts.copyFallbacks += 1;
      }
    }
    return db.transaction(async (tx) => {
      // One array parameter per column (unnest) instead of five parameters per row: far less to parse and bind.
      const res = await tx.execute<{ sensor_id: string; recorded_at: Date | string }>(sql`
        insert into ${sensorReadings} (sensor_id, field_id, type, value, recorded_at)
        select * from unnest(
          ${pgArray(batch.map((r) => r.sensorUuid))}::uuid[], ${pgArray(batch.map((r) => r.fieldId))}::uuid[],
          ${pgArray(batch.map((r) => r.type))}::sensor_type[], ${pgArray(batch.map((r) => r.value))}::float8[],
          ${pgArray(batch.map((r) => r.recordedAt.toISOString()))}::timestamptz[])
        on conflict do nothing
        returning sensor_id, recorded_at`);
      const isNew = new Set(res.rows.map((r) => `${r.sensor_id}|${new Date(r.recorded_at).getTime()}`));
      // A reading twice in one batch was stored once (its first copy; the second met it): keep one of them.
      const fresh = batch.filter((r) => isNew.delete(`${r.sensorUuid}|${r.recordedAt.getTime()}`));
      if (fresh.length > 0) await touchLastSeen(tx as unknown as Db, fresh);
      return fresh;
    });
  }

  const batcher = new WriteBatcher<StoredReading>({
    write,
    classify: (err) => (isDatabaseUnavailable(err) ? 'transient' : isRowDataError(err) ? 'row' : 'unknown'),
    maxBatch: opts.tuning?.maxBatch ?? 500,
    maxDelayMs: opts.tuning?.maxDelayMs ?? 20,
    maxQueued: opts.tuning?.maxQueued ?? 20_000,
    concurrency: opts.tuning?.concurrency ?? (opts.kind === 'pglite' ? 1 : 2),
  });

  return {
    rejections,
    forgetSensor: (id) => cache.delete(id),
    stats: () => ({ ...batcher.snapshot(), ...counts, rejected: rejections.total }),
    close: () => batcher.close(),
    async ingest(items, claimed, whenFull) {
      const t = now();
      const rejected: IngestOutcome['rejected'] = [];
      const checked = items.map((raw, index) => ({ index, result: checkReading(raw, t, window) }));
      const ids = checked.flatMap((c) => (c.result.ok ? [c.result.reading.sensorId] : []));
      const registered = ids.length > 0 ? await lookup(ids) : new Map();
      const accepted: Array<{ index: number; reading: StoredReading }> = [];
      for (const { index, result } of checked) {
        const matched = result.ok
          ? matchSensor(result.reading, registered.get(result.reading.sensorId), claimed, window.registrationGraceMs)
          : result;
        if (matched.ok) accepted.push({ index, reading: matched.reading });
        else {
          rejections.add(matched.reason);
          rejected.push({ index, reason: matched.reason });
        }
      }
      const refused = await batcher.submit(
        accepted.map((a) => a.reading),
        whenFull,
      );
      for (const r of refused) {
        rejections.add('not_stored');
        rejected.push({ index: accepted[r.index].index, reason: 'not_stored' });
        // Its sensor may have been deleted or changed: read it again next time.
        cache.delete(accepted[r.index].reading.sensorId);
      }
      rejected.sort((a, b) => a.index - b.index);
      return { accepted: accepted.length - refused.length, rejected };
    },
  };
}

/** A PostgreSQL array literal: both drivers take it as one text parameter, cast in SQL. */
function pgArray(values: Array<string | number | null>) {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v}"`)).join(',')}}`;
}

/** Latest moisture/temperature per field and latest time per sensor, in two statements for the whole batch. */
export async function touchLastSeen(db: Db, readings: StoredReading[]) {
  type FieldLast = { moisture?: StoredReading; temperature?: StoredReading; at: Date };
  const byField = new Map<string, FieldLast>();
  const bySensor = new Map<string, Date>();
  for (const r of readings) {
    const f = byField.get(r.fieldId) ?? { at: r.recordedAt };
    if (r.recordedAt > f.at) f.at = r.recordedAt;
    if ((r.type === 'moisture' || r.type === 'temperature') && (!f[r.type] || r.recordedAt > f[r.type]!.recordedAt)) f[r.type] = r;
    byField.set(r.fieldId, f);
    const s = bySensor.get(r.sensorUuid);
    if (!s || r.recordedAt > s) bySensor.set(r.sensorUuid, r.recordedAt);
  }
  // One array parameter per column (as the insert): a VALUES list of 500 fields was 3,000 parameters to bind and plan.
  const fieldList = [...byField];
  const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
  await db.execute(sql`
    update fields f set
      last_moisture = case when v.moisture is not null
        and v.moisture_at >= coalesce(f.last_reading_at, '-infinity'::timestamptz) - ${LATE_TOLERANCE}::interval
        then v.moisture else f.last_moisture end,
      last_temperature = case when v.temperature is not null
        and v.temperature_at >= coalesce(f.last_reading_at, '-infinity'::timestamptz) - ${LATE_TOLERANCE}::interval
        then v.temperature else f.last_temperature end,
      last_reading_at = greatest(f.last_reading_at, v.at)
    from unnest(
      ${pgArray(fieldList.map(([id]) => id))}::uuid[],
      ${pgArray(fieldList.map(([, f]) => f.moisture?.value ?? null))}::float8[],
      ${pgArray(fieldList.map(([, f]) => iso(f.moisture?.recordedAt)))}::timestamptz[],
      ${pgArray(fieldList.map(([, f]) => f.temperature?.value ?? null))}::float8[],
      ${pgArray(fieldList.map(([, f]) => iso(f.temperature?.recordedAt)))}::timestamptz[],
      ${pgArray(fieldList.map(([, f]) => f.at.toISOString()))}::timestamptz[]) as v(id, moisture, moisture_at, temperature, temperature_at, at)
    where f.id = v.id`);
  const sensorList = [...bySensor];
  await db.execute(sql`
    update sensors s set
      last_seen_at = greatest(s.last_seen_at, v.at),
      status = case when s.status = 'offline' then 'active'::sensor_status else s.status end
    from unnest(${pgArray(sensorList.map(([id]) => id))}::uuid[], ${pgArray(sensorList.map(([, at]) => at.toISOString()))}::timestamptz[]) as v(id, at)
    where s.id = v.id
      and (s.status = 'offline' or s.last_seen_at is null or s.last_seen_at < v.at - ${SEEN_GRANULARITY}::interval)`);
}
