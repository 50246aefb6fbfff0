/**
 * The demo world, written into an empty database at first start (DEMO=true, the embedded default):
 * a superadmin, an admin, two coordinators, 20 farmers across Maharashtra, 40 fields with sensors
 * and 30 days of half-hourly readings, alerts that follow those readings, crop history, money,
 * notes, weather stations, surveyed locations and a couple of messages. Deterministic (seeded).
 * Everything goes in one transaction; the readings go in as a few large array inserts, which
 * keeps a first start well inside its time budget.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  alertActions,
  alerts,
  cropHistory,
  fieldFinancials,
  fieldNotes,
  fields,
  gpsFieldLocations,
  loginHistory,
  messageRecipients,
  messages,
  sensors,
  users,
  weatherStations,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { DEMO_ACCOUNTS, DEMO_FARMER_PHONE, DEMO_PASSWORD } from './demoAccounts';
import { CROP_INFO, CROPS_BY_DISTRICT, DISTRICT_HQ, FARMER_NAMES, VILLAGES, type Crop } from './places';
import { createRandom, type Random } from './prng';
import { STEP_MS, episodes, simulateField } from './series';

const DAYS = 30;
const POINTS = DAYS * 48;
const MOISTURE_LOW = 25;
const TEMPERATURE_HIGH = 35;
const DAY = 86_400_000;

type UserRow = typeof users.$inferInsert;
type FieldRow = typeof fields.$inferInsert;
type AlertRow = typeof alerts.$inferInsert;

const CROP_DAYS: Record<Crop, number> = {
  soybean: 105, cotton: 180, sugarcane: 365, tur: 170, jowar: 120, onion: 120, grapes: 150, pomegranate: 180, wheat: 120, chana: 110,
};
const NOTES = [
  'ठिबक सिंचनाची नळी तपासली, दोन ठिकाणची गळती दुरुस्त केली.',
  'पानांवर मावा किडीचा थोडा प्रादुर्भाव दिसला; निंबोळी अर्क फवारणीचा सल्ला दिला.',
  'माती परीक्षणासाठी नमुना घेतला.',
  'पिकाची वाढ चांगली आहे; पुढील आठवड्यात खताचा दुसरा हप्ता द्यावा.',
  'पाण्याचा ताण टाळण्यासाठी सकाळी लवकर पाणी देण्याचा सल्ला दिला.',
];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** True when it seeded; false when the database already had users. */
export async function seedDemoIfEmpty(db: Db, now = Date.now()): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two instances starting on one empty PostgreSQL: the second waits here, then sees the users.
    await tx.execute(sql`select pg_advisory_xact_lock(7274201)`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return false;
    // The rows are consistent by construction, so when we may (PGlite always; PostgreSQL as a
    // superuser) skip the per-row foreign-key triggers for this transaction: it halves the seed time.
    const [{ superuser }] = (await tx.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`)).rows as { superuser: boolean }[];
    if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await writeDemo(tx as unknown as Db, passwordHash, now);
    return true;
  });
}

async function writeDemo(db: Db, passwordHash: string, now: number) {
  const rng = createRandom(20260101);
  const end = Math.floor(now / STEP_MS) * STEP_MS;
  const start = end - (POINTS - 1) * STEP_MS;

  // ------------------------------------------------------------- people
  const staff = (email: string, name: string, role: UserRow['role'], district: string): UserRow => ({
    id: rng.uuid(), name, email, passwordHash, role, district, state: 'Maharashtra', preferredLanguage: 'marathi',
    phoneNumber: `9${String(rng.int(100_000_000, 999_999_999))}`, lastActiveAt: new Date(end - rng.int(1, 48) * STEP_MS),
    createdAt: new Date(start - 200 * DAY),
  });
  const superadmin = staff(DEMO_ACCOUNTS.superadmin, 'शेतमित्र प्रशासक', 'superadmin', 'Pune');
  const admin = staff(DEMO_ACCOUNTS.admin, 'अश्विनी कुलकर्णी', 'admin', 'Pune');
  const coordinators = [
    staff(DEMO_ACCOUNTS.coordinator, 'सुनील पाटील', 'coordinator', 'Pune'),
    staff(DEMO_ACCOUNTS.coordinator2, 'मेघा देशपांडे', 'coordinator', 'Chhatrapati Sambhajinagar'),
  ];
  const farmers: UserRow[] = VILLAGES.map((v, i) => ({
    id: rng.uuid(),
    name: FARMER_NAMES[i],
    email: i === 0 ? DEMO_ACCOUNTS.farmer : `farmer${String(i + 1).padStart(2, '0')}@shetmitra.in`,
    passwordHash,
    role: 'farmer',
    managedBy: coordinators[i < 10 ? 0 : 1].id!,
    phoneNumber: `${rng.pick(['9', '8', '7'])}${String(rng.int(100_000_000, 999_999_999))}`,
    address: `मु. पो. ${v.village}`,
    village: v.village,
    district: v.district,
    state: 'Maharashtra',
    pincode: v.pincode,
    preferredLanguage: 'marathi',
    // Two farmers have left the programme.
    status: i === 13 || i === 18 ? 'Inactive' : 'Active',
    lastActiveAt: new Date(end - rng.int(1, 200) * STEP_MS),
    createdAt: new Date(start - rng.int(60, 180) * DAY),
  }));
  // A known number for the demo farmer (README: OTP sign-in); drawn above all the same, so the rest
  // of the demo world does not move.
  farmers[0].phoneNumber = DEMO_FARMER_PHONE;
  await db.insert(users).values([superadmin, admin, ...coordinators]);
  await db.insert(users).values(farmers);

  // ------------------------------------------------------------- fields, sensors, readings, alerts
  const fieldRows: FieldRow[] = [];
  const sensorRows: (typeof sensors.$inferInsert)[] = [];
  const alertRows: AlertRow[] = [];
  const actionRows: (typeof alertActions.$inferInsert)[] = [];
  const readingCols = { sensor: [] as string[], field: [] as string[], type: [] as string[], value: [] as number[], at: [] as number[] };
  let fieldNo = 0;
  let openAlertNo = 0;

  VILLAGES.forEach((v, fi) => {
    const farmer = farmers[fi];
    const coordinator = coordinators[fi < 10 ? 0 : 1];
    const vidarbha = ['Amravati', 'Nagpur', 'Yavatmal'].includes(v.district);
    const marathwada = ['Chhatrapati Sambhajinagar', 'Jalna', 'Beed', 'Latur'].includes(v.district);
    CROPS_BY_DISTRICT[v.district].forEach((crop, ci) => {
      fieldNo++;
      const id = rng.uuid();
      const info = CROP_INFO[crop];
      const lat = round(v.lat + rng.between(-0.015, 0.015), 6);
      const lng = round(v.lng + rng.between(-0.015, 0.015), 6);
      const area = round(rng.between(1, 6), 2);

      // Dry spells: the demo farmer's first field is dry right now; about a third of the others
      // had one in the month; a few more are dry at the end.
      const drySpells: [number, number][] = [];
      const demoFarmersField = fi === 0 && ci === 0;
      const dryNow = demoFarmersField || fieldNo % 9 === 4;
      // Eighteen days without water take even a freshly irrigated field below 25 % whatever the hour
      // the seed runs at, so the demo farmer always sees the low-moisture banner.
      if (dryNow) drySpells.push([POINTS - rng.int(demoFarmersField ? 18 : 4, demoFarmersField ? 20 : 6) * 48, POINTS]);
      if (fieldNo % 3 === 0) {
        const s = rng.int(3, 18) * 48;
        drySpells.push([s, s + rng.int(3, 5) * 48]);
      }
      const series = simulateField(rng, {
        points: POINTS,
        start,
        hotDayMax: vidarbha ? 32.5 : marathwada ? 31 : 29.5,
        irrigateBelow: rng.between(30, 36),
        wetTo: rng.between(48, 58),
        drySpells,
      });

      const moistureSensor = rng.uuid();
      const temperatureSensor = rng.uuid();
      const code = String(fieldNo).padStart(4, '0');
      sensorRows.push(
        { id: moistureSensor, sensorId: `SM-MS-${code}`, fieldId: id, type: 'moisture', lat, lng, lastSeenAt: new Date(end), createdAt: new Date(start - 30 * DAY) },
        { id: temperatureSensor, sensorId: `SM-TS-${code}`, fieldId: id, type: 'temperature', lat, lng, lastSeenAt: new Date(end), createdAt: new Date(start - 30 * DAY) },
      );
      for (let i = 0; i < POINTS; i++) {
        const at = (start + i * STEP_MS) / 1000;
        readingCols.sensor.push(moistureSensor, temperatureSensor);
        readingCols.field.push(id, id);
        readingCols.type.push('moisture', 'temperature');
        readingCols.value.push(series.moisture[i], series.temperature[i]);
        readingCols.at.push(at, at);
      }

      // Alerts exactly where the readings crossed the thresholds.
      const fieldAlerts: AlertRow[] = [];
      const addEpisodes = (type: 'moisture' | 'temperature', values: number[], sensorId: string) => {
        const below = type === 'moisture';
        const threshold = below ? MOISTURE_LOW : TEMPERATURE_HIGH;
        for (const ep of episodes(values, threshold, below ? 5 : 2, below)) {
          const createdAt = new Date(start + ep.startIndex * STEP_MS);
          const resolvedAt = ep.endIndex === null ? null : new Date(start + ep.endIndex * STEP_MS);
          const severe = below ? ep.extreme < 20 : ep.extreme > 38;
          const value = ep.endIndex === null ? values[POINTS - 1] : ep.valueAtStart;
          let status: AlertRow['status'] = 'acknowledged';
          if (resolvedAt === null) status = (['unacknowledged', 'unacknowledged', 'assigned', 'acknowledged'] as const)[openAlertNo++ % 4];
          else if (rng.chance(0.15)) status = 'unacknowledged';
          else if (rng.chance(0.2)) status = 'assigned';
          const alertId = rng.uuid();
          const handledAt = new Date(createdAt.getTime() + rng.int(1, 10) * STEP_MS);
          const row: AlertRow = {
            id: alertId,
            fieldId: id,
            farmerId: farmer.id,
            sensorId,
            type,
            severity: severe ? 'high' : 'medium',
            status,
            message: below
              ? `Low soil moisture (${value}%) in ${v.village} field. Irrigate soon.`
              : `High temperature (${value}°C) in ${v.village} field.`,
            messageKey: below ? 'alert.moisture.low' : 'alert.temperature.high',
            messageParams: { value, threshold },
            value,
            threshold,
            createdAt,
            updatedAt: status === 'unacknowledged' ? createdAt : handledAt,
            resolvedAt,
            ...(status === 'acknowledged' ? { acknowledgedBy: coordinator.id, acknowledgedAt: handledAt } : {}),
            ...(status === 'assigned' ? { assignedTo: coordinator.id, assignedBy: admin.id, assignedAt: handledAt } : {}),
          };
          fieldAlerts.push(row);
          if (status !== 'unacknowledged') {
            actionRows.push({
              alertId,
              actorId: status === 'assigned' ? admin.id : coordinator.id,
              action: status === 'assigned' ? 'assign' : 'acknowledge',
              detail: status === 'assigned' ? { assignedTo: coordinator.id } : null,
              createdAt: handledAt,
            });
          }
        }
      };
      addEpisodes('moisture', series.moisture, moistureSensor);
      addEpisodes('temperature', series.temperature, temperatureSensor);
      alertRows.push(...fieldAlerts);

      const open = fieldAlerts.filter((a) => !a.resolvedAt);
      const lastMoisture = series.moisture[POINTS - 1];
      const health = open.some((a) => a.severity === 'high') ? 'alert' : open.length > 0 || lastMoisture < 30 ? 'warning' : 'good';
      const cropDays = CROP_DAYS[crop];
      const age = rng.int(Math.round(cropDays * 0.2), Math.round(cropDays * 0.9));
      const planted = end - age * DAY;
      const stage = age / cropDays;
      fieldRows.push({
        id,
        fieldId: `FLD${String(202600 + fieldNo).padStart(6, '0')}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[fieldNo % 24]}${'KMPRST'[fieldNo % 6]}${'AEIOU'[fieldNo % 5]}`,
        name: `${v.village} ${ci === 0 ? 'मळा' : 'शेत'} ${ci + 1}`,
        farmerId: farmer.id,
        createdBy: coordinator.id,
        health,
        operationalStatus: 'active',
        lat,
        lng,
        addressState: 'Maharashtra',
        district: v.district,
        village: v.village,
        pincode: v.pincode,
        fullAddress: `${v.village}, ${v.district}, Maharashtra ${v.pincode}`,
        areaValue: area,
        areaUnit: 'acres',
        soilType: v.district === 'Kolhapur' ? 'laterite' : v.district === 'Satara' && ci === 1 ? 'red' : 'black',
        ph: round(rng.between(6.4, 8.2)),
        organicMatter: round(rng.between(0.4, 1.3), 2),
        nitrogen: Math.round(rng.between(160, 320)),
        phosphorus: Math.round(rng.between(9, 32)),
        potassium: Math.round(rng.between(150, 420)),
        soilLastTested: isoDate(end - rng.int(30, 200) * DAY),
        cropName: crop,
        cropVariety: rng.pick(info.varieties),
        plantedDate: isoDate(planted),
        expectedHarvest: isoDate(planted + cropDays * DAY),
        cropStatus: stage < 0.15 ? 'planted' : stage < 0.5 ? 'growing' : stage < 0.75 ? 'flowering' : 'fruiting',
        yieldExpected: round(area * info.yieldPerAcre),
        yieldUnit: 'quintal',
        irrigationType: info.irrigation,
        irrigationAutomation: info.irrigation === 'drip' && rng.chance(0.5),
        irrigationFrequency: info.irrigation === 'drip' ? 'daily' : 'every 3 days',
        irrigationDurationMinutes: info.irrigation === 'drip' ? 60 : 120,
        irrigationTimeSlots: ['06:00', '17:30'],
        moistureLow: MOISTURE_LOW,
        temperatureHigh: TEMPERATURE_HIGH,
        lastMoisture,
        lastTemperature: series.temperature[POINTS - 1],
        lastReadingAt: new Date(end),
        createdAt: new Date(start - rng.int(20, 90) * DAY),
        updatedAt: new Date(end),
      });
    });
  });

  await db.insert(fields).values(fieldRows);
  await db.insert(sensors).values(sensorRows);
  await insertReadings(db, readingCols);
  for (let i = 0; i < alertRows.length; i += 500) await db.insert(alerts).values(alertRows.slice(i, i + 500));
  if (actionRows.length) await db.insert(alertActions).values(actionRows);

  await db.insert(cropHistory).values(fieldRows.flatMap((f) => history(rng, f, end)));
  await db.insert(fieldFinancials).values(fieldRows.map((f) => money(rng, f)));
  await db.insert(fieldNotes).values(
    fieldRows.flatMap((f, i) =>
      Array.from({ length: 1 + (i % 2) }, (_, k) => ({
        fieldId: f.id!,
        authorId: f.createdBy,
        content: NOTES[(i + k * 2) % NOTES.length],
        createdAt: new Date(end - rng.int(1, 25) * DAY),
      })),
    ),
  );
  await db.insert(gpsFieldLocations).values(
    fieldRows.map((f) => ({
      fieldId: f.id!,
      name: f.name,
      lat: f.lat!,
      lng: f.lng!,
      areaValue: f.areaValue,
      elevation: Math.round(rng.between(420, 720)),
      soilType: f.soilType === 'black' ? ('clay' as const) : ('loam' as const),
      irrigationType: f.irrigationType,
      metadata: { village: f.village!, taluka: f.village!, district: f.district!, state: 'Maharashtra', pincode: f.pincode! },
      accuracy: 95,
      surveyMethod: 'GPS',
      lastSurveyAt: new Date(end - rng.int(10, 120) * DAY),
    })),
  );
  await db.insert(weatherStations).values(
    Object.entries(DISTRICT_HQ).map(([district, p], i) => ({
      stationId: `IMD-MH-${String(i + 1).padStart(3, '0')}`,
      name: `${district} AWS`,
      lat: p.lat,
      lng: p.lng,
      temperature: round(rng.between(24, 31)),
      humidity: Math.round(rng.between(35, 70)),
      observedAt: new Date(end),
    })),
  );

  // ------------------------------------------------------------- messages and sign-in history
  const messageRows = coordinators.map((c, i) => ({
    id: rng.uuid(),
    senderId: c.id,
    subject: i === 0 ? 'कांदा पिकासाठी फवारणी सल्ला' : 'कापूस गुलाबी बोंडअळी सावधानता',
    body:
      i === 0
        ? 'ढगाळ हवामानामुळे करपा रोगाचा धोका आहे. शिफारशीनुसार फवारणी करा आणि शेतात पाणी साचू देऊ नका.'
        : 'कामगंध सापळे लावा आणि प्रादुर्भाव दिसल्यास त्वरित कळवा.',
    createdAt: new Date(end - (3 + i) * DAY),
  }));
  await db.insert(messages).values(messageRows);
  await db.insert(messageRecipients).values(
    messageRows.flatMap((m, i) =>
      farmers.filter((f) => f.managedBy === coordinators[i].id).map((f, k) => ({
        messageId: m.id,
        farmerId: f.id!,
        readAt: k % 3 === 0 ? null : new Date(m.createdAt.getTime() + 6 * 3_600_000),
        smsStatus: 'sent',
      })),
    ),
  );
  const demoFarmer = farmers[0];
  await db.insert(loginHistory).values(
    [
      { d: 9, status: 'success' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 6, status: 'failed' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 6, status: 'success' as const, ua: 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/128.0 Mobile Safari/537.36', device: 'mobile' },
      { d: 2, status: 'success' as const, ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/129.0 Safari/537.36', device: 'desktop' },
    ].map((e, i) => ({
      userId: demoFarmer.id!,
      email: demoFarmer.email,
      status: e.status,
      reason: e.status === 'failed' ? 'bad_password' : null,
      ipAddress: `106.210.${40 + i}.${10 + i * 7}`,
      userAgent: e.ua,
      deviceType: e.device,
      location: 'Shirur, Maharashtra',
      createdAt: new Date(end - e.d * DAY + i * 3_600_000),
    })),
  );
}

/** Readings as a few array inserts (unnest) rather than 115 000 VALUES rows. */
async function insertReadings(db: Db, c: { sensor: string[]; field: string[]; type: string[]; value: number[]; at: number[] }) {
  const CHUNK = 25_000;
  const arr = (xs: (string | number)[]) => `{${xs.join(',')}}`;
  for (let i = 0; i < c.sensor.length; i += CHUNK) {
    const s = (xs: (string | number)[]) => arr(xs.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into sensor_readings (sensor_id, field_id, type, value, recorded_at, received_at)
      select s, f, t::sensor_type, v, to_timestamp(ts), to_timestamp(ts)
      from unnest(${s(c.sensor)}::uuid[], ${s(c.field)}::uuid[], ${s(c.type)}::text[], ${s(c.value)}::float8[], ${s(c.at)}::float8[])
        as u(s, f, t, v, ts)`);
  }
}

