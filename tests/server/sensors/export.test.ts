/**
 * GET /fields/:id/readings/export: a field's readings as CSV for a date range — raw rows within RAW_RETENTION_DAYS,
 * hourly rollups before — read page by page (the memory of one page, whatever the range), for the field's farmer,
 * its coordinator and admins; a reversed, too long or unreadable range and a field out of reach are translated 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ensurePartitions } from '../../../server/src/modules/sensors/partitions';
import { EXPORT_PAGE, exportSplit, readingsCsv } from '../../../server/src/modules/sensors/export';
import { retentionFloor } from '../../../server/src/modules/sensors/partitions';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

let t: TestApp;
const token: Record<string, string> = {};
const F = FIXTURE.fields;
const DAY = 86_400_000;
const RETENTION = 10;
const NOW = Date.now();
const day = (d: number) => new Date(d).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ config: { rawRetentionDays: RETENTION, exportMaxDays: 40 } });
  for (const who of ['admin', 'coordinator', 'coordinator2', 'farmer', 'farmer3'] as const) token[who] = (await t.login(who)).accessToken;
  // 20 days of readings every 4 minutes for both sensors of farmer's field (14,400 rows: several pages), straight in.
  const start = NOW - 20 * DAY;
  await ensurePartitions(t.db, Array.from({ length: 22 }, (_, i) => start + i * DAY));
  await t.db.execute(sql`
    insert into sensor_readings (sensor_id, field_id, type, value, recorded_at)
    select s.id, s.field_id, s.type, round((20 + 10 * sin(g / 50.0))::numeric, 2)::float8, ${new Date(start).toISOString()}::timestamptz + g * interval '4 minutes'
    from sensors s, generate_series(0, 20 * 360 - 1) g
    where s.field_id = ${F.farmer.id}::uuid
    on conflict do nothing`);
}, 120_000);
afterAll(() => t.close());

const get = (who: string, id: string, from: string, to: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/fields/${id}/readings/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, headers: t.auth(token[who]) });

const parse = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));

describe('readings export', () => {
  it('gives the farmer raw rows within retention and hourly rollups before it, equal to what is stored', async () => {
    const from = day(NOW - 25 * DAY);
    const to = day(NOW + DAY);
    // The split between hours and raw rows moves on each hour: ask again in the rare case the request straddled one.
    let res;
    let split: number;
    do {
      split = exportSplit(retentionFloor(RETENTION)).getTime();
      res = await get('farmer', F.farmer.id, from, to);
    } while (exportSplit(retentionFloor(RETENTION)).getTime() !== split);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${F.farmer.fieldId}-readings-${from}-${to}.csv"`);
    expect(res.body.split('\n')[0]).toBe('timestamp,sensor_id,type,value,count,min,max,resolution');
    const rows = parse(res.body);
    const floor = split;
    expect(floor).toBeGreaterThanOrEqual(NOW - RETENTION * DAY);
    // Time order throughout (what the browser's progress relies on).
    const times = rows.map((r) => Date.parse(r[0]));
    expect(times.every((x, i) => i === 0 || x >= times[i - 1])).toBe(true);

    const hours = rows.filter((r) => r[7] === 'hour');
    const raws = rows.filter((r) => r[7] === 'raw');
    const storedHours = (
      await t.db.execute<{ at: string; sensor: string; type: string; mean: number; count: number; min: number; max: number }>(sql`
        select h.bucket as at, s.sensor_id as sensor, h.type::text as type, h.sum / h.count as mean, h.count, h.min, h.max
        from sensor_rollups_hourly h join sensors s on s.id = h.sensor_id
        where h.field_id = ${F.farmer.id}::uuid and h.bucket >= ${from + 'T00:00:00Z'}::timestamptz and h.bucket < ${new Date(floor).toISOString()}::timestamptz
        order by h.bucket, h.type::text, h.sensor_id::text`)
    ).rows as Array<{ at: string; sensor: string; type: string; mean: number; count: number; min: number; max: number }>;
    expect(hours.length).toBeGreaterThan(200);
    expect(hours).toEqual(storedHours.map((h) => [new Date(h.at).toISOString(), h.sensor, h.type, String(Number(h.mean)), String(h.count), String(h.min), String(h.max), 'hour']));

    const storedRaw = (
      await t.db.execute<{ at: string; sensor: string; type: string; value: number }>(sql`
        select r.recorded_at as at, s.sensor_id as sensor, r.type::text as type, r.value
        from sensor_readings r join sensors s on s.id = r.sensor_id
        where r.field_id = ${F.farmer.id}::uuid and r.recorded_at >= ${new Date(floor).toISOString()}::timestamptz and r.recorded_at < ${to + 'T00:00:00Z'}::timestamptz
        order by r.recorded_at, r.sensor_id::text`)
    ).rows as Array<{ at: string; sensor: string; type: string; value: number }>;
    expect(raws.length).toBeGreaterThan(2 * EXPORT_PAGE);
    expect(raws).toEqual(storedRaw.map((r) => [new Date(r.at).toISOString(), r.sensor, r.type, String(r.value), '', '', '', 'raw']));
    // Every reading of the range's whole hours is in exactly one row: an hour's count, or a raw row.
    expect(hours.reduce((n, h) => n + Number(h[4]), 0) + raws.length).toBe(
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from sensor_readings where field_id = ${F.farmer.id}::uuid and recorded_at >= ${hours[0][0]}::timestamptz and recorded_at < ${to + 'T00:00:00Z'}::timestamptz`,
        )
      ).rows[0].n,
    );
  });

  it('streams page by page: no chunk holds more than one page, whatever the range', async () => {
    let chunks = 0;
    let lines = 0;
    for await (const chunk of readingsCsv(t.db, F.farmer.id, new Date(NOW - 25 * DAY), new Date(NOW + DAY), new Date(NOW - RETENTION * DAY))) {
      const n = chunk.split('\n').length - 1;
      expect(n).toBeLessThanOrEqual(EXPORT_PAGE);
      chunks++;
      lines += n;
    }
    expect(chunks).toBeGreaterThan(4);
    expect(lines).toBeGreaterThan(2 * EXPORT_PAGE);
  });

  it('lets the coordinator and admins export, by field code too; another coordinator or farmer gets 404', async () => {
    const from = day(NOW - 2 * DAY);
    const to = day(NOW);
    expect((await get('coordinator', F.farmer.id, from, to)).statusCode).toBe(200);
    expect((await get('admin', F.farmer.fieldId, from, to)).statusCode).toBe(200);
    for (const who of ['coordinator2', 'farmer3']) {
      const res = await get(who, F.farmer.id, from, to);
      expect(res.statusCode).toBe(404);
      expect(res.json().message.marathi).toEqual(expect.any(String));
    }
  });

  it('refuses a reversed, too long or unreadable range with a translated 400', async () => {
    const cases: Array<[string, string, string]> = [
      [day(NOW), day(NOW - DAY), 'EXPORT_RANGE_REVERSED'],
      [day(NOW), day(NOW), 'EXPORT_RANGE_REVERSED'],
      [day(NOW - 41 * DAY), day(NOW), 'EXPORT_RANGE_TOO_LONG'],
      ['yesterday-ish', day(NOW), 'EXPORT_BAD_DATE'],
      ['2026-02-30', day(NOW), 'EXPORT_BAD_DATE'],
    ];
    for (const [from, to, code] of cases) {
      const res = await get('farmer', F.farmer.id, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message.marathi).not.toBe(res.json().message.english);
    }
    // Bad input is refused before the field is looked up: no difference between reachable and unreachable fields.
    expect((await get('farmer3', F.farmer.id, day(NOW), day(NOW - DAY))).statusCode).toBe(400);
  });
});
