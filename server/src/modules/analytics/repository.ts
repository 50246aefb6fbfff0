/**
 * The SQL of the analytics, always inside the caller's reach (lib/access scopes); service.ts shapes the answers.
 *
 * Water usage is ESTIMATED: nothing meters water, so an irrigation (or rain) event is a rise of at
 * least 5 percentage points between consecutive readings of one moisture sensor. The water it took is
 * the rise in volumetric water content over a 30 cm root zone across the field's area:
 *   litres = rise / 100 × 0.3 m × area (m²) × 1000 L/m³   (area unknown → one acre).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, cropHistory, fields, sensorRollupsHourly, users } from '../../db/schema';
import { alertScope, farmerScope, fieldScope, type AuthUser } from '../../lib/access';
import { cropKeySql } from '../../domain/crops/catalogue';
import { versionStamp } from '../../lib/countCache';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : ((r as { rows: Row[] }).rows ?? []));

const EVENT_RISE = 5;
const ROOT_ZONE_M = 0.3;
const M2_PER = sql`case ${fields.areaUnit} when 'hectares' then 10000.0 when 'sq_meters' then 1.0 else 4046.86 end`;

/**
 * What moves without a versioned write (lib/countCache.ts): the field health classes (a field's last moisture
 * changes with every reading) and the pest alerts of the period starting at `start` and of the one before it
 * (from `before`; the window moves with the clock) — with the versions of `users` and `fields` from the same
 * snapshot, which say whether `reachFigures` and `cropCounts` kept for them still hold. One round trip.
 */
export async function liveFigures(db: Db, user: AuthUser, start: Date, before: Date) {
  const r = await db.execute(sql`
    select h.*,
      (select count(*)::int from ${alerts} where ${alertScope(user)} and ${alerts.type} = 'pest' and ${alerts.createdAt} >= ${start.toISOString()}::timestamptz) as "pestNow",
      (select count(*)::int from ${alerts} where ${alertScope(user)} and ${alerts.type} = 'pest'
         and ${alerts.createdAt} >= ${before.toISOString()}::timestamptz and ${alerts.createdAt} < ${start.toISOString()}::timestamptz) as "pestBefore",
      ${versionStamp(['users', 'fields'])} as stamp
    from (${healthQuery(user)}) h`);
  const row = rowsOf(r)[0] as { excellent: number; good: number; fair: number; poor: number; pestNow: number; pestBefore: number; stamp: string | null };
  const { pestNow, pestBefore, stamp, ...health } = row;
  return { health, pestNow, pestBefore, stamp: stamp ?? '' };
}

/**
 * The caller's farmers and fields and their average yield (percent of expected): they change only with `users`
 * and `fields` (their versions, lib/countCache.ts), so `liveFigures`' stamp says when to read them again.
 */
export async function reachFigures(db: Db, user: AuthUser) {
  const r = await db.execute(sql`
    select
      (select count(*)::int from ${users} where ${farmerScope(user)}) as "totalFarmers",
      (select count(*)::int from ${fields} where ${fieldScope(user)}) as "totalFields",
      y."averageYield", y."yieldFields"
    from (select coalesce(round(avg(${fields.yieldActual} / ${fields.yieldExpected} * 100)::numeric, 1), 0)::float8 as "averageYield",
                 count(*)::int as "yieldFields"
          from ${fields} where ${fieldScope(user)} and ${fields.yieldExpected} > 0 and ${fields.yieldActual} is not null) y`);
  return rowsOf(r)[0] as { totalFarmers: number; totalFields: number; averageYield: number; yieldFields: number };
}

/**
 * Estimated water (litres) of the period from `start` and of the one before it (from `before`).
 * The caller's fields are chosen before the window: a sensor never changes field, so each sensor's hours stay
 * whole and the rises are the same as over every field, without sorting everyone else's hours.
 */
export async function waterFigures(db: Db, user: AuthUser, start: Date, before: Date) {
  const r = await db.execute(sql`
    with mine as (
      select ${fields.id} as id, coalesce(${fields.areaValue} * ${M2_PER}, 4046.86) as m2 from ${fields} where ${fieldScope(user)}
    ), rises as (
      -- Hourly rollups (no raw readings older than 48 h): the rise from one hour's last moisture to the next's.
      select r.field_id, r.last_at as at,
             r.last_value - lag(r.last_value) over (partition by r.sensor_id order by r.bucket) as rise
      from ${sensorRollupsHourly} r
      where r.type = 'moisture' and r.bucket >= ${before.toISOString()}::timestamptz and r.field_id in (select id from mine)
    ), water as (
      select rises.at, rises.rise / 100.0 * ${ROOT_ZONE_M} * mine.m2 * 1000 as litres
      from rises join mine on mine.id = rises.field_id
      where rises.rise >= ${EVENT_RISE}
    )
    select
      (select coalesce(round(sum(litres)), 0)::float8 from water where at >= ${start.toISOString()}::timestamptz) as "waterNow",
      (select coalesce(round(sum(litres)), 0)::float8 from water where at < ${start.toISOString()}::timestamptz) as "waterBefore"`);
  return rowsOf(r)[0] as { waterNow: number; waterBefore: number };
}

