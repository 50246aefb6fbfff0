/**
 * `npm run bench -- ingest-stages`: what one ingest batch costs in the database, stage by stage, on one connection
 * (docs/live-data.md, "Ingest profile"). Batches of `--batch` (500) readings of 1,000 sensors, `--batches` (100) per
 * variant, fresh timestamps each time; mean ms per batch and rows/s:
 * - the multi-row insert (`unnest`, ON CONFLICT DO NOTHING RETURNING) with the rollup trigger, and without it
 *   (the trigger disabled in this throwaway database: what the rollups cost);
 * - COPY straight into sensor_readings (PostgreSQL: pg-copy-streams; PGlite: COPY FROM '/dev/blob');
 * - COPY into a temporary staging table, then INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING;
 * - the rollups kept by a row-level trigger instead of the statement trigger;
 * - rollups summed up in Node and upserted (bench/rollupsInNode.ts: the alternative to the trigger, rejected);
 * - the last-seen updates (fields, sensors) of a batch, and a whole batch as the pipeline writes it (COPY or insert).
 * `--only pglite|postgres`; PostgreSQL at BENCH_DATABASE_URL (BENCH_DB_PREFIX for the database's name).
 */
import { Readable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { from as copyFrom } from 'pg-copy-streams';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createIngestPipeline, touchLastSeen } from '../server/src/modules/sensors/ingestPipeline';
import { addToRollups } from './rollupsInNode';
import { ensurePartitions } from '../server/src/modules/sensors/partitions';
import { benchDatabase, cpuSecondsOf as cpuOf, fmt, option, seedWorld, type BenchDb } from './support';

type Row = { sensorId: string; fieldId: string; type: string; value: number; at: Date };
type Exec = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>; copy(table: string, csv: string): Promise<void>; done(): void; db: BenchDb['db'] };

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? process.argv[i + 1] : undefined;
})();

