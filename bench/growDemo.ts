/**
 * The demo world grown to `farmers` farmers for the mixed-load benchmark: the demo seed first (its 20 farmers,
 * 40 fields, 30 days of half-hourly readings, alerts…), then direct inserts of the rest, managed by the two demo
 * coordinators in turn: `fieldsPerFarmer` fields each (position, crop, soil test, health, last values), their
 * moisture and temperature sensors, a surveyed location, an open alert on every fifth field, and readings every
 * `stepMinutes` for `days` days written straight into the partitioned table (the statement trigger fills the hourly
 * and daily rollups, as for any writer), so the 7-day, analytics and advice calls read real rollups.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import { DAY_MS, dayStart, ensurePartitions } from '../server/src/modules/sensors/partitions';
import { seedDemoIfEmpty } from '../server/src/seed/demo';

export type Growth = { farmers: number; fieldsPerFarmer: number; days: number; stepMinutes: number };

export async function growDemo(db: Db, g: Growth) {
  const now = Date.now();
  await seedDemoIfEmpty(db, now);
  const extra = Math.max(0, g.farmers - 20);
  const coordinators = (await db.execute<{ id: string }>(sql`select id from users where role = 'coordinator' order by email`)).rows.map((r) => r.id);
  const admin = (await db.execute<{ id: string }>(sql`select id from users where role = 'admin' limit 1`)).rows[0].id;
  await db.execute(sql`
    insert into users (name, email, password_hash, role, managed_by, phone_number, village, district, state, status, created_at)
    select 'Grown Farmer ' || lpad(n::text, 5, '0'), 'grown.farmer' || n || '@example.in', '!grown', 'farmer',
           (${sql.raw(`array['${coordinators.join("','")}']::uuid[]`)})[1 + n % ${coordinators.length}],
           '7' || lpad(n::text, 9, '0'), 'Village ' || (n % 300), (array['Pune','Satara','Nashik','Latur','Nagpur'])[1 + n % 5],
           'Maharashtra', case when n % 50 = 0 then 'Inactive'::user_status else 'Active'::user_status end,
           now() - (n % 200) * interval '1 day'
    from generate_series(1, ${extra}) n`);
  await db.execute(sql`
    insert into fields (field_id, name, farmer_id, created_by, health, lat, lng, district, village, area_value, area_unit,
                        soil_type, ph, organic_matter, nitrogen, phosphorus, potassium, crop_name, crop_status, planted_date,
                        yield_expected, yield_unit, irrigation_type, last_moisture, last_temperature, last_reading_at)
    select 'GRW' || lpad(u.n::text, 5, '0') || k, 'Grown plot ' || u.n || '-' || k, u.id, u.managed_by,
           (array['good','good','good','warning','alert'])[1 + (u.n + k) % 5]::field_health,
           16 + ((u.n * 7 + k * 3) % 550) / 100.0, 73 + ((u.n * 11 + k * 5) % 650) / 100.0, u.district, u.village,
           1 + (u.n % 50) / 10.0, 'acres', 'black', 6.5 + (u.n % 15) / 10.0, 0.5 + (u.n % 8) / 10.0, 160 + u.n % 160, 9 + u.n % 23, 150 + u.n % 270,
           (array['soybean','cotton','sugarcane','tur','jowar','onion','wheat','chana'])[1 + (u.n + k) % 8], 'growing',
           (now() - (30 + u.n % 60) * interval '1 day')::date, 20, 'quintal', 'drip', 20 + (u.n % 40), 22 + (u.n % 15), now() - interval '10 minutes'
    from (select id, managed_by, district, village, row_number() over (order by email) as n from users where password_hash = '!grown') u,
         generate_series(1, ${g.fieldsPerFarmer}) k`);
  await db.execute(sql`
    insert into sensors (sensor_id, field_id, type, lat, lng, last_seen_at, created_at)
    select 'GR-' || t.code || '-' || f.field_id, f.id, t.type::sensor_type, f.lat, f.lng, now() - interval '10 minutes', now() - interval '400 days'
    from fields f, (values ('MS', 'moisture'), ('TS', 'temperature')) as t(code, type)
    where f.field_id like 'GRW%'`);
  await db.execute(sql`
    insert into gps_field_locations (field_id, name, lat, lng, area_value, elevation, soil_type, irrigation_type, accuracy, survey_method, last_survey_at)
    select id, name, lat, lng, area_value, 500, 'clay', irrigation_type::text, 95, 'GPS', now() - interval '20 days'
    from fields where field_id like 'GRW%'`);
  await db.execute(sql`
    insert into alerts (field_id, farmer_id, sensor_id, type, severity, status, message, assigned_to, created_at, last_seen_at)
    select f.id, f.farmer_id, s.id, 'moisture', (array['critical','major','minor','warning'])[1 + n % 4]::severity, 'active_unack',
           'Soil moisture low', ${admin}::uuid, now() - (n % 96) * interval '1 hour', now() - (n % 96) * interval '1 hour'
    from (select id, farmer_id, row_number() over (order by field_id) as n from fields where field_id like 'GRW%') f
    join sensors s on s.field_id = f.id and s.type = 'moisture'
    where f.n % 5 = 0`);
  // Readings: one day at a time, so a statement (and its rollup trigger's transition table) stays small.
  const first = dayStart(now - g.days * DAY_MS);
  await ensurePartitions(db, Array.from({ length: g.days + 2 }, (_, i) => first + i * DAY_MS));
  let readings = 0;
  for (let d = 0; d < g.days; d++) {
    const from = now - (g.days - d) * DAY_MS;
    const r = await db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at, received_at)
      select s.id, s.field_id, s.type,
             case when s.type = 'moisture' then 20 + random() * 35 else 18 + random() * 17 end,
             to_timestamp(${from / 1000}) + g * ${g.stepMinutes} * interval '1 minute',
             to_timestamp(${from / 1000}) + g * ${g.stepMinutes} * interval '1 minute'
      from sensors s, generate_series(0, ${Math.floor((24 * 60) / g.stepMinutes) - 1}) g
      where s.sensor_id like 'GR-%'
      on conflict do nothing`);
    readings += r.rowCount ?? 0;
  }
  for (const t of ['users', 'fields', 'sensors', 'alerts', 'gps_field_locations', 'sensor_readings', 'sensor_rollups_hourly', 'sensor_rollups_daily']) {
    await db.execute(sql.raw(`analyze ${t}`));
  }
  const [counts] = (
    await db.execute<{ farmers: number; fields: number; readings: number; hourly: number }>(sql`
      select (select count(*) from users where role = 'farmer')::int as farmers, (select count(*) from fields)::int as fields,
             (select count(*) from sensor_readings)::int as readings, (select count(*) from sensor_rollups_hourly)::int as hourly`)
  ).rows;
  return { ...counts, grownReadings: readings };
}