/**
 * Four health classes from the server's field health and the last moisture reading: poor = alert,
 * fair = warning, excellent = good with the last moisture at or above the field's low-moisture
 * threshold, good = good otherwise (no reading yet, or just under it).
 */
const healthQuery = (user: AuthUser) => sql`select
      count(*) filter (where ${fields.health} = 'good' and ${fields.lastMoisture} >= ${fields.moistureLow})::int as excellent,
      count(*) filter (where ${fields.health} = 'good' and (${fields.lastMoisture} is null or ${fields.lastMoisture} < ${fields.moistureLow}))::int as good,
      count(*) filter (where ${fields.health} = 'warning')::int as fair,
      count(*) filter (where ${fields.health} = 'alert')::int as poor
    from ${fields} where ${fieldScope(user)}`;

/**
 * How many of the caller's fields (with a crop) grow each crop, by catalogue key: 'Soybean', 'soybean ' and
 * 'सोयाबीन' are one crop, also in rows saved before names were normalised (domain/crops). Most first.
 */
export async function cropCounts(db: Db, user: AuthUser) {
  const r = await db.execute(sql`select ${cropKeySql(fields.cropName)} as crop, count(*)::int as n
    from ${fields} where ${fieldScope(user)} and coalesce(trim(${fields.cropName}), '') <> '' group by 1 order by 2 desc, 1`);
  return rowsOf(r) as { crop: string; n: number }[];
}

export async function statusOverview(db: Db, user: AuthUser) {
  const r = await db.execute(sql`select
      count(*) filter (where ${fields.operationalStatus} = 'active')::int as active,
      count(*) filter (where ${fields.operationalStatus} = 'maintenance')::int as maintenance,
      count(*) filter (where ${fields.operationalStatus} = 'inactive')::int as inactive,
      count(*) filter (where ${fields.operationalStatus} = 'harvested')::int as harvested
    from ${fields} where ${fieldScope(user)}`);
  return rowsOf(r)[0] as { active: number; maintenance: number; inactive: number; harvested: number };
}

/*
 * Crop history inside the caller's reach. Crop names are typed freely, so a crop is its catalogue key
 * ('Soybean', 'soybean ' and 'सोयाबीन' are one series) or, for a crop the catalogue lacks, its trimmed
 * lower-case name (cropKeySql).
 */
const inReach = (user: AuthUser) => sql`${cropHistory.fieldId} in (select ${fields.id} from ${fields} where ${fieldScope(user)})`;
const historyCrop = () => cropKeySql(cropHistory.crop);

/** Every crop of the caller's crop history, by key, sorted. */
export async function historyCrops(db: Db, user: AuthUser) {
  const crop = historyCrop();
  const rows = rowsOf(await db.execute(sql`select distinct ${crop} as crop from ${cropHistory} where ${inReach(user)} and ${crop} <> '' order by 1`));
  return rows.map((x) => x.crop as string);
}

/**
 * Average harvested yield per crop key and month, in quintals (kg / 100, ton × 10); only the crops `keys`
 * names, or every crop when it is empty. Sorted by crop, year, month.
 */
export async function monthlyYields(db: Db, user: AuthUser, keys: string[]) {
  const crop = historyCrop();
  const quintals = sql`case ${cropHistory.yieldUnit} when 'kg' then ${cropHistory.yield} / 100.0 when 'ton' then ${cropHistory.yield} * 10.0 else ${cropHistory.yield} end`;
  const wanted = keys.length ? sql` and ${crop} in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})` : sql``;
  return rowsOf(
    await db.execute(sql`select ${crop} as crop,
        extract(month from ${cropHistory.harvestedDate})::int as month, extract(year from ${cropHistory.harvestedDate})::int as year,
        round(avg(${quintals})::numeric, 2)::float8 as "averageYield"
      from ${cropHistory}
      where ${inReach(user)} and ${cropHistory.harvestedDate} is not null and ${cropHistory.yield} is not null and ${crop} <> ''${wanted}
      group by 1, 2, 3 order by 1, 3, 2`),
  ) as { crop: string; month: number; year: number; averageYield: number }[];
}
