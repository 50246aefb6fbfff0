/**
 * buildApp: plugins first (errors, database, security, docs, auth, realtime, static), then every
 * route module under /api/v1. Nothing listens here; server.ts does that.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database } from './db/client';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import healthPlugin from './plugins/health';
import securityPlugin from './plugins/security';
import openapiPlugin from './plugins/openapi';
import authPlugin from './plugins/auth';
import ioPlugin from './plugins/io';
import staticPlugin from './plugins/static';
import { modules } from './modules';
import { seedDemoIfEmpty } from './seed/demo';
import { typeboxValidator } from './lib/validator';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    appVersion: string;
  }
}

export type AppDeps = {
  /** An already migrated database (tests); otherwise the config's database is opened and migrated. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
};

const version: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

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
    logger: deps.logger ?? { level: config.logLevel, redact },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox checks bodies as sent (no type coercion, unknown properties refused where schemas close objects);
  // querystrings and params are converted from strings first.
  app.setValidatorCompiler(typeboxValidator);
  app.decorate('config', config);
  app.decorate('appVersion', version);

  await app.register(errorsPlugin);
  await app.register(healthPlugin);
  await app.register(dbPlugin, { config, database: deps.database });
  if (config.demo) {
    const t0 = Date.now();
    if (await seedDemoIfEmpty(app.db)) app.log.info({ ms: Date.now() - t0 }, 'demo world written');
  }
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin, { version });
  await app.register(authPlugin, { config });
  await app.register(ioPlugin, { config });

  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod);
    },
    { prefix: '/api/v1' },
  );

  await app.register(staticPlugin, { staticDir: config.staticDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
