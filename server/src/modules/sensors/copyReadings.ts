/**
 * A batch of readings written with COPY, inside the caller's drizzle transaction (docs/live-data.md, "Ingest
 * profile"). COPY skips the per-row parameter parsing of the multi-row insert and returns nothing, which the
 * profile measured as the cheaper write on both databases. It cannot absorb a duplicate (no ON CONFLICT): a
 * reading already stored, or twice in the batch, fails the whole COPY with 23505 and the caller writes the batch
 * again with the insert that absorbs duplicates. The rollup trigger sees COPY's rows like an insert's.
 * - PostgreSQL: `COPY … FROM STDIN` through pg-copy-streams on the transaction's own connection.
 * - PGlite: `COPY … FROM '/dev/blob'` with the CSV handed over as a Blob.
 * Drizzle has no COPY: the driver's connection is taken from the transaction (its `session.client`, the pool
 * client or PGlite transaction drizzle runs the transaction on); tests/server/sensors/copyIngest.test.ts checks
 * both drivers.
 */
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, DbKind } from '../../db/client';
import type { StoredReading } from '../../domain/ingest/reading';

const COLUMNS = 'sensor_readings (sensor_id, field_id, type, value, recorded_at)';

type PgliteTransaction = { query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown> };

/** The driver connection drizzle runs this transaction on. */
function driverOf(tx: Db): unknown {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('COPY: no driver connection on this transaction (drizzle internals changed?)');
  return client;
}

/**
 * One CSV line per reading. Every field is plain: UUIDs, an enum name, a finite number (checkReading refuses
 * NaN and Infinity; String() of a double reads back as the same double) and an ISO instant.
 */
export function readingsCsv(batch: readonly StoredReading[]) {
  let out = '';
  for (const r of batch) out += `${r.sensorUuid},${r.fieldId},${r.type},${r.value},${r.recordedAt.toISOString()}\n`;
  return out;
}

/** Writes the batch into sensor_readings with COPY on the transaction's connection; every row is new or it fails. */
export async function copyReadings(kind: DbKind, tx: Db, batch: readonly StoredReading[]) {
  const csv = readingsCsv(batch);
  const client = driverOf(tx);
  if (kind === 'postgres') {
    // One write and end: stream.pipeline() built an AbortError (DOMException, with its stack) per batch.
    // pg-copy-streams emits 'finish' only once the server has acknowledged the COPY.
    const stream = (client as PoolClient).query(copyFrom(`copy ${COLUMNS} from stdin (format csv)`));
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(csv);
    });
  } else {
    await (client as PgliteTransaction).query(`copy ${COLUMNS} from '/dev/blob' (format csv)`, [], { blob: new Blob([csv]) });
  }
}
