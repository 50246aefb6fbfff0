/** socket.io: token-checked handshake, role rooms, and field:watch guarded by lib/access.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, ReadingPush } from '../../../contracts/socket';
import { FIXTURE, createTestApp, type TestApp } from '../helper';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

const client = (token?: string) => {
  const s: Client = connect(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  open.push(s);
  return s;
};
const connected = (s: Client) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.on('connect', () => resolve());
    s.on('connect_error', reject);
  });
const nextEvent = <E extends keyof ServerToClientEvents>(s: Client, event: E, ms = 2000) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    s.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });

const reading = (fieldId: string): ReadingPush => ({ fieldId, sensorId: 'TST-M-1', type: 'moisture', value: 22.5, timestamp: new Date().toISOString() });

describe('socket.io', () => {
  it('refuses a connection without a valid token', async () => {
    for (const token of [undefined, 'garbage', 'a.b.c']) {
      const err = await new Promise<Error>((resolve) => client(token).on('connect_error', resolve));
      expect(err.message).toBe('unauthorized');
    }
  });

  it('lets a farmer watch their own field (by UUID or fieldId) and refuses forged joins', async () => {
    const { accessToken } = await t.login('farmer');
    const s = client(accessToken);
    await connected(s);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer.fieldId)).toEqual({ ok: true, fieldId: FIXTURE.fields.farmer.id });
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer3.id)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await s.emitWithAck('field:watch', 'x'.repeat(500))).toEqual({ ok: false, code: 'BAD_REQUEST' });

    const got = nextEvent(s, 'reading:new');
    t.app.realtime.toField(FIXTURE.fields.farmer3.id).emit('reading:new', reading(FIXTURE.fields.farmer3.id));
    t.app.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', reading(FIXTURE.fields.farmer.id));
    // Only the push for the field it may see arrives.
    expect((await got).fieldId).toBe(FIXTURE.fields.farmer.id);

    await s.emitWithAck('field:unwatch', FIXTURE.fields.farmer.id);
    const none = nextEvent(s, 'reading:new', 300);
    t.app.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', reading(FIXTURE.fields.farmer.id));
    await expect(none).rejects.toThrow('no reading:new');
  });

  it('lets a coordinator watch their farmers\' fields only', async () => {
    const s = client((await t.login('coordinator')).accessToken);
    await connected(s);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer2.id)).toEqual({ ok: true, fieldId: FIXTURE.fields.farmer2.id });
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer4.fieldId)).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('puts sockets in user, coordinator and admin rooms', async () => {
    const coord = client((await t.login('coordinator')).accessToken);
    const adm = client((await t.login('admin')).accessToken);
    const farmer = client((await t.login('farmer2')).accessToken);
    await Promise.all([connected(coord), connected(adm), connected(farmer)]);
    const message = { _id: FIXTURE.users.admin.id, subject: 's', message: 'm', senderName: null, createdAt: new Date().toISOString() };
    const toCoord = nextEvent(coord, 'message:new');
    t.app.realtime.toCoordinator(FIXTURE.users.coordinator.id).emit('message:new', message);
    expect((await toCoord).subject).toBe('s');
    const toAdmins = nextEvent(adm, 'message:new');
    const notFarmer = nextEvent(farmer, 'message:new', 300);
    t.app.realtime.toAdmins().emit('message:new', message);
    await toAdmins;
    await expect(notFarmer).rejects.toThrow();
    const toUser = nextEvent(farmer, 'message:new');
    t.app.realtime.toUser(FIXTURE.users.farmer2.id).emit('message:new', message);
    await toUser;
  });

  it('drops the sockets of a session at logout', async () => {
    const session = await t.login('farmer4');
    const s = client(session.accessToken);
    await connected(s);
    const dropped = new Promise<string>((resolve) => s.on('disconnect', resolve));
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(await dropped).toBe('io server disconnect');
    const again = await new Promise<Error>((resolve) => client(session.accessToken).on('connect_error', resolve));
    expect(again.message).toBe('unauthorized');
  });
});