function history(rng: Random, f: FieldRow, end: number): (typeof cropHistory.$inferInsert)[] {
  const crops = CROPS_BY_DISTRICT[f.district!];
  // The last Kharif and Rabi seasons harvested before today, so the yield trends have recent months.
  const lastYearOf = (monthDay: string) => {
    const year = new Date(end).getUTCFullYear();
    return Date.parse(`${year}-${monthDay}T00:00:00Z`) <= end ? year : year - 1;
  };
  const kharif = lastYearOf('10-25');
  const rabi = lastYearOf('03-05');
  return [
    { season: `Kharif ${kharif}`, planted: `${kharif}-06-20`, harvested: `${kharif}-10-25` },
    { season: `Rabi ${rabi - 1}-${String(rabi).slice(2)}`, planted: `${rabi - 1}-11-10`, harvested: `${rabi}-03-05` },
  ].map((s, i) => {
    const crop = crops[(i + 1) % 2];
    const info = CROP_INFO[crop];
    return {
      fieldId: f.id!,
      crop,
      variety: rng.pick(info.varieties),
      season: s.season,
      plantedDate: s.planted,
      harvestedDate: s.harvested,
      yield: round((f.areaValue ?? 1) * info.yieldPerAcre * rng.between(0.75, 1.1)),
      yieldUnit: 'quintal' as const,
      notes: i === 0 ? 'पावसाचा खंड पडल्याने उत्पादन थोडे घटले.' : null,
    };
  });
}

function money(rng: Random, f: FieldRow): typeof fieldFinancials.$inferInsert {
  const acres = f.areaValue ?? 1;
  const info = CROP_INFO[f.cropName as Crop];
  const per = (lo: number, hi: number) => Math.round((acres * rng.between(lo, hi)) / 100) * 100;
  return {
    fieldId: f.id!,
    seeds: per(2000, 9000),
    fertilizers: per(4000, 12000),
    pesticides: per(1500, 7000),
    labor: per(6000, 18000),
    irrigation: per(1000, 6000),
    other: per(500, 2500),
    revenueExpected: Math.round((f.yieldExpected ?? 0) * info.pricePerQuintal),
    revenueActual: null,
  };
}
