/**
 * The ingest pipeline's COPY write (modules/sensors/copyReadings.ts): a batch of new readings goes in with COPY; a
 * batch holding a reading already stored, or the same reading twice, fails its COPY as a whole and is written again
 * with the insert that absorbs duplicates; either way each reading is stored exactly once (the first copy wins),
 * handed on once, counted once in the rollups, and the field's and sensor's last-seen columns follow. The multi-row
 * insert alone (`copy: false`) gives the same rows. PGlite always, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createIngestPipeline, type CommittedReading } from '../../../server/src/modules/sensors/ingestPipeline';
import { readingsCsv } from '../../../server/src/modules/sensors/copyReadings';
import { freshDatabase, liveFixture, type LiveDb } from '../live/db';

type Stored = { sensor_id: string; value: number; recorded_at: string };

for (const kind of ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const) {
  describe(`COPY ingest on ${kind}`, () => {
    let d: LiveDb;

    beforeAll(async () => {
      d = await freshDatabase(kind);
    }, 60_000);
    afterAll(() => d.drop());

    const rows = async <T,>(q: ReturnType<typeof sql>) => (await d.db.execute(q)).rows as T[];

    /** A pipeline that writes each ingest call as one batch, and what it handed on after each commit. */
    function pipelineOf(copy: boolean) {
      const committed: CommittedReading[] = [];
      const p = createIngestPipeline({ db: d.db, kind: d.kind, copy, tuning: { maxBatch: 1000, maxDelayMs: 1, concurrency: 1 }, onCommitted: (rs) => committed.push(...rs) });
      return { p, committed };
    }

    for (const copy of [true, false]) {
      it(`stores new, resent and repeated readings exactly once, rollups and last-seen included (${copy ? 'COPY first' : 'insert only'})`, async () => {
        const fx = await liveFixture(d.db);
        const { p, committed } = pipelineOf(copy);
        try {
          const base = Math.floor(Date.now() / 1000) * 1000 - 3 * 3600_000;
          const m = (s: number, value: number) => ({ sensorId: fx.moisture.sensorId, type: 'moisture', value, timestamp: new Date(base + s * 1000).toISOString() });
          const t = (s: number, value: number) => ({ sensorId: fx.temperature.sensorId, type: 'temperature', value, timestamp: new Date(base + s * 1000).toISOString() });

          // 1. All new: COPY takes the whole batch.
          expect(await p.ingest([m(0, 30.5), m(60, 31.25), t(0, 22), t(60, 23.5)], {}, 'wait')).toEqual({ accepted: 4, rejected: [] });
          expect(p.stats()).toMatchObject(copy ? { copied: 1, copyFallbacks: 0, accepted: 4, duplicates: 0 } : { copied: 0, copyFallbacks: 0 });

          // 2. A resend of a stored reading (another value), the same new reading twice (other values), and new ones.
          const out = await p.ingest([m(120, 40), m(60, 99), t(120, 25), m(180, 41), m(180, 42), t(180, 26)], {}, 'wait');
          expect(out).toEqual({ accepted: 6, rejected: [] }); // a duplicate is accepted (acknowledged), not stored again
          expect(p.stats()).toMatchObject(copy ? { copied: 1, copyFallbacks: 1 } : { copied: 0, copyFallbacks: 0 });
          expect(p.stats()).toMatchObject({ accepted: 8, duplicates: 2 });

          const stored = await rows<Stored>(sql`
            select sensor_id::text, value, to_char(recorded_at at time zone 'UTC', 'HH24:MI:SS') as recorded_at from sensor_readings
            where field_id = ${fx.field.id}::uuid order by sensor_id = ${fx.moisture.id}::uuid desc, recorded_at`);
          const hms = (s: number) => new Date(base + s * 1000).toISOString().slice(11, 19);
          expect(stored).toEqual([
            { sensor_id: fx.moisture.id, value: 30.5, recorded_at: hms(0) },
            { sensor_id: fx.moisture.id, value: 31.25, recorded_at: hms(60) }, // the resend's 99 did not replace it
            { sensor_id: fx.moisture.id, value: 40, recorded_at: hms(120) },
            { sensor_id: fx.moisture.id, value: 41, recorded_at: hms(180) }, // the first of the two copies in one batch
            { sensor_id: fx.temperature.id, value: 22, recorded_at: hms(0) },
            { sensor_id: fx.temperature.id, value: 23.5, recorded_at: hms(60) },
            { sensor_id: fx.temperature.id, value: 25, recorded_at: hms(120) },
            { sensor_id: fx.temperature.id, value: 26, recorded_at: hms(180) },
          ]);
          // Handed on (alerts, realtime) once each, with the stored value.
          expect(committed.map((r) => `${r.type}@${r.recordedAt.getTime() - base}=${r.value}`).sort()).toEqual(
            ['moisture@0=30.5', 'moisture@60000=31.25', 'moisture@120000=40', 'moisture@180000=41', 'temperature@0=22', 'temperature@60000=23.5', 'temperature@120000=25', 'temperature@180000=26'].sort(),
          );
          // Rollups count each stored reading once and agree with the raw rows.
          const rolled = await rows<{ sensor_id: string; count: number; sum: number; max: number; last_value: number }>(sql`
            select sensor_id::text, sum(count)::int as count, sum(sum) as sum, max(max) as max,
                   (array_agg(last_value order by last_at desc))[1] as last_value
            from sensor_rollups_hourly where field_id = ${fx.field.id}::uuid group by 1 order by 1`);
          const raw = await rows<{ sensor_id: string; count: number; sum: number; max: number; last_value: number }>(sql`
            select sensor_id::text, count(*)::int as count, sum(value) as sum, max(value) as max,
                   (array_agg(value order by recorded_at desc))[1] as last_value
            from sensor_readings where field_id = ${fx.field.id}::uuid group by 1 order by 1`);
          expect(rolled).toEqual(raw);
          const [daily] = await rows<{ n: number }>(sql`select sum(count)::int as n from sensor_rollups_daily where field_id = ${fx.field.id}::uuid`);
          expect(daily.n).toBe(8);
          // The field's last values and the sensors' last-seen time follow the newest stored readings.
          const [field] = await rows<{ m: number; t: number; at: string }>(sql`
            select last_moisture as m, last_temperature as t, to_char(last_reading_at at time zone 'UTC', 'HH24:MI:SS') as at from fields where id = ${fx.field.id}::uuid`);
          expect(field).toEqual({ m: 41, t: 26, at: hms(180) });
          const seen = await rows<{ at: string }>(sql`
            select to_char(last_seen_at at time zone 'UTC', 'HH24:MI:SS') as at from sensors where field_id = ${fx.field.id}::uuid order by sensor_id`);
          expect(seen).toEqual([{ at: hms(180) }, { at: hms(180) }]);
        } finally {
          await p.close();
        }
      });
    }

    it('a COPY batch with a reading the database cannot store: the rest of the batch is stored, that one refused', async () => {
      const fx = await liveFixture(d.db);
      // A window as wide as the configuration allows, so that a year −1 timestamp reaches the database.
      const p = createIngestPipeline({
        db: d.db,
        kind: d.kind,
        tuning: { maxBatch: 1000, maxDelayMs: 1, concurrency: 1 },
        window: { floor: new Date(-8.64e15), maxFutureMs: Number.POSITIVE_INFINITY, registrationGraceMs: Number.POSITIVE_INFINITY },
      });
      try {
        const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000);
        const out = await p.ingest(
          [
            { sensorId: fx.moisture.sensorId, type: 'moisture', value: 35, timestamp: at.toISOString() },
            { sensorId: fx.moisture.sensorId, type: 'moisture', value: 36, timestamp: '-000001-01-01T00:00:00Z' },
            { sensorId: fx.temperature.sensorId, type: 'temperature', value: 27, timestamp: at.toISOString() },
          ],
          {},
          'wait',
        );
        expect(out).toEqual({ accepted: 2, rejected: [{ index: 1, reason: 'not_stored' }] });
        const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from sensor_readings where field_id = ${fx.field.id}::uuid`);
        expect(n).toBe(2);
        const [{ c }] = await rows<{ c: number }>(sql`select sum(count)::int as c from sensor_rollups_hourly where field_id = ${fx.field.id}::uuid`);
        expect(c).toBe(2);
      } finally {
        await p.close();
      }
    });
  });
}

describe('readingsCsv', () => {
  it('writes one plain CSV line per reading, numbers as they read back', () => {
    const r = { sensorId: 'S', sensorUuid: '11111111-1111-1111-1111-111111111111', fieldId: '22222222-2222-2222-2222-222222222222', type: 'ph' as const, value: 0.1 + 0.2, recordedAt: new Date('2026-11-26T10:00:00.123Z') };
    const csv = readingsCsv([r, { ...r, value: -0.000001, type: 'temperature' as const }]);
    expect(csv).toBe(
      '11111111-1111-1111-1111-111111111111,22222222-2222-2222-2222-222222222222,ph,0.30000000000000004,2026-11-26T10:00:00.123Z\n' +
        '11111111-1111-1111-1111-111111111111,22222222-2222-2222-2222-222222222222,temperature,-0.000001,2026-11-26T10:00:00.123Z\n',
    );
    expect(Number(csv.split('\n')[0].split(',')[3])).toBe(0.1 + 0.2);
  });
});
