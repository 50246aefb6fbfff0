/**
 * Two app instances sharing pushes through the real Redis (REDIS_URL, default redis://127.0.0.1:6379):
 * a socket on one instance receives what the other emits, and logout on one drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp, type App } from '../../../server/src/app';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contracts/socket';
import type { LoginResponse } from '../../../contracts/auth';
import { FIXTURE, createTestApp, testConfig, type TestApp } from '../helper';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `srv-test-${randomBytes(4).toString('hex')}`;

let a: TestApp;
let b: App;
let client: Socket<ServerToClientEvents, ClientToServerEvents>;
let session: LoginResponse;

beforeAll(async () => {
  a = await createTestApp({ config: { redisUrl, redisPrefix } });
  b = await buildApp(testConfig({ redisUrl, redisPrefix }), { database: a.database });
  await b.ready();
  const url = await a.app.listen({ host: '127.0.0.1', port: 0 });
  session = await a.login('farmer');
  client = connect(url, { transports: ['websocket'], auth: { token: session.accessToken }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    client.on('connect', resolve);
    client.on('connect_error', reject);
  });
});
afterAll(async () => {
  client?.close();
  await b?.close();
  await a?.close();
});

describe('socket.io over Redis', () => {
  it('reports Redis in health', async () => {
    const admin = await a.login('admin');
    const health = (await b.inject({ method: 'GET', url: '/api/v1/health/details', headers: { authorization: `Bearer ${admin.accessToken}` } })).json();
    expect(health.broker.redis).toEqual({ ok: true, kind: 'redis' });
  });

  it('delivers a push emitted by another instance', async () => {
    expect(await client.emitWithAck('field:watch', FIXTURE.fields.farmer.id)).toMatchObject({ ok: true });
    const got = new Promise((resolve) => client.once('reading:new', resolve));
    b.realtime.toField(FIXTURE.fields.farmer.id).emit('reading:new', {
      fieldId: FIXTURE.fields.farmer.id,
      sensorId: 'TST-M-1',
      type: 'moisture',
      value: 19.5,
      timestamp: new Date().toISOString(),
    });
    expect(await got).toMatchObject({ value: 19.5 });
  });

  it('drops the socket when its session ends on another instance', async () => {
    const dropped = new Promise<string>((resolve) => client.on('disconnect', resolve));
    const res = await b.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});
