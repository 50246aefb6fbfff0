/** socket.io: token-checked handshake, role rooms, and field:watch guarded by lib/access.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToClientEvents, ReadingPush } from '../../../contracts/socket';
import { FIXTURE, createTestApp, type SocketClient, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nextEvent = <E extends keyof ServerToClientEvents>(s: SocketClient, event: E, ms = 2000) =>
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
      const err = await new Promise<Error>((resolve) => void t.socket(token).then((s) => s.on('connect_error', resolve)));
      expect(err.message).toBe('unauthorized');
    }
  });

  it('lets a farmer watch their own field (by UUID or fieldId) and refuses forged joins', async () => {
    const { accessToken } = await t.login('farmer');
    const s = await t.connectAs(accessToken);
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
    const s = await t.connectAs((await t.login('coordinator')).accessToken);
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer2.id)).toEqual({ ok: true, fieldId: FIXTURE.fields.farmer2.id });
    expect(await s.emitWithAck('field:watch', FIXTURE.fields.farmer4.fieldId)).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('puts sockets in user, coordinator and admin rooms', async () => {
    const coord = await t.connectAs((await t.login('coordinator')).accessToken);
    const adm = await t.connectAs((await t.login('admin')).accessToken);
    const farmer = await t.connectAs((await t.login('farmer2')).accessToken);
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
    const s = await t.connectAs(session.accessToken);
    const dropped = new Promise<string>((resolve) => s.on('disconnect', resolve));
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(await dropped).toBe('io server disconnect');
    const again = await new Promise<Error>((resolve) => void t.socket(session.accessToken).then((s) => s.on('connect_error', resolve)));
    expect(again.message).toBe('unauthorized');
  });
});
