import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { CAN_CREATE, type Role } from '../../../server/src/lib/access';
import { FIXTURE, createTestApp, type FixtureUser, type TestApp } from '../helper';

let t: TestApp;
const tokens: Partial<Record<FixtureUser, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['superadmin', 'admin', 'coordinator', 'farmer'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(() => t.close());

let n = 0;
const register = (who: FixtureUser, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: t.auth(tokens[who]!), payload: body });
const person = (role: string, extra: Record<string, unknown> = {}) => ({
  name: `Test ${role} ${++n}`,
  email: `new-${role}-${n}@test.shetmitra.in`,
  password: 'Kheti-Pani9',
  phoneNumber: '9876543210',
  role,
  ...extra,
});

describe('POST /auth/register role matrix', () => {
  const creators = ['superadmin', 'admin', 'coordinator', 'farmer'] as const;
  const targets = ['superadmin', 'admin', 'coordinator', 'farmer'] as const;
  for (const creator of creators) {
    for (const target of targets) {
      const allowed = CAN_CREATE[creator as Role].includes(target);
      it(`${creator} ${allowed ? 'may' : 'may not'} create ${target}`, async () => {
        const extra = target === 'farmer' && creator !== 'coordinator' ? { managedBy: FIXTURE.users.coordinator2.id } : {};
        const body = person(target, extra);
        const res = await register(creator, body);
        if (target === 'superadmin') {
          // Nobody creates superadmins through the API: the schema does not even accept the role.
          expect(res.statusCode).toBe(400);
        } else if (allowed) {
          expect(res.statusCode).toBe(201);
          expect(res.json().user).toMatchObject({ email: body.email, role: target, status: 'Active' });
          expect(res.json()).not.toHaveProperty('accessToken');
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        const rows = await t.db.select().from(users).where(eq(users.email, body.email));
        expect(rows).toHaveLength(res.statusCode === 201 ? 1 : 0);
      });
    }
  }
});

describe('POST /auth/register rules', () => {
  it('makes a coordinator the manager of the farmers they create, whatever managedBy says', async () => {
    const res = await register('coordinator', person('farmer', { managedBy: FIXTURE.users.coordinator2.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.managedBy).toBe(FIXTURE.users.coordinator.id);
  });

  it('lets an admin assign a farmer to a coordinator, but only to an active coordinator', async () => {
    const ok = await register('admin', person('farmer', { managedBy: FIXTURE.users.coordinator.id }));
    expect(ok.json().user.managedBy).toBe(FIXTURE.users.coordinator.id);
    const notCoordinator = await register('admin', person('farmer', { managedBy: FIXTURE.users.farmer.id }));
    expect(notCoordinator.statusCode).toBe(400);
    expect(notCoordinator.json().message.english).toBe('Please select a coordinator for the farmer.');
    const nonFarmer = await register('admin', person('coordinator', { managedBy: FIXTURE.users.coordinator.id }));
    expect(nonFarmer.statusCode).toBe(400);
  });

  it('answers a taken e-mail (any case) with a translated 409', async () => {
    const res = await register('admin', person('coordinator', { email: FIXTURE.users.farmer.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: { english: 'A user with this email already exists.' } });
    expect(res.json().message.marathi.length).toBeGreaterThan(5);
  });

  it('requires a password of at least 8 characters, and valid phone and pincode', async () => {
    const short = await register('admin', person('coordinator', { password: 'Short1' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toMatchObject({ field: 'password', rule: 'tooShort' });
    expect((await register('admin', person('coordinator', { phoneNumber: '12345' }))).statusCode).toBe(400);
    expect((await register('admin', person('coordinator', { pincode: '4110' }))).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: person('farmer') });
    expect(res.statusCode).toBe(401);
  });

  it('lets the new account sign in', async () => {
    const body = person('coordinator');
    expect((await register('superadmin', body)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: body.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.preferredLanguage).toBe('english');
  });

  it("starts a farmer added without a language in Marathi, the product's language", async () => {
    const body = person('farmer', { managedBy: FIXTURE.users.coordinator.id });
    const res = await register('admin', body);
    expect(res.statusCode, res.body).toBe(201);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: body.email, password: body.password } });
    expect(login.json().user.preferredLanguage).toBe('marathi');
  });
});

describe('GET /auth/profile', () => {
  it('returns the user (no hash) and the fields the caller may see', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(tokens.farmer!) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['fields', 'user']);
    expect(body.user._id).toBe(FIXTURE.users.farmer.id);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user.notificationPreferences).toEqual({ email: true, sms: true, push: true, alerts: true, reports: true });
    expect(body.fields.map((f: { _id: string }) => f._id)).toEqual([FIXTURE.fields.farmer.id]);
    expect(body.fields[0]).toMatchObject({
      fieldId: 'FLD000001AAA',
      status: 'alert',
      lastSensorData: { moisture: 21, temperature: 29 },
      location: { coordinates: { lat: expect.any(Number), lng: expect.any(Number) } },
    });
  });

  it("gives a coordinator their farmers' fields only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(tokens.coordinator!) });
    const ids = res.json().fields.map((f: { _id: string }) => f._id).sort();
    expect(ids).toEqual([FIXTURE.fields.farmer.id, FIXTURE.fields.farmer2.id].sort());
  });
});

describe('POST /auth/register password policy (the same as change and reset)', () => {
  it.each([
    ['Ab1', 'tooShort'],
    ['alllowercase1', 'weak'],
    ['Password1', 'common'],
    ['Welcome123', 'common'],
    ['Qwerty123', 'common'],
  ])('refuses %j with the rule %s named in three languages', async (password, rule) => {
    const body = person('coordinator', { password });
    const res = await register('admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', details: { field: 'password', rule } });
    expect(res.json().message.marathi).toMatch(/पासवर्ड/);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('refuses the new person\'s own e-mail or name in the password', async () => {
    const byEmail = await register('admin', person('coordinator', { email: 'kavita.deshmukh@test.shetmitra.in', password: 'Kavita.Deshmukh9' }));
    expect(byEmail.json()).toMatchObject({ details: { rule: 'personal' } });
    const byName = await register('coordinator', person('farmer', { name: 'Dattatray Gore', password: 'dattatray-Farm9' }));
    expect(byName.json()).toMatchObject({ details: { rule: 'personal' } });
  });
});

describe('db:create-superadmin password policy', () => {
  it('refuses a common password before touching the database', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync('node_modules/.bin/tsx', ['server/src/cli/createSuperadmin.ts', '--email', 'owner@example.org', '--name', 'Owner Name'], {
      env: { ...process.env, SHETMITRA_PASSWORD: 'Welcome123', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', APP_SECRET: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/too common/);
  });
});
