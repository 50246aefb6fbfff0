/**
 * Changing a person's access (issue 19): a superadmin changes a staff member's role (admin ↔ coordinator), an
 * administrator resets someone's two-factor sign-in. Each writes exactly one audit entry with before/after (never
 * the secret), ends the person's sessions, and every refusal is a translated 4xx that writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, backupCodes, twoFactor, users } from '../../../server/src/db/schema';
import type { AuditPage } from '../../../contracts/audit';
import { createTestApp, FIXTURE, FIXTURE_PASSWORD, type FixtureUser, type TestApp } from '../helper';

const U = FIXTURE.users;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const as = async (who: FixtureUser) => t.auth((await t.login(who)).accessToken);
const entries = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0].n;
const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;
const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers });
const changeRole = (id: string, role: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}/role`, headers, payload: { role } });
const resetTwoFactor = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${id}/two-factor/reset`, headers });

async function newestEntry(action: string) {
  const [e] = await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(sql`${auditLog.createdAt} desc`).limit(1);
  return e;
}

/** A second superadmin (same password as the fixture's), signed in. */
async function secondSuperadmin() {
  const [su] = await t.db.select().from(users).where(eq(users.id, U.superadmin.id));
  const [row] = await t.db
    .insert(users)
    .values({ name: 'Second Super', email: 'super2@test.shetmitra.in', phoneNumber: '9800000002', role: 'superadmin', passwordHash: su.passwordHash })
    .onConflictDoUpdate({ target: users.email, set: { role: 'superadmin', status: 'Active' } })
    .returning({ id: users.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'super2@test.shetmitra.in', password: FIXTURE_PASSWORD }, remoteAddress: '10.77.0.2' });
  expect(res.statusCode, res.body).toBe(200);
  return { id: row.id, headers: t.auth(res.json().accessToken) };
}

