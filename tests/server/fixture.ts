/**
 * The small fixed world every server test file starts from (written once into the template database
 * by globalSetup.ts). Every account's password is FIXTURE_PASSWORD.
 *
 *   superadmin  superadmin@test.shetmitra.in   …0001
 *   admin       admin@test.shetmitra.in        …0002
 *   coordinator coordinator@test.shetmitra.in  …0011  manages farmer (…0021) and farmer2 (…0022)
 *   coordinator2 coordinator2@test.shetmitra.in …0012 manages farmer3 (…0023) and farmer4 (…0024)
 *   farmer, farmer2, farmer3, farmer4          farmer@test.shetmitra.in, farmer2@…, farmer3@…, farmer4@…
 *   inactive    inactive@test.shetmitra.in     …0029  an Inactive farmer of coordinator
 *
 * Each of the four active farmers owns one field (…0031‥…0034, fieldId FLD000001AAA‥FLD000004AAA) with a
 * moisture sensor (…0041‥…0044) and a temperature sensor (…0051‥…0054), six readings per sensor at
 * 30-minute steps ending one hour before the fixture was written, and an open low-moisture alert on
 * the fields of farmer (…0061, unacknowledged) and farmer3 (…0063, acknowledged).
 */
import { hashPassword } from '../../server/src/lib/passwords';
import type { Db } from '../../server/src/db/client';
import { alerts, fields, sensorReadings, sensors, users } from '../../server/src/db/schema';

export const FIXTURE_PASSWORD = 'Fixture@2026';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const FIXTURE = {
  users: {
    superadmin: { id: id(1), email: 'superadmin@test.shetmitra.in', role: 'superadmin', managedBy: null },
    admin: { id: id(2), email: 'admin@test.shetmitra.in', role: 'admin', managedBy: null },
    coordinator: { id: id(11), email: 'coordinator@test.shetmitra.in', role: 'coordinator', managedBy: null },
    coordinator2: { id: id(12), email: 'coordinator2@test.shetmitra.in', role: 'coordinator', managedBy: null },
    farmer: { id: id(21), email: 'farmer@test.shetmitra.in', role: 'farmer', managedBy: id(11) },
    farmer2: { id: id(22), email: 'farmer2@test.shetmitra.in', role: 'farmer', managedBy: id(11) },
    farmer3: { id: id(23), email: 'farmer3@test.shetmitra.in', role: 'farmer', managedBy: id(12) },
    farmer4: { id: id(24), email: 'farmer4@test.shetmitra.in', role: 'farmer', managedBy: id(12) },
    inactive: { id: id(29), email: 'inactive@test.shetmitra.in', role: 'farmer', managedBy: id(11) },
  },
  /** Field of each farmer: fields.farmer is farmer's field, and so on. */
  fields: {
    farmer: { id: id(31), fieldId: 'FLD000001AAA', moistureSensor: id(41), temperatureSensor: id(51) },
    farmer2: { id: id(32), fieldId: 'FLD000002AAA', moistureSensor: id(42), temperatureSensor: id(52) },
    farmer3: { id: id(33), fieldId: 'FLD000003AAA', moistureSensor: id(43), temperatureSensor: id(53) },
    farmer4: { id: id(34), fieldId: 'FLD000004AAA', moistureSensor: id(44), temperatureSensor: id(54) },
  },
  alerts: { farmer: id(61), farmer3: id(63) },
} as const;

export type FixtureUser = keyof typeof FIXTURE.users;
type FieldOwner = keyof typeof FIXTURE.fields;

const names: Record<FixtureUser, string> = {
  superadmin: 'Super Admin',
  admin: 'Asha Admin',
  coordinator: 'Sunil Pawar',
  coordinator2: 'Meena Jadhav',
  farmer: 'Ramesh Patil',
  farmer2: 'Sita Shinde',
  farmer3: 'Ganesh More',
  farmer4: 'Lata Kale',
  inactive: 'Vilas Gaikwad',
};

