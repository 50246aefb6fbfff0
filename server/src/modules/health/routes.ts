/**
 * GET /health: is the app up and its database answering (503 with Retry-After when not). Anyone may ask,
 * so it says only the status and the build. GET /health/details (admins): the database, the brokers and
 * the ingest queue with its rejection counts, which tell an outsider how to hurt the ingest.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeVersionResponse, HealthDetailsResponse, HealthResponse } from '../../../../contracts/health';
import { ADMINS, requireRole } from '../../lib/access';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const check = async () => {
    const database = await app.database
      .ping()
      .then(() => true)
      .catch((err: unknown) => {
        app.log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'database ping failed');
        return false;
      });
    const broker = await app.health.collect();
    const allOk = Object.values(broker).every((c) => c.ok);
    const status = !database ? 'down' : allOk ? 'ok' : 'degraded';
    return { status, database, broker } as const;
  };

  app.get(
    '/health',
    { config: { public: true, rateLimit: false }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_req, reply) => {
      const { status, database } = await check();
      if (!database) reply.code(503).header('retry-after', app.config.retryAfterSeconds);
      return reply.send({ status, version: app.appVersion });
    },
  );

  app.get(
    '/health/details',
    {
      schema: { tags: ['health'], summary: 'Database, brokers and ingest queue (admins)', response: { 200: HealthDetailsResponse, 503: HealthDetailsResponse } },
    },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const { status, database, broker } = await check();
      if (!database) reply.code(503).header('retry-after', app.config.retryAfterSeconds);
      return reply.send({
        status,
        database: { kind: app.database.kind, ok: database },
        broker,
        version: app.appVersion,
        uptime: Math.round(process.uptime()),
      });
    },
  );

  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();
  app.get('/test-updated-code', { config: { public: true }, schema: { tags: ['health'], response: { 200: CodeVersionResponse } } }, async () => ({
    message: 'ShetMitra API is running',
    version: app.appVersion,
    startedAt,
  }));
};

export default routes;
