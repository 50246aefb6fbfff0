/**
 * buildApp: plugins first (errors, database, security, docs, auth, realtime, static), then every
 * route module under /api/v1. Nothing listens here; server.ts does that.
 */
import { existsSync, readFileSync } from 'node:fs';
import Fastify, { type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database } from './db/client';
import dbPlugin from './plugins/db';
import requestTimeoutPlugin from './plugins/requestTimeout';
import errorsPlugin from './plugins/errors';
import healthPlugin from './plugins/health';
import metricsPlugin from './plugins/metrics';
import overloadPlugin from './plugins/overload';
import healthHistoryPlugin from './plugins/healthHistory';
import secretsPlugin from './plugins/secrets';
import inputGuardPlugin from './plugins/inputGuard';
import securityPlugin from './plugins/security';
import openapiPlugin from './plugins/openapi';
import authPlugin, { signInUnlessPublic } from './plugins/auth';
import ioPlugin from './plugins/io';
import livePlugin from './plugins/live';
import notificationsPlugin from './plugins/notifications';
import idempotencyPlugin from './plugins/idempotency';
import staticPlugin from './plugins/static';
import compressPlugin from './plugins/compress';
import { modules } from './modules';
import { seedDemoIfEmpty } from './seed/demo';
import { typeboxValidator } from './lib/validator';
import { cachedSerializers } from './lib/serializer';
import { serializeError } from './lib/logErrors';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    appVersion: string;
  }
}

export type AppDeps = {
  /** An already migrated database (tests); otherwise the config's database is opened and migrated. */
  database?: Database;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: DestinationStream;
  /** Told about every route as it is registered (the fuzz bench walks them all). */
  onRoute?: (route: RouteOptions) => void;
};

/** The package version, found from this file upward (works from the sources and from the bundle). */
function packageVersion(): string {
  for (let dir = new URL('.', import.meta.url); dir.pathname !== '/'; dir = new URL('..', dir)) {
    const candidate = new URL('package.json', dir);
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8')).version;
  }
  return '0.0.0';
}
const version = packageVersion();

/** Never write credentials to the log. */
const redact = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    '*.password',
    '*.currentPassword',
    '*.newPassword',
    '*.refreshToken',
    '*.accessToken',
    '*.token',
    'handshake.auth',
  ],
  censor: '[redacted]',
};

export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    // serializeError: a failed query logs its SQLSTATE and message, never its parameters.
    logger: { level: config.logLevel, redact, serializers: { err: serializeError, error: serializeError }, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // The first start opens the embedded database and runs every migration: on a slow or busy machine that
    // takes longer than Fastify's default of 10 s per plugin.
    pluginTimeout: 120_000,
    // Node's limit is the longest any route allows (uploads); plugins/requestTimeout.ts holds the others to theirs.
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploadTimeoutMs),
    routerOptions: { maxParamLength: 200 },
    // Response serializers compiled once per schema and process (lib/serializer.ts).
    schemaController: { compilersFactory: { buildSerializer: cachedSerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox checks bodies as sent (no type coercion, unknown properties refused where schemas close objects);
  // querystrings and params are converted from strings first.
  app.setValidatorCompiler(typeboxValidator);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorate('config', config);
  app.decorate('appVersion', version);

  await app.register(errorsPlugin);
  await app.register(requestTimeoutPlugin);
  await app.register(inputGuardPlugin);
  await app.register(healthPlugin);
  // Operations (docs/operations.md): /metrics and the latency histogram, then shedding load with 503 + Retry-After.
  await app.register(metricsPlugin, { config });
  await app.register(overloadPlugin, { config });
  await app.register(dbPlugin, { config, database: deps.database });
  await app.register(secretsPlugin, { config });
  if (config.demo) {
    const t0 = Date.now();
    if (await seedDemoIfEmpty(app.db)) app.log.info({ ms: Date.now() - t0 }, 'demo world written');
  }
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { version });
  await app.register(authPlugin, { config });
  await app.register(ioPlugin, { config });
  await app.register(livePlugin, { config });
  await app.register(notificationsPlugin, { config });
  await app.register(healthHistoryPlugin, { config });
  // Before the routes: it hooks every route that says `config: { idempotent: … }` (offline writes, issue 17).
  await app.register(idempotencyPlugin, {
    days: config.idempotencyDays,
    holdMs: (req) => (req.routeOptions.config.upload ? config.uploadTimeoutMs : config.requestTimeoutMs),
  });

  await app.register(
    async (api) => {
      // Signed in by default: a route is open to strangers only with `config: { public: true }`.
      api.addHook('onRequest', signInUnlessPublic(app));
      await api.register(compressPlugin);
      for (const mod of modules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );

  await app.register(staticPlugin, { staticDir: config.staticDir, config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
