/**
 * List totals and stat cards reuse their counts while the counted tables are unchanged (lib/countCache.ts,
 * list_versions raised by statement triggers, migration 0003), and are never behind a committed write.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alerts, fields, listVersions, users } from '../../../server/src/db/schema';
import { buildApp } from '../../../server/src/app';
import { FIXTURE, createTestApp, testConfig, type FixtureUser, type TestApp } from '../helper';

let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'coordinator', 'coordinator2'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

const get = async (who: FixtureUser, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: t.auth(tokens[who]!) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const total = async (who: FixtureUser, url: string) => (await get(who, url)).pagination.total as number;
const version = async (name: string) => (await t.db.select().from(listVersions).where(eq(listVersions.name, name)))[0].version;
const register = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: t.auth(tokens.admin!), payload: { password: 'Kheti-Pani9', ...body } });

describe('count reuse', () => {
  it('reuses a total while nothing it counts was written, and recounts after a write', async () => {
    const before = await total('admin', '/admin/farmers');
    // A farmer written with the version trigger switched off: the cached total must not see it (reuse is real)…
    await t.db.execute(sql`alter table users disable trigger users_list_version`);
    try {
      await t.db.insert(users).values({ name: 'Hidden Farmer', email: 'hidden@test.shetmitra.in', passwordHash: 'x', role: 'farmer' });
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_list_version`);
    }
    expect(await total('admin', '/admin/farmers')).toBe(before);
    // …and any counted write afterwards brings the total up to date, both farmers included.
    expect((await register({ name: 'Visible Farmer', email: 'visible@test.shetmitra.in', role: 'farmer', managedBy: FIXTURE.users.coordinator.id })).statusCode).toBe(201);
    expect(await total('admin', '/admin/farmers')).toBe(before + 2);
  });

  it('a field’s last reading does not raise a version; a health change, a move, a rename or a sign-in does', async () => {
    const f0 = await version('fields');
    await t.db.update(fields).set({ lastMoisture: 12, lastReadingAt: new Date() }).where(eq(fields.id, FIXTURE.fields.farmer2.id));
    expect(await version('fields')).toBe(f0);
    await t.db.update(fields).set({ health: 'warning' }).where(eq(fields.id, FIXTURE.fields.farmer2.id));
    expect(await version('fields')).toBe(f0 + 1);
    await t.db.update(fields).set({ lat: 19.1, lng: 75.2 }).where(eq(fields.id, FIXTURE.fields.farmer2.id));
    expect(await version('fields')).toBe(f0 + 2);
    const u0 = await version('users');
    await t.db.update(users).set({ name: 'Sita S. Shinde' }).where(eq(users.id, FIXTURE.users.farmer2.id));
    expect(await version('users')).toBe(u0 + 1);
    // A farmer row shows the last sign-in, so a kept page must not outlive one.
    await t.login('farmer');
    expect(await version('users')).toBe(u0 + 2);
  });
});

describe('kept pages', () => {
  const farmerRow = async (who: FixtureUser, url: string, id: string) =>
    (await get(who, url)).farmers.find((f: { _id: string }) => f._id === id) as Record<string, unknown> | undefined;
  const fieldRow = async (who: FixtureUser, url: string, id: string) =>
    (await get(who, url)).fields.find((f: { _id: string }) => f._id === id) as Record<string, unknown> | undefined;

  it('a page is reused while nothing it shows was written, and read again after a write', async () => {
    const url = '/admin/farmers?limit=100';
    const id = FIXTURE.users.farmer3.id;
    const first = await farmerRow('admin', url, id);
    expect(first).toBeDefined();
    // A rename written with the version trigger switched off: the kept page must not see it (reuse is real)…
    await t.db.execute(sql`alter table users disable trigger users_list_version`);
    try {
      await t.db.update(users).set({ village: 'Hiddenwadi' }).where(eq(users.id, id));
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_list_version`);
    }
    expect((await farmerRow('admin', url, id))?.village).toBe(first!.village);
    // …and any write to a user afterwards, even a district, shows both changes.
    await t.db.update(users).set({ district: 'Satara' }).where(eq(users.id, id));
    expect(await farmerRow('admin', url, id)).toMatchObject({ village: 'Hiddenwadi', district: 'Satara' });
  });

  it('a farmer row follows a sign-in, a new field and an alert; a coordinator row follows a rename', async () => {
    const url = '/coordinator/managed-farmers?limit=10';
    const id = FIXTURE.users.farmer.id;
    const before = await farmerRow('coordinator', url, id);
    await t.login('farmer');
    const signedIn = await farmerRow('coordinator', url, id);
    expect(signedIn!.lastActive).not.toBe(before!.lastActive);
    await t.db.insert(fields).values({ fieldId: 'FLD123456KPT', name: 'Kept plot', farmerId: id });
    expect((await farmerRow('coordinator', url, id))!.fieldCount).toBe((before!.fieldCount as number) + 1);

    const coordinators = async () =>
      (await get('admin', '/admin/coordinators')).coordinators.find((c: { _id: string }) => c._id === FIXTURE.users.coordinator2.id);
    expect((await coordinators()).name).not.toBe('Renamed Coordinator');
    await t.db.update(users).set({ name: 'Renamed Coordinator' }).where(eq(users.id, FIXTURE.users.coordinator2.id));
    expect((await coordinators()).name).toBe('Renamed Coordinator');
  });

  it('an empty page is kept too, and a match written later shows at once', async () => {
    const url = '/admin/farmers?search=newcomer';
    expect(await get('admin', url)).toMatchObject({ farmers: [], pagination: { total: 0 } });
    expect(await get('admin', '/admin/fields?search=newcomer')).toMatchObject({ fields: [], pagination: { total: 0 } });
    expect((await register({ name: 'Newcomer Farmer', email: 'newcomer@test.shetmitra.in', role: 'farmer', managedBy: FIXTURE.users.coordinator.id })).statusCode).toBe(201);
    expect(await get('admin', url)).toMatchObject({ farmers: [{ name: 'Newcomer Farmer' }], pagination: { total: 1 } });
    const [farmer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'newcomer@test.shetmitra.in'));
    await t.db.insert(fields).values({ fieldId: 'FLD654321NEW', name: 'North plot', farmerId: farmer.id });
    expect(await get('admin', '/admin/fields?search=newcomer')).toMatchObject({ fields: [{ fieldId: 'FLD654321NEW' }], pagination: { total: 1 } });
  });

  it('a kept field page shows each field’s latest reading, and a moved field’s new position', async () => {
    const url = '/admin/fields?limit=100';
    const id = FIXTURE.fields.farmer.id;
    await fieldRow('admin', url, id);
    const at = new Date('2026-11-20T06:30:00Z');
    await t.db.update(fields).set({ lastMoisture: 17.5, lastTemperature: 31, lastReadingAt: at }).where(eq(fields.id, id));
    expect(await fieldRow('admin', url, id)).toMatchObject({ lastSensorUpdate: at.toISOString(), lastSensorData: { moisture: 17.5, temperature: 31 } });
    await t.db.update(fields).set({ lat: 18.52, lng: 73.86 }).where(eq(fields.id, id));
    expect(await fieldRow('admin', url, id)).toMatchObject({ lat: 18.52, lng: 73.86, lastSensorData: { moisture: 17.5 } });
    // The coordinator's overview is a page of its own, just as fresh.
    await t.db.update(fields).set({ lastMoisture: 44 }).where(eq(fields.id, id));
    expect(await fieldRow('coordinator', '/coordinator/field-overview?limit=10', id)).toMatchObject({ lastSensorData: { moisture: 44 } });
    expect(await fieldRow('admin', url, id)).toMatchObject({ lastSensorData: { moisture: 44 } });
  });
});

describe('totals follow every kind of write', () => {
  it('status filters, reassignment, new fields, alerts and the stat cards', async () => {
    const inactive = await total('admin', '/admin/farmers?status=inactive');
    const active2 = await total('coordinator2', '/coordinator/managed-farmers?status=active');
    await t.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, FIXTURE.users.farmer3.id));
    expect(await total('admin', '/admin/farmers?status=inactive')).toBe(inactive + 1);
    expect(await total('coordinator2', '/coordinator/managed-farmers?status=active')).toBe(active2 - 1);

    // Reassigning a farmer moves them, and their fields, from one coordinator's totals to the other's.
    const mine = await total('coordinator', '/coordinator/managed-farmers');
    const myFields = await total('coordinator', '/coordinator/field-overview');
    const theirFields = await total('coordinator2', '/coordinator/field-overview');
    await t.db.update(users).set({ managedBy: FIXTURE.users.coordinator.id }).where(eq(users.id, FIXTURE.users.farmer4.id));
    expect(await total('coordinator', '/coordinator/managed-farmers')).toBe(mine + 1);
    expect(await total('coordinator', '/coordinator/field-overview')).toBe(myFields + 1);
    expect(await total('coordinator2', '/coordinator/field-overview')).toBe(theirFields - 1);

    const allFields = await total('admin', '/admin/fields');
    const overview = await get('admin', '/admin/overview');
    await t.db.insert(fields).values({ fieldId: 'FLD999999ZZZ', name: 'Fresh plot', farmerId: FIXTURE.users.farmer.id });
    expect(await total('admin', '/admin/fields')).toBe(allFields + 1);
    expect((await get('admin', '/admin/overview')).totalFields).toBe(overview.totalFields + 1);

    // An alert raised for a farmer shows in the 'alert' filter and in both stat cards at once.
    const alerting = await total('coordinator', '/coordinator/managed-farmers?status=alert');
    const stats = (await get('coordinator', '/coordinator/dashboard-stats')).stats;
    await t.db.insert(alerts).values({
      fieldId: FIXTURE.fields.farmer2.id,
      farmerId: FIXTURE.users.farmer2.id,
      type: 'moisture',
      severity: 'critical',
      message: 'Low moisture',
      value: 10,
      threshold: 25,
    });
    expect(await total('coordinator', '/coordinator/managed-farmers?status=alert')).toBe(alerting + 1);
    expect((await get('coordinator', '/coordinator/dashboard-stats')).stats.alertsThisWeek).toBe(stats.alertsThisWeek + 1);
    expect((await get('admin', '/admin/overview')).recentAlerts).toBe(overview.recentAlerts + 1);
  });

  it('each coordinator’s farmer count follows assignments and a page beyond the end keeps its total', async () => {
    const counts = async () =>
      new Map<string, number>(
        (await get('admin', '/admin/coordinators')).coordinators.map((c: { _id: string; farmerCount: number }) => [c._id, c.farmerCount]),
      );
    const [one, two] = [FIXTURE.users.coordinator.id, FIXTURE.users.coordinator2.id];
    const before = await counts();
    const moving = (await t.db.select({ id: users.id }).from(users).where(eq(users.managedBy, two)))[0].id;
    await t.db.update(users).set({ managedBy: one }).where(eq(users.id, moving));
    const after = await counts();
    expect(after.get(one)).toBe((before.get(one) ?? 0) + 1);
    expect(after.get(two) ?? 0).toBe((before.get(two) ?? 0) - 1);
    // The grouped count is one figure per coordinator, the same as counting their farmers directly.
    const direct = await t.db.select({ id: users.id }).from(users).where(eq(users.managedBy, one));
    expect(after.get(one)).toBe(direct.length);

    // An empty page (past the end) carries no versions with its rows; its total is still right.
    const all = await total('admin', '/admin/farmers');
    expect(await total('admin', '/admin/farmers?page=999&limit=10')).toBe(all);
  });

  it('another app instance on the same database sees the same totals at once', async () => {
    // A second app process in miniature: its own count cache, the same database (closing it leaves the database open).
    const other = await buildApp(testConfig(), { database: t.database });
    try {
      const there = async () => (await other.inject({ method: 'GET', url: '/api/v1/admin/farmers', headers: t.auth(tokens.admin!) })).json().pagination.total;
      const n = await there();
      expect((await register({ name: 'Across Farmer', email: 'across@test.shetmitra.in', role: 'farmer', managedBy: FIXTURE.users.coordinator.id })).statusCode).toBe(201);
      expect(await there()).toBe(n + 1);
    } finally {
      await other.close();
    }
  });
});
