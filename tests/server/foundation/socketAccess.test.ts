/**
 * Sockets stay honest after they are admitted (issue 13, items 5 and 6; docs/security.md 'Live sockets'):
 * - a socket that drops briefly comes back through connection state recovery only while its session and
 *   its field rooms still hold (a logged-out socket is refused; a socket whose field went out of reach
 *   starts afresh, out of that room);
 * - reassigning a farmer, deactivating a person, changing a role and removing a field take the affected
 *   sockets out of the rooms at once (realtime.recheck);
 * - on shutdown the server drops connections without 'io server disconnect', so clients reconnect themselves.
 * Real socket.io-client connections; PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReadingPush } from '../../../contracts/socket';
import { fields, users } from '../../../server/src/db/schema';
import { FIXTURE, connected, createTestApp, type SocketClient, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.closeSockets());
afterAll(async () => {
  await t.close();
});

/** A client that reconnects by itself after a fixed short delay (as the browser's does after a dropped transport). */
const RECONNECTING = { reconnection: true, reconnectionDelay: 400, reconnectionDelayMax: 400, randomizationFactor: 0 };
const client = (token: string, app: TestApp = t) => app.socket(token, RECONNECTING);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const reading = (fieldId: string, value = 22.5): ReadingPush => ({ fieldId, sensorId: 'TST-M-1', type: 'moisture', value, timestamp: new Date().toISOString() });

/** Every reading:new value the socket receives from now on. */
const collect = (s: SocketClient) => {
  const values: number[] = [];
  s.on('reading:new', (r) => values.push(r.value));
  return values;
};
/** Emit readings until `values` holds `value` (proves the push path works), at most 3 s. */
async function deliver(fieldId: string, values: number[], value: number) {
  for (let i = 0; i < 30 && !values.includes(value); i++) {
    t.app.realtime.toField(fieldId).emit('reading:new', reading(fieldId, value));
    await wait(100);
  }
  expect(values).toContain(value);
}
/** The transport drops (as on a flaky network); the client reconnects on its own after 400 ms. */
const dropTransport = (s: SocketClient) => s.io.engine.close();