describe('role changes (superadmins)', () => {
  it('a coordinator becomes admin: one entry, their farmers unassigned, their sessions end, and they sign in as admin', async () => {
    const coord = await as('coordinator2');
    const managed = await t.db.select({ id: users.id }).from(users).where(eq(users.managedBy, U.coordinator2.id));
    expect(managed.length).toBeGreaterThan(0);
    const before = await entries();
    const res = await changeRole(U.coordinator2.id, 'admin', await as('superadmin'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, ended: 1, message: { marathi: expect.stringContaining('भूमिका') } });
    expect(await entries()).toBe(before + 1);
    const e = await newestEntry('user.role');
    expect(e).toMatchObject({ actorId: U.superadmin.id, actorRole: 'superadmin', targetType: 'user', targetId: U.coordinator2.id });
    expect(e.changes).toEqual({
      role: { before: 'coordinator', after: 'admin' },
      farmersManaged: { before: managed.length, after: 0 },
      sessionsEnded: { before: null, after: 1 },
    });
    expect(await roleOf(U.coordinator2.id)).toBe('admin');
    expect((await t.db.select({ id: users.id }).from(users).where(eq(users.managedBy, U.coordinator2.id))).length).toBe(0);
    expect((await profile(coord)).statusCode).toBe(401);
    const again = await as('coordinator2');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/farmers', headers: again })).statusCode).toBe(200);
  });

  it('and back to coordinator', async () => {
    const res = await changeRole(U.coordinator2.id, 'coordinator', await as('superadmin'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await newestEntry('user.role')).changes).toMatchObject({ role: { before: 'admin', after: 'coordinator' } });
    expect(await roleOf(U.coordinator2.id)).toBe('coordinator');
  });

  it.each([
    ['an admin', 'admin', U.coordinator.id, 'admin', 403, 'FORBIDDEN'],
    ['a coordinator', 'coordinator', U.coordinator2.id, 'admin', 403, 'FORBIDDEN'],
    ['their own role', 'superadmin', U.superadmin.id, 'admin', 400, 'OWN_ROLE'],
    ["a farmer's role", 'superadmin', U.farmer.id, 'coordinator', 400, 'FARMER_ROLE'],
    ['the role they have', 'superadmin', U.admin.id, 'admin', 400, 'SAME_ROLE'],
    ['to superadmin', 'superadmin', U.admin.id, 'superadmin', 400, undefined],
    ['an unknown role', 'superadmin', U.admin.id, 'owner', 400, undefined],
    ['nobody', 'superadmin', '00000000-0000-4000-8000-000000009999', 'admin', 404, 'NOT_FOUND'],
    ['not an id', 'superadmin', 'abc', 'admin', 400, 'VALIDATION_ERROR'],
  ] as const)('refuses %s with a translated 4xx and writes nothing', async (_what, who, id, role, status, code) => {
    const before = await entries();
    const res = await changeRole(id, role, await as(who as FixtureUser));
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    if (code) expect(body.code).toBe(code);
    expect(body.message.marathi).toEqual(expect.any(String));
    expect(body.message.hindi).toEqual(expect.any(String));
    expect(await entries()).toBe(before);
  });

  it('two superadmins demoting each other at once: one wins, one superadmin is always left', async () => {
    const other = await secondSuperadmin();
    const me = await as('superadmin');
    const [a, b] = await Promise.all([changeRole(other.id, 'admin', me), changeRole(U.superadmin.id, 'admin', other.headers)]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const loser = a.statusCode === 200 ? b : a;
    expect([401, 403, 409]).toContain(loser.statusCode);
    const supers = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin'));
    expect(supers).toHaveLength(1);
    // Put the fixture back: the fixture's superadmin stays superadmin for the tests below.
    await t.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, U.superadmin.id));
    await t.db.update(users).set({ role: 'admin', status: 'Inactive' }).where(eq(users.id, other.id));
  });

  it('the sign-in dialog offers the roles a superadmin may give, and none to an admin', async () => {
    const su = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${U.coordinator.id}/sign-in`, headers: await as('superadmin') });
    expect(su.json()).toMatchObject({ roleChoices: ['admin'], twoFactor: false });
    const ad = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${U.coordinator.id}/sign-in`, headers: await as('admin') });
    expect(ad.json().roleChoices).toEqual([]);
    const farmer = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${U.farmer.id}/sign-in`, headers: await as('superadmin') });
    expect(farmer.json().roleChoices).toEqual([]);
  });
});

describe('two-factor resets', () => {
  const turnOn = async (userId: string) => {
    await t.db.insert(twoFactor).values({ userId, secret: 'v1:sealed-test-secret', enabled: true, enabledAt: new Date() }).onConflictDoNothing();
    await t.db.insert(backupCodes).values([{ userId, codeHash: `hash-a-${userId}` }, { userId, codeHash: `hash-b-${userId}` }]);
  };

  it("an admin resets a farmer's two-factor: secret and backup codes gone, sessions ended, one entry without the secret", async () => {
    const farmer = await as('farmer');
    await turnOn(U.farmer.id);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${U.farmer.id}/sign-in`, headers: await as('admin') });
    expect(seen.json().twoFactor).toBe(true);
    const before = await entries();
    const res = await resetTwoFactor(U.farmer.id, await as('admin'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: { hindi: expect.stringContaining('रीसेट') } });
    expect(res.json().ended).toBeGreaterThanOrEqual(1);
    expect(await entries()).toBe(before + 1);
    const e = await newestEntry('twoFactor.reset');
    expect(e).toMatchObject({ actorId: U.admin.id, actorRole: 'admin', targetId: U.farmer.id });
    expect(e.changes).toEqual({ twoFactorEnabled: { before: true, after: false }, sessionsEnded: { before: null, after: res.json().ended } });
    expect(JSON.stringify(e.changes)).not.toMatch(/sealed-test-secret|hash-a/);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, U.farmer.id))).toHaveLength(0);
    expect(await t.db.select().from(backupCodes).where(eq(backupCodes.userId, U.farmer.id))).toHaveLength(0);
    expect((await profile(farmer)).statusCode).toBe(401);
    // The farmer signs in with the password alone now.
    const login = await t.login('farmer');
    expect(login.accessToken).toEqual(expect.any(String));
  });

  it('a superadmin resets an admin’s; the admin does not see that entry, the superadmin does', async () => {
    const superadmin = await as('superadmin');
    await turnOn(U.admin.id);
    const res = await resetTwoFactor(U.admin.id, superadmin);
    expect(res.statusCode, res.body).toBe(200);
    const q = '/api/v1/audit?action=twoFactor.reset';
    const adminView = (await t.app.inject({ method: 'GET', url: q, headers: await as('admin') })).json() as AuditPage;
    const superView = (await t.app.inject({ method: 'GET', url: q, headers: await as('superadmin') })).json() as AuditPage;
    expect(adminView.entries.map((e) => e.target.id)).toEqual([U.farmer.id]);
    expect(superView.entries.map((e) => e.target.id).sort()).toEqual([U.admin.id, U.farmer.id].sort());
  });

  it.each([
    ['nothing to reset', 'admin', U.farmer2.id, 400, 'TWO_FACTOR_OFF'],
    ['their own', 'admin', U.admin.id, 400, 'OWN_TWO_FACTOR'],
    ["a superadmin's, by an admin", 'admin', U.superadmin.id, 404, 'NOT_FOUND'],
    ['by a coordinator', 'coordinator', U.farmer.id, 403, 'FORBIDDEN'],
    ['by a farmer', 'farmer', U.farmer2.id, 403, 'FORBIDDEN'],
  ] as const)('refuses %s with a translated 4xx and writes nothing', async (_what, who, id, status, code) => {
    const headers = await as(who as FixtureUser);
    if (id === U.admin.id) await turnOn(U.admin.id);
    const before = await entries();
    const res = await resetTwoFactor(id, headers);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, message: { marathi: expect.any(String), hindi: expect.any(String) } });
    expect(await entries()).toBe(before);
    await t.db.delete(twoFactor).where(eq(twoFactor.userId, U.admin.id));
  });
});