/** One connection, raw SQL: PostgreSQL's pool client or the PGlite instance under drizzle. */
async function connection(d: BenchDb): Promise<Exec> {
  const client = (d.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (d.kind === 'postgres') {
    const c = await (client as pg.Pool).connect();
    return {
      query: (text, params) => c.query(text, params as unknown[]),
      copy: (table, csv) => streamPipeline(Readable.from([csv]), c.query(copyFrom(`copy ${table} (sensor_id, field_id, type, value, recorded_at) from stdin (format csv)`))),
      done: () => c.release(),
      db: drizzle({ client: c }) as unknown as BenchDb['db'],
    };
  }
  const p = client as PGlite;
  return {
    query: (text, params) => p.query(text, params as unknown[]),
    copy: async (table, csv) => {
      await p.query(`copy ${table} (sensor_id, field_id, type, value, recorded_at) from '/dev/blob' (format csv)`, [], { blob: new Blob([csv]) });
    },
    done: () => {},
    db: d.db,
  };
}

const csvOf = (rows: Row[]) => rows.map((r) => `${r.sensorId},${r.fieldId},${r.type},${r.value},${r.at.toISOString()}`).join('\n') + '\n';
const arr = (v: Array<string | number>) => `{${v.map((x) => (typeof x === 'number' ? String(x) : `"${x}"`)).join(',')}}`;
const unnestParams = (rows: Row[]) => [arr(rows.map((r) => r.sensorId)), arr(rows.map((r) => r.fieldId)), arr(rows.map((r) => r.type)), arr(rows.map((r) => r.value)), arr(rows.map((r) => r.at.toISOString()))];
const UNNEST = `insert into sensor_readings (sensor_id, field_id, type, value, recorded_at)
  select * from unnest($1::uuid[], $2::uuid[], $3::sensor_type[], $4::float8[], $5::timestamptz[])
  on conflict do nothing returning sensor_id, recorded_at`;

const ROW_UPSERT = (table: string, unit: string) => `
  insert into ${table} as r (field_id, bucket, type, sensor_id, count, min, max, sum, last_value, last_at)
  values (new.field_id, date_trunc('${unit}', new.recorded_at at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata', new.type, new.sensor_id,
          1, new.value, new.value, new.value, new.value, new.recorded_at)
  on conflict (field_id, bucket, type, sensor_id) do update set count = r.count + 1, min = least(r.min, excluded.min),
    max = greatest(r.max, excluded.max), sum = r.sum + excluded.sum,
    last_value = case when excluded.last_at >= r.last_at then excluded.last_value else r.last_value end,
    last_at = greatest(r.last_at, excluded.last_at);`;
const ROW_TRIGGER = `
  create or replace function bench_rollup_row() returns trigger language plpgsql as $$
  begin
    ${ROW_UPSERT('sensor_rollups_hourly', 'hour')}
    ${ROW_UPSERT('sensor_rollups_daily', 'day')}
    return null;
  end $$`;

export async function benchIngestStages(): Promise<string[]> {
  const batchSize = option('batch', 500);
  const batches = option('batches', 100);
  const out = [
    '## ingest-stages: one batch in the database, stage by stage',
    '',
    `${batches} batches of ${batchSize} readings (1,000 sensors) per variant, one connection, each batch its own transaction.`,
    'Wall time varies with the machine\'s load; CPU time (PostgreSQL: every backend of the benchmark\'s database, from /proc;',
    'PGlite runs inside Node) is what a batch costs whatever else runs.',
    '',
    '| database | variant | ms per batch | rows/s | database CPU ms per batch | Node CPU ms per batch |',
    '|---|---|---|---|---|---|',
  ];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    const d = await benchDatabase(kind);
    try {
      const world = await seedWorld(d.db, 500);
      const sensors = world.fields.flatMap((f) => f.sensors.map((s) => ({ id: s.id, sensorId: s.sensorId, type: s.type, fieldId: f.id })));
      const start = Date.now() - 3 * 3600_000;
      await ensurePartitions(d.db, [start, Date.now()]);
      let n = 0;
      const nextBatch = (): Row[] =>
        Array.from({ length: batchSize }, () => {
          const s = sensors[n % sensors.length];
          const at = new Date(start + n++);
          return { sensorId: s.id, fieldId: s.fieldId, type: s.type, value: 20 + (n % 30), at };
        });
      const c = await connection(d);
      const stored = (rows: Row[]) => rows.map((r) => ({ sensorUuid: r.sensorId, fieldId: r.fieldId, sensorId: r.sensorId, type: r.type as 'moisture', value: r.value, recordedAt: r.at }));
      const backends = async () =>
        kind === 'postgres'
          ? ((await c.query("select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'")).rows as Array<{ pid: number }>).map((r) => r.pid)
          : [];
      const measure = async (variant: string, body: (rows: Row[]) => Promise<void>) => {
        for (let i = 0; i < 5; i++) await body(nextBatch()); // warm-up
        const pids = await backends();
        const db0 = cpuOf(pids);
        const node0 = process.cpuUsage();
        const t0 = performance.now();
        for (let i = 0; i < batches; i++) await body(nextBatch());
        const ms = (performance.now() - t0) / batches;
        const nodeCpu = process.cpuUsage(node0);
        const dbMs = kind === 'postgres' ? ((cpuOf(pids) - db0) * 1000) / batches : NaN;
        const nodeMs = (nodeCpu.user + nodeCpu.system) / 1000 / batches;
        out.push(`| ${d.label} | ${variant} | ${fmt(ms, 2)} | ${fmt((batchSize * 1000) / ms)} | ${fmt(dbMs, 1)} | ${fmt(nodeMs, 1)} |`);
      };
      const tx = (work: (rows: Row[]) => Promise<void>) => async (rows: Row[]) => {
        await c.query('begin');
        await work(rows);
        await c.query('commit');
      };
      await measure('BEGIN + COMMIT only', tx(async () => {}));
      await measure('unnest insert, rollup trigger on', tx(async (rows) => void (await c.query(UNNEST, unnestParams(rows)))));
      await c.query('alter table sensor_readings disable trigger sensor_readings_rollup');
      await measure('unnest insert, rollup trigger off', tx(async (rows) => void (await c.query(UNNEST, unnestParams(rows)))));
      await measure('COPY into sensor_readings, trigger off', tx((rows) => c.copy('sensor_readings', csvOf(rows))));
      // The same rollups kept by a row-level trigger (one function call and two single-row upserts per reading).
      await c.query(ROW_TRIGGER);
      await c.query('create trigger bench_rollup_row after insert on sensor_readings for each row execute function bench_rollup_row()');
      await measure('unnest insert, rollups by a row-level trigger instead', tx(async (rows) => void (await c.query(UNNEST, unnestParams(rows)))));
      await c.query('drop trigger bench_rollup_row on sensor_readings');
      await measure('rollups upserted from the batch summed up in Node (trigger off)', tx((rows) => addToRollups(c.db, stored(rows))));
      await measure('COPY + rollups summed up in Node (trigger off)', tx(async (rows) => {
        await c.copy('sensor_readings', csvOf(rows));
        await addToRollups(c.db, stored(rows));
      }));
      await c.query('alter table sensor_readings enable always trigger sensor_readings_rollup');
      await measure('COPY into sensor_readings, trigger on', tx((rows) => c.copy('sensor_readings', csvOf(rows))));
      await c.query('create temp table ingest_stage (like sensor_readings including defaults) on commit delete rows');
      await measure(
        'COPY into a temp table + INSERT … SELECT ON CONFLICT RETURNING',
        tx(async (rows) => {
          await c.copy('ingest_stage', csvOf(rows));
          await c.query('insert into sensor_readings (sensor_id, field_id, type, value, recorded_at) select sensor_id, field_id, type, value, recorded_at from ingest_stage on conflict do nothing returning sensor_id, recorded_at');
        }),
      );
      await measure('last-seen updates (fields + sensors) of a batch', (rows) => d.db.transaction((t) => touchLastSeen(t as unknown as typeof d.db, stored(rows))));
      // The whole pipeline write (partition check, COPY or insert with the trigger, last-seen updates), batch after batch.
      const bySensor = new Map(sensors.map((s) => [s.id, s]));
      for (const copy of [true, false]) {
        const p = createIngestPipeline({ db: d.db, kind: d.kind, copy, tuning: { maxBatch: batchSize, maxQueued: batchSize * 4, concurrency: 1, maxDelayMs: 1000 } });
        await measure(`pipeline.ingest, whole batch (${copy ? 'COPY' : 'unnest insert'} + trigger + last-seen)`, async (rows) => {
          const items = rows.map((r) => ({ sensorId: bySensor.get(r.sensorId)!.sensorId, type: r.type, value: r.value, timestamp: r.at.getTime() }));
          await p.ingest(items, {}, 'wait');
        });
        await p.close();
      }
      c.done();
    } finally {
      await d.drop();
    }
  }
  return out;
}
