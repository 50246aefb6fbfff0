/**
 * createTestApp(): a built app on its own fresh database holding the fixed fixture
 * (every id, e-mail and the shared password are documented in tests/server/fixture.ts and re-exported
 * here as FIXTURE / FIXTURE_PASSWORD).
 *
 *   const t = await createTestApp();
 *   const { accessToken } = await t.login('coordinator');
 *   const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: t.auth(accessToken) });
 *   const socket = await t.connectAs(accessToken);   // a connected socket.io client, closed by t.close()
 *   afterAll(() => t.close());
 *
 * PGlite by default (loaded from the template dump); with TEST_DATABASE_URL a throwaway PostgreSQL database
 * copied from the template, dropped on close (tests/server/support/templates.ts).
 */
import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import type { LoginResponse } from '../../contracts/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/socket';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { databaseCopy } from './support/templates';
import { FIXTURE, FIXTURE_PASSWORD, type FixtureUser } from './fixture';

export { FIXTURE, FIXTURE_PASSWORD, type FixtureUser };

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Capture log lines (set config.logLevel too; tests are silent by default). */
  logStream?: { write(line: string): void };
  /** Extra routes for a test (registered under /api/v1/test before the app is ready). */
  routes?: FastifyPluginAsyncTypebox;
  /** Told about every route of the app as it is registered (the route-walk tests). */
  onRoute?: (route: RouteOptions) => void;
};

/** The config tests run with: no demo world, no simulator, quiet logs, generous rate limits. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig({
    demo: false,
    simulate: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    staticDir: '/nonexistent-static-dir',
    jwtSecret: undefined,
    // Fixed, so a test never writes DATA_DIR/app-secret; tests of the key itself override it.
    appSecret: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    databaseUrl: undefined,
    redisUrl: undefined,
    mqttEnabled: false,
    offlineSweepSeconds: 0,
    rateLimitPerMinute: 10_000,
    authRateLimitPerMinute: 10_000,
    // A busy shared machine lags its event loop now and then; the overload tests set their own limits.
    overloadMaxEventLoopDelayMs: 0,
    // Likewise a test's burst of parallel requests on a loaded machine is not overload.
    overloadMaxLatencyMs: 0,
    overloadMaxDbWaitMs: 0,
    overloadMaxInFlight: 0,
    ...overrides,
  });
}

/** A socket.io client typed with the app's event maps. */
export type SocketClient = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketClientOptions = Partial<ManagerOptions & SocketOptions>;

/**
 * A socket.io client on `url` signed in with `token` (none: anonymous), not yet connected. Defaults: websocket
 * only, its own connection, no reconnection (a test that wants reconnection passes its delays).
 */
export function openSocket(url: string, token?: string, options: SocketClientOptions = {}): SocketClient {
  return io(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true, ...options });
}

/** Resolves when `s` is connected; rejects with the handshake's error (e.g. a refused token). */
export function connected(s: SocketClient): Promise<SocketClient> {
  return new Promise((resolve, reject) => {
    if (s.connected) return resolve(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** `openSocket` and wait until it is connected. */
export function connectSocket(url: string, token: string, options: SocketClientOptions = {}): Promise<SocketClient> {
  return connected(openSocket(url, token, options));
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const { database, drop } = await databaseCopy('fixture');
  const config = testConfig(opts.config);
  const app = await buildApp(config, { database, logStream: opts.logStream, onRoute: opts.onRoute });
  if (opts.routes) await app.register(opts.routes, { prefix: '/api/v1/test' });
  await app.ready();

  let ip = 0;
  const login = async (who: FixtureUser, password = FIXTURE_PASSWORD): Promise<LoginResponse> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: FIXTURE.users[who].email, password },
      // A fresh address per sign-in keeps the per-IP failure throttle out of unrelated tests.
      remoteAddress: `10.99.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
    if (res.statusCode !== 200) throw new Error(`login(${who}) answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  let listening: Promise<string> | undefined;
  /** The app's address: it starts listening on a free port the first time it is asked for. */
  const url = () => (listening ??= app.listen({ host: '127.0.0.1', port: 0 }));
  const sockets: SocketClient[] = [];
  /** A socket on this app (not yet connected), closed by `closeSockets()` or `close()`. */
  const socket = async (token?: string, options?: SocketClientOptions) => {
    const s = openSocket(await url(), token, options);
    sockets.push(s);
    return s;
  };
  const closeSockets = () => {
    for (const s of sockets.splice(0)) s.close();
  };

  return {
    app,
    url,
    socket,
    /** A socket on this app signed in with `token`, once connected (rejects if the handshake is refused). */
    connectAs: async (token: string, options?: SocketClientOptions) => connected(await socket(token, options)),
    closeSockets,
    db: database.db,
    database,
    config,
    fixture: FIXTURE,
    login,
    auth: (accessToken: string) => ({ authorization: `Bearer ${accessToken}` }),
    async close() {
      closeSockets();
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