describe('connection state recovery re-checks the socket', () => {
  it('restores a socket whose session and rooms still hold (the recovery the checks must not break)', async () => {
    const s = await client((await t.login('farmer')).accessToken);
    const values = collect(s);
    await connected(s);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer.id)).toMatchObject({ ok: true });
    await deliver(FIXTURE.fields.farmer.id, values, 1);

    const back = new Promise<void>((resolve) => s.io.once('reconnect', () => resolve()));
    dropTransport(s);
    await wait(50);
    t.app.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', reading(FIXTURE.fields.farmer.id, 2));
    await back;
    await connected(s);
    expect(s.recovered).toBe(true);
    // The reading pushed while it was away is replayed.
    await expect.poll(() => values).toContain(2);
  });

  it('refuses a socket whose session was logged out while it was away, and replays nothing to it', async () => {
    const session = await t.login('farmer');
    const s = await client(session.accessToken);
    const values = collect(s);
    await connected(s);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer.id)).toMatchObject({ ok: true });
    await deliver(FIXTURE.fields.farmer.id, values, 1);

    let recovered = false;
    s.on('connect', () => (recovered ||= s.recovered));
    const refused = new Promise<Error>((resolve) => s.once('connect_error', resolve));
    dropTransport(s);
    await wait(50);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    t.app.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', reading(FIXTURE.fields.farmer.id, 3));

    expect((await refused).message).toBe('unauthorized');
    await wait(300);
    t.app.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', reading(FIXTURE.fields.farmer.id, 4));
    await wait(300);
    expect(recovered).toBe(false);
    expect(s.connected).toBe(false);
    expect(values).toEqual([1]);
  });

  it('starts a socket afresh, outside the room, when its field went out of reach while it was away', async () => {
    const fieldId = FIXTURE.fields.farmer2.id;
    const s = await client((await t.login('coordinator')).accessToken);
    const values = collect(s);
    await connected(s);
    expect(await s.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    await deliver(fieldId, values, 1);

    const back = new Promise<void>((resolve) => s.io.once('reconnect', () => resolve()));
    dropTransport(s);
    await wait(50);
    // Moved to coordinator2 while this coordinator's socket is away (the direct write: no socket to re-check).
    await t.db.update(users).set({ managedBy: FIXTURE.users.coordinator2.id }).where(eq(users.id, FIXTURE.users.farmer2.id));
    t.app.realtime.toField(fieldId).emit('reading:new', reading(fieldId, 2));
    try {
      await back;
      await connected(s);
      expect(s.recovered).toBe(false);
      t.app.realtime.toField(fieldId).emit('reading:new', reading(fieldId, 3));
      await wait(300);
      expect(values).toEqual([1]);
      expect(await s.emitWithAck('field:watch', fieldId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    } finally {
      await t.db.update(users).set({ managedBy: FIXTURE.users.coordinator.id }).where(eq(users.id, FIXTURE.users.farmer2.id));
    }
  });
});

describe('rooms follow access changes at once', () => {
  const admin = async () => (await t.login('admin')).accessToken;

  it('reassigning a farmer takes the old coordinator out of their fields\' rooms', async () => {
    const fieldId = FIXTURE.fields.farmer2.id;
    const coord = await client((await t.login('coordinator')).accessToken);
    const adm = await client(await admin());
    const coordValues = collect(coord);
    const adminValues = collect(adm);
    await Promise.all([connected(coord), connected(adm)]);
    expect(await coord.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    expect(await adm.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    await deliver(fieldId, coordValues, 1);

    const token = await admin();
    const move = (to: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${FIXTURE.users.farmer2.id}/assign-coordinator`, headers: t.auth(token), payload: { coordinatorId: to } });
    try {
      expect((await move(FIXTURE.users.coordinator2.id)).statusCode).toBe(200);
      // The answer comes after the rooms were left: the very next push does not reach the old coordinator.
      await deliver(fieldId, adminValues, 2);
      expect(coordValues).toEqual([1]);
      expect(coord.connected).toBe(true);
      expect(await coord.emitWithAck('field:watch', fieldId)).toEqual({ ok: false, code: 'NOT_FOUND' });
      // The new coordinator may watch it.
      const coord2 = await client((await t.login('coordinator2')).accessToken);
      await connected(coord2);
      expect(await coord2.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    } finally {
      expect((await move(FIXTURE.users.coordinator.id)).statusCode).toBe(200);
    }
  });

  it('deactivating a farmer closes every socket of theirs', async () => {
    const farmer = await client((await t.login('farmer4')).accessToken);
    await connected(farmer);
    const dropped = new Promise<string>((resolve) => farmer.once('disconnect', resolve));
    const token = await admin();
    try {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/farmer/${FIXTURE.users.farmer4.id}/deactivate`, headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      await t.db.update(users).set({ status: 'Active' }).where(eq(users.id, FIXTURE.users.farmer4.id));
    }
  });

  it('a role change closes the user\'s sockets (they come back with the rooms of the new role)', async () => {
    const s = await client((await t.login('coordinator2')).accessToken);
    await connected(s);
    const dropped = new Promise<string>((resolve) => s.once('disconnect', resolve));
    await t.db.update(users).set({ role: 'farmer' }).where(eq(users.id, FIXTURE.users.coordinator2.id));
    try {
      await t.app.realtime.recheck({ users: [FIXTURE.users.coordinator2.id] });
      expect(await dropped).toBe('io server disconnect');
    } finally {
      await t.db.update(users).set({ role: 'coordinator' }).where(eq(users.id, FIXTURE.users.coordinator2.id));
    }
  });

  it('a field that leaves the owner\'s reach (removed, or given to someone else) is left by its watchers', async () => {
    const fieldId = FIXTURE.fields.farmer3.id;
    const s = await client((await t.login('farmer3')).accessToken);
    const values = collect(s);
    await connected(s);
    expect(await s.emitWithAck('field:watch', fieldId)).toMatchObject({ ok: true });
    await deliver(fieldId, values, 1);
    await t.db.update(fields).set({ farmerId: FIXTURE.users.farmer4.id }).where(eq(fields.id, fieldId));
    try {
      await t.app.realtime.recheck({ fields: [fieldId] });
      t.app.realtime.toField(fieldId).emit('reading:new', reading(fieldId, 2));
      await wait(300);
      expect(values).toEqual([1]);
      expect(s.connected).toBe(true);
    } finally {
      await t.db.update(fields).set({ farmerId: FIXTURE.users.farmer3.id }).where(eq(fields.id, fieldId));
    }
  });
});

describe('shutdown', () => {
  it('drops connections without a server-initiated disconnect, so clients reconnect by themselves', async () => {
    const other = await createTestApp();
    try {
      const s = await client((await other.login('farmer')).accessToken, other);
      await connected(s);
      const reason = new Promise<string>((resolve) => s.once('disconnect', resolve));
      await other.app.close();
      // 'io server disconnect' would have left the client offline (socket.io-client does not reconnect after it).
      expect(await reason).toBe('transport close');
      expect(s.active).toBe(true);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe('when the re-check itself fails', () => {
  it('closes the concerned sockets instead of failing the request (they come back through the checks)', async () => {
    const s = await client((await t.login('coordinator')).accessToken);
    await connected(s);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer2.id)).toMatchObject({ ok: true });
    const dropped = new Promise<string>((resolve) => s.once('disconnect', resolve));
    const realIn = t.app.io.in.bind(t.app.io);
    // As if another instance did not answer fetchSockets in time.
    const spy = vi.spyOn(t.app.io, 'in').mockImplementation((room) => {
      const op = realIn(room);
      return Object.assign(Object.create(Object.getPrototypeOf(op)), op, { fetchSockets: () => Promise.reject(new Error('timeout reached')) });
    });
    try {
      const token = (await t.login('admin')).accessToken;
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/farmer/${FIXTURE.users.farmer2.id}/assign-coordinator`,
        headers: t.auth(token),
        payload: { coordinatorId: FIXTURE.users.coordinator.id },
      });
      expect(res.statusCode).toBe(200);
      expect(await dropped).toBe('io server disconnect');
    } finally {
      spy.mockRestore();
    }
  });
});
