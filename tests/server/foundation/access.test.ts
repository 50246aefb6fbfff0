/** lib/access.ts against the fixture: who reaches which farmer, field and alert. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, fields, alerts } from '../../../server/src/db/schema';
import {
  alertScope,
  farmerScope,
  fieldScope,
  loadAlertFor,
  loadFarmerFor,
  loadFieldFor,
  requireRole,
  ADMINS,
  type AuthUser,
} from '../../../server/src/lib/access';
import { AppError } from '../../../server/src/lib/errors';
import { FIXTURE, createTestApp, type FixtureUser, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (who: FixtureUser): AuthUser => ({
  id: FIXTURE.users[who].id,
  role: FIXTURE.users[who].role,
  sessionId: FIXTURE.users.admin.id,
  name: who,
  email: FIXTURE.users[who].email,
});
const U = FIXTURE.users;
const F = FIXTURE.fields;

const status = async (p: Promise<unknown>) => p.then(() => 200, (e: AppError) => e.statusCode);

describe('scopes', () => {
  it('admins see every farmer; a coordinator their own; a farmer only themself', async () => {
    const ids = async (who: FixtureUser) => (await t.db.select({ id: users.id }).from(users).where(farmerScope(as(who)))).map((r) => r.id).sort();
    expect(await ids('admin')).toEqual([U.farmer.id, U.farmer2.id, U.farmer3.id, U.farmer4.id, U.inactive.id].sort());
    expect(await ids('coordinator')).toEqual([U.farmer.id, U.farmer2.id, U.inactive.id].sort());
    expect(await ids('coordinator2')).toEqual([U.farmer3.id, U.farmer4.id].sort());
    expect(await ids('farmer')).toEqual([U.farmer.id]);
  });

  it('fields and alerts follow the farmers', async () => {
    const fieldIds = async (who: FixtureUser) => (await t.db.select({ id: fields.id }).from(fields).where(fieldScope(as(who)))).map((r) => r.id).sort();
    expect(await fieldIds('superadmin')).toHaveLength(4);
    expect(await fieldIds('coordinator2')).toEqual([F.farmer3.id, F.farmer4.id].sort());
    expect(await fieldIds('farmer2')).toEqual([F.farmer2.id]);
    const alertIds = async (who: FixtureUser) => (await t.db.select({ id: alerts.id }).from(alerts).where(alertScope(as(who)))).map((r) => r.id);
    expect(await alertIds('coordinator')).toEqual([FIXTURE.alerts.farmer]);
    expect(await alertIds('farmer2')).toEqual([]);
    expect((await alertIds('admin')).sort()).toEqual([FIXTURE.alerts.farmer, FIXTURE.alerts.farmer3].sort());
  });
});

describe('loaders answer 404 outside the caller’s reach', () => {
  it('fields, by UUID or fieldId', async () => {
    expect(await status(loadFieldFor(t.db, as('farmer'), F.farmer.id))).toBe(200);
    expect(await status(loadFieldFor(t.db, as('farmer'), F.farmer.fieldId))).toBe(200);
    expect(await status(loadFieldFor(t.db, as('farmer'), F.farmer2.id))).toBe(404);
    expect(await status(loadFieldFor(t.db, as('coordinator'), F.farmer3.fieldId))).toBe(404);
    expect(await status(loadFieldFor(t.db, as('coordinator2'), F.farmer3.id))).toBe(200);
    expect(await status(loadFieldFor(t.db, as('admin'), F.farmer4.id))).toBe(200);
  });

  it('farmers and alerts, and garbage ids', async () => {
    expect(await status(loadFarmerFor(t.db, as('coordinator'), U.farmer2.id))).toBe(200);
    expect(await status(loadFarmerFor(t.db, as('coordinator'), U.farmer3.id))).toBe(404);
    expect(await status(loadFarmerFor(t.db, as('farmer'), U.farmer2.id))).toBe(404);
    expect(await status(loadFarmerFor(t.db, as('admin'), U.coordinator.id))).toBe(404);
    expect(await status(loadFarmerFor(t.db, as('admin'), 'not-a-uuid'))).toBe(404);
    expect(await status(loadAlertFor(t.db, as('coordinator2'), FIXTURE.alerts.farmer))).toBe(404);
    expect(await status(loadAlertFor(t.db, as('farmer3'), FIXTURE.alerts.farmer3))).toBe(200);
  });

  it('requireRole answers 403', () => {
    expect(() => requireRole(as('coordinator'), ADMINS)).toThrow(AppError);
    expect(() => requireRole(as('admin'), ADMINS)).not.toThrow();
  });
});
