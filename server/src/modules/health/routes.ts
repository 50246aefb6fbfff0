/** GET /health: is the database answering, and how are the brokers doing. 503 when the database is down. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeVersionResponse, HealthResponse } from '../../contracts/health';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_req, reply) => {
      const database = await app.database
        .ping()
        .then(() => true)
        .catch((err: unknown) => {
          app.log.error({ err }, 'database ping failed');
          return false;
        });
      const broker = await app.health.collect();
      const allOk = Object.values(broker).every((c) => c.ok);
      const body = {
        status: !database ? 'down' : allOk ? 'ok' : 'degraded',
        database: { kind: app.database.kind, ok: database },
        broker,
        version: app.appVersion,
        uptime: Math.round(process.uptime()),
      } as const;
      return reply.code(database ? 200 : 503).send(body);
    },
  );

  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();
  app.get('/test-updated-code', { schema: { tags: ['health'], response: { 200: CodeVersionResponse } } }, async () => ({
    message: 'ShetMitra API is running',
    version: app.appVersion,
    startedAt,
  }));
};

export default routes;