export async function writeFixture(db: Db) {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  const people = Object.entries(FIXTURE.users) as [FixtureUser, (typeof FIXTURE.users)[FixtureUser]][];
  // Coordinators before their farmers (managedBy references users).
  await db.insert(users).values(
    people.map(([key, u]) => ({
      id: u.id,
      name: names[key],
      email: u.email,
      passwordHash,
      role: u.role,
      managedBy: u.managedBy,
      status: key === 'inactive' ? ('Inactive' as const) : ('Active' as const),
      district: 'Pune',
      state: 'Maharashtra',
    })),
  );
  const owners = Object.entries(FIXTURE.fields) as [FieldOwner, (typeof FIXTURE.fields)[FieldOwner]][];
  const end = Math.floor((Date.now() - 3_600_000) / 1_800_000) * 1_800_000;
  await db.insert(fields).values(
    owners.map(([owner, f], i) => ({
      id: f.id,
      fieldId: f.fieldId,
      name: `${names[owner]} plot`,
      farmerId: FIXTURE.users[owner].id,
      lat: 18.52 + i * 0.01,
      lng: 73.85 + i * 0.01,
      district: 'Pune',
      addressState: 'Maharashtra',
      cropName: 'soybean',
      cropStatus: 'growing' as const,
      areaValue: 2 + i,
      health: owner === 'farmer' || owner === 'farmer3' ? ('alert' as const) : ('good' as const),
      lastMoisture: owner === 'farmer' || owner === 'farmer3' ? 21 : 40,
      lastTemperature: 29,
      lastReadingAt: new Date(end),
    })),
  );
  await db.insert(sensors).values(
    owners.flatMap(([, f], i) => [
      { id: f.moistureSensor, sensorId: `TST-M-${i + 1}`, fieldId: f.id, type: 'moisture' as const },
      { id: f.temperatureSensor, sensorId: `TST-T-${i + 1}`, fieldId: f.id, type: 'temperature' as const },
    ]),
  );
  await db.insert(sensorReadings).values(
    owners.flatMap(([owner, f]) =>
      Array.from({ length: 6 }, (_, k) => {
        const recordedAt = new Date(end - (5 - k) * 1_800_000);
        const dry = owner === 'farmer' || owner === 'farmer3';
        return [
          { sensorId: f.moistureSensor, fieldId: f.id, type: 'moisture' as const, value: (dry ? 26 : 41) - k, recordedAt },
          { sensorId: f.temperatureSensor, fieldId: f.id, type: 'temperature' as const, value: 27 + k * 0.5, recordedAt },
        ];
      }).flat(),
    ),
  );
  await db.insert(alerts).values([
    {
      id: FIXTURE.alerts.farmer,
      fieldId: FIXTURE.fields.farmer.id,
      farmerId: FIXTURE.users.farmer.id,
      sensorId: FIXTURE.fields.farmer.moistureSensor,
      type: 'moisture',
      severity: 'critical',
      message: 'Soil moisture is low (21%). Irrigate the field.',
      messageKey: 'alert.moisture.low',
      messageParams: { value: 21, threshold: 25 },
      value: 21,
      threshold: 25,
    },
    {
      id: FIXTURE.alerts.farmer3,
      fieldId: FIXTURE.fields.farmer3.id,
      farmerId: FIXTURE.users.farmer3.id,
      sensorId: FIXTURE.fields.farmer3.moistureSensor,
      type: 'moisture',
      severity: 'critical',
      status: 'active_ack',
      message: 'Soil moisture is low (21%). Irrigate the field.',
      messageKey: 'alert.moisture.low',
      messageParams: { value: 21, threshold: 25 },
      value: 21,
      threshold: 25,
      acknowledgedBy: FIXTURE.users.admin.id,
      acknowledgedAt: new Date(end),
    },
  ]);
}
