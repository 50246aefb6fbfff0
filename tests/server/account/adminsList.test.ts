/**
 * GET /admin/admins (issue 19): superadmins see the administrators, so one can be made a coordinator from the UI
 * (PATCH /admin/users/:id/role, its rules in accessChanges.test.ts). Only superadmins; bad queries are a
 * translated 400; after a role change the lists answer the new roles at once (no stale cached page).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminList, CoordinatorList } from '../../../contracts/people';
import { createTestApp, FIXTURE, type FixtureUser, type TestApp } from '../helper';

const U = FIXTURE.users;
let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
async function as(who: FixtureUser) {
  tokens[who] ??= (await t.login(who)).accessToken;
  return t.auth(tokens[who]!);
}
const admins = async (who: FixtureUser | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/admins${query}`, headers: who ? await as(who) : {} });
const coordinators = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/admin/coordinators', headers: await as('superadmin') })).json() as CoordinatorList;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /admin/admins', () => {
  it('a superadmin sees the admins and superadmins, by name, with their role', async () => {
    const res = await admins('superadmin');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminList;
    expect(body.admins.map((a) => [a._id, a.role])).toEqual([
      [U.admin.id, 'admin'],
      [U.superadmin.id, 'superadmin'],
    ]);
    expect(body.admins[0]).toMatchObject({ name: 'Asha Admin', email: U.admin.email, status: 'Active' });
    expect(body.pagination).toMatchObject({ page: 1, total: 2, totalPages: 1 });
  });

  it('searches by name or e-mail', async () => {
    const body = (await admins('superadmin', '?search=asha')).json() as AdminList;
    expect(body.admins.map((a) => a._id)).toEqual([U.admin.id]);
  });

  it.each([
    [null, 401],
    ['admin', 403],
    ['coordinator', 403],
    ['farmer', 403],
  ] as const)('%s: %i', async (who, status) => {
    const res = await admins(who);
    expect(res.statusCode).toBe(status);
    expect(res.json().message.marathi).toBeTruthy();
  });

  it.each(['?limit=0', '?limit=101', '?page=0', '?page=abc', '?sort=name', `?search=${'x'.repeat(101)}`])('bad query %s: a translated 400', async (q) => {
    const res = await admins('superadmin', q);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.hindi).toBeTruthy();
  });

  it('making the admin a coordinator: one audit entry; both lists answer the new role at once', async () => {
    expect((await coordinators()).coordinators.map((c) => c._id)).not.toContain(U.admin.id); // cached page read first
    const before = (await t.db.execute(sql`select count(*)::int as n from audit_log where action = 'user.role'`)).rows[0] as { n: number };
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${U.admin.id}/role`, headers: await as('superadmin'), payload: { role: 'coordinator' } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await t.db.execute(sql`select changes from audit_log where action = 'user.role' and target_id = ${U.admin.id}`)).rows as { changes: object }[];
    expect(entries).toHaveLength(before.n + 1);
    expect(entries.at(-1)!.changes).toMatchObject({ role: { before: 'admin', after: 'coordinator' } });
    expect(((await admins('superadmin')).json() as AdminList).admins.map((a) => a._id)).toEqual([U.superadmin.id]);
    expect((await coordinators()).coordinators.map((c) => c._id)).toContain(U.admin.id);
  });

  it('a superadmin cannot change their own role from the list (the role route refuses, translated)', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${U.superadmin.id}/role`, headers: await as('superadmin'), payload: { role: 'coordinator' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.marathi).toBeTruthy();
  });
});
