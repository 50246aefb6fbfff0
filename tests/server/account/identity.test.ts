/**
 * Changing the sign-in identity (issue 13 item 8) and an administrator ending someone's sessions (issue 13, Low):
 * the e-mail and phone need the current password, end the other sessions and tell the old address; the
 * answer never says whether another account holds an address; ending sessions is for admins within reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { loginHistory, sessions, users } from '../../../server/src/db/schema';
import { FIXTURE, FIXTURE_PASSWORD, createTestApp, type TestApp } from '../helper';
import { api, lastOutbox } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const liveSessions = (userId: string) =>
  t.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', payload: { refreshToken } });

describe('changing the e-mail or phone number', () => {
  it('is refused without the current password, or with a wrong one, and changes nothing', async () => {
    const { accessToken } = await t.login('farmer');
    const none = await api(t, 'PATCH', '/auth/profile', accessToken, { email: 'new.farmer@example.in' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', details: { fields: [{ field: 'currentPassword' }] } });
    expect(none.json().message.marathi).toMatch(/पासवर्ड/);
    const bad = await api(t, 'PATCH', '/auth/profile', accessToken, { email: 'new.farmer@example.in', currentPassword: 'Not-the-password1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('WRONG_PASSWORD');
    const phone = await api(t, 'PATCH', '/auth/profile', accessToken, { phoneNumber: '9000000001' });
    expect(phone.json().code).toBe('PASSWORD_REQUIRED');
    const [row] = await t.db.select().from(users).where(eq(users.id, FIXTURE.users.farmer.id));
    expect(row.email).toBe(FIXTURE.users.farmer.email);
    // Other fields, and the same e-mail sent back unchanged, need no password.
    expect((await api(t, 'PATCH', '/auth/profile', accessToken, { name: 'Ramesh', email: FIXTURE.users.farmer.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('with the password: changes, ends the other sessions (not this one) and mails the old address', async () => {
    const other = await t.login('farmer2');
    const mine = await t.login('farmer2');
    const res = await api(t, 'PATCH', '/auth/profile', mine.accessToken, { email: 'Farmer2.New@Example.in', currentPassword: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('farmer2.new@example.in');
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/auth/profile', other.accessToken)).statusCode).toBe(401);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(200);
    const notice = await lastOutbox(t, FIXTURE.users.farmer2.email);
    expect(notice).toBeDefined();
    expect(notice.body).toContain('f•••@example.in');
    expect(notice.body).toMatch(/साइन आउट/);
  });

  it('a phone change with the password ends the other sessions and tells the e-mail address', async () => {
    const other = await t.login('farmer3');
    const mine = await t.login('farmer3');
    const res = await api(t, 'PATCH', '/auth/profile', mine.accessToken, { phoneNumber: '9811122233', currentPassword: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await lastOutbox(t, FIXTURE.users.farmer3.email)).body).toContain('2233');
  });

  it("answers another account's e-mail like any unusable address (no 409, no 'exists')", async () => {
    const { accessToken } = await t.login('farmer4');
    const taken = await api(t, 'PATCH', '/auth/profile', accessToken, { email: FIXTURE.users.admin.email, currentPassword: FIXTURE_PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('EMAIL_UNAVAILABLE');
    expect(JSON.stringify(taken.json())).not.toMatch(/exist|taken|already/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, FIXTURE.users.farmer4.id));
    expect(row.email).toBe(FIXTURE.users.farmer4.email);
    // A handful of addresses an hour, then a wait: no bulk probing even with the password.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await api(t, 'PATCH', '/auth/profile', accessToken, { email: `probe${i}@example.in`, currentPassword: FIXTURE_PASSWORD })).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
  });
});

describe('POST /admin/users/:id/sessions/end', () => {
  it('an admin ends every session of a farmer, recorded with the admin in the login history', async () => {
    const a = await t.login('coordinator');
    const b = await t.login('coordinator');
    const admin = await t.login('admin');
    const res = await api(t, 'POST', `/admin/users/${FIXTURE.users.coordinator.id}/sessions/end`, admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, ended: expect.any(Number) });
    expect(await liveSessions(FIXTURE.users.coordinator.id)).toHaveLength(0);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await api(t, 'GET', '/auth/profile', b.accessToken)).statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.userId, FIXTURE.users.coordinator.id), eq(loginHistory.status, 'sessions_ended')));
    expect(entry.actorId).toBe(FIXTURE.users.admin.id);
    // The admin's own session is untouched.
    expect((await api(t, 'GET', '/auth/profile', admin.accessToken)).statusCode).toBe(200);
  });

  it('a coordinator or farmer cannot; an admin cannot for a superadmin; a superadmin can for an admin', async () => {
    const target = (id: string) => `/admin/users/${id}/sessions/end`;
    const coordinator = (await t.login('coordinator2')).accessToken;
    const farmer = (await t.login('farmer')).accessToken;
    expect((await api(t, 'POST', target(FIXTURE.users.farmer3.id), coordinator)).statusCode).toBe(403);
    expect((await api(t, 'POST', target(FIXTURE.users.farmer2.id), farmer)).statusCode).toBe(403);
    const superSession = await t.login('superadmin');
    const admin = (await t.login('admin')).accessToken;
    expect((await api(t, 'POST', target(FIXTURE.users.superadmin.id), admin)).statusCode).toBe(404);
    expect((await api(t, 'GET', '/auth/profile', superSession.accessToken)).statusCode).toBe(200);
    const adminSession = await t.login('admin');
    expect((await api(t, 'POST', target(FIXTURE.users.admin.id), superSession.accessToken)).statusCode).toBe(200);
    expect((await refresh(adminSession.refreshToken)).statusCode).toBe(401);
  });
});
