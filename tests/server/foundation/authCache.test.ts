/**
 * The in-memory cache of verified sessions and field lookups (lib/accessCache.ts): it serves repeat
 * requests without the database, yet a revocation, deactivation or reassignment takes effect on the very
 * next request, and a change made by another process reaches this one through NOTIFY.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../../server/src/db/schema';
import { ACCESS_CHANNEL } from '../../../server/src/lib/accessCache';
import { createTestApp, type TestApp } from '../helper';

let t: TestApp;
// A long TTL: anything that ends access within this test can only be the invalidation, not the clock.
beforeAll(async () => (t = await createTestApp({ config: { authCacheSeconds: 60 } })));
afterAll(() => t.close());

const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(token) });
const series = (token: string, fieldId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/sensor-data/24h?fieldId=${fieldId}`, headers: t.auth(token) });

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe('verified-session cache', () => {
  it('keeps a verified session: a revocation written behind its back is not seen until it is told', async () => {
    const s = await t.login('farmer2');
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    const [{ sessionId }] = await t.db
      .select({ sessionId: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, t.fixture.users.farmer2.id))
      .orderBy(sql`created_at desc`)
      .limit(1);
    // Revoked in SQL without telling anyone: the cached answer still stands (this is what the cache saves).
    await t.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'test' }).where(eq(sessions.id, sessionId));
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    // Another process announces the change with NOTIFY, as accessChanged does: this one drops the entry.
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ sessions: [sessionId] })})`);
    expect(await eventually(async () => (await profile(s.accessToken)).statusCode === 401)).toBe(true);
  });

  it('a logout ends the session on the next request', async () => {
    const s = await t.login('farmer');
    expect((await profile(s.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: s.refreshToken }, headers: t.auth(s.accessToken) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await profile(s.accessToken)).statusCode).toBe(401);
  });

  it('deactivating a farmer ends their cached sessions on the next request', async () => {
    const admin = await t.login('admin');
    const s = await t.login('farmer4');
    expect((await series(s.accessToken, t.fixture.fields.farmer4.fieldId)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${t.fixture.users.farmer4.id}/deactivate`, headers: t.auth(admin.accessToken) });
    expect(res.statusCode).toBe(200);
    expect((await series(s.accessToken, t.fixture.fields.farmer4.fieldId)).statusCode).toBe(401);
  });

  it('a profile edit shows in the next request (the cached session carries the name)', async () => {
    const s = await t.login('coordinator2');
    expect((await t.app.auth.principal(s.accessToken))?.name).not.toBe('Meena J. Jadhav');
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/profile', payload: { name: 'Meena J. Jadhav' }, headers: t.auth(s.accessToken) });
    expect(patch.statusCode).toBe(200);
    expect((await t.app.auth.principal(s.accessToken))?.name).toBe('Meena J. Jadhav');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the LISTEN connection (PostgreSQL)', () => {
  const latestSession = async (userId: string) =>
    (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(sql`created_at desc`).limit(1))[0].id;
  const dropListener = () =>
    t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
  /** The connections of this database that have run the access channel's LISTEN and wait (the app's listener). */
  const listeners = async () =>
    (
      await t.db.execute<{ pid: number }>(sql`select pid from pg_stat_activity
        where datname = current_database() and query = ${`listen "${ACCESS_CHANNEL}"`} and state = 'idle'`)
    ).rows.map((r) => r.pid);

  it('a dropped listener clears the caches (notifications may have been missed), comes back and hears again', async () => {
    const a = await t.login('coordinator');
    expect((await profile(a.accessToken)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, await latestSession(t.fixture.users.coordinator.id)));
    expect((await profile(a.accessToken)).statusCode).toBe(200);
    const before = await listeners();
    expect(before).toHaveLength(1);
    await dropListener();
    expect(await eventually(async () => (await profile(a.accessToken)).statusCode === 401)).toBe(true);

    // Reconnected (it tries every second): a new listener, and a notification reaches this process again.
    const b = await t.login('farmer3');
    expect(await eventually(async () => (await listeners()).some((pid) => !before.includes(pid)), 10_000)).toBe(true);
    expect((await profile(b.accessToken)).statusCode).toBe(200);
    const sid = await latestSession(t.fixture.users.farmer3.id);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect((await profile(b.accessToken)).statusCode).toBe(200);
    await t.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify({ sessions: [sid] })})`);
    expect(await eventually(async () => (await profile(b.accessToken)).statusCode === 401)).toBe(true);
  }, 30_000);
});

describe('field lookup cache', () => {
  it('a coordinator loses a reassigned farmer’s field on the next request', async () => {
    const admin = await t.login('admin');
    const c1 = await t.login('coordinator');
    const c2 = await t.login('coordinator2');
    const field = t.fixture.fields.farmer2.fieldId;
    expect((await series(c1.accessToken, field)).statusCode).toBe(200);
    expect((await series(c1.accessToken, field)).statusCode).toBe(200);
    expect((await series(c2.accessToken, field)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/farmer/${t.fixture.users.farmer2.id}/assign-coordinator`,
      payload: { coordinatorId: t.fixture.users.coordinator2.id },
      headers: t.auth(admin.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect((await series(c1.accessToken, field)).statusCode).toBe(404);
    expect((await series(c2.accessToken, field)).statusCode).toBe(200);
  });
});
