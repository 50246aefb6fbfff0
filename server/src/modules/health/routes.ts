/**
 * GET /health: is the app up and its database answering (503 with Retry-After when not). Anyone may ask,
 * so it says only the status and the build. GET /health/details (admins): the database, the brokers and
 * the ingest queue with its rejection counts, which tell an outsider how to hurt the ingest, and the overload
 * limit being hit (plugins/overload.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { CodeVersionResponse, HealthDetailsResponse, HealthResponse } from '../../../../contracts/health';
import { ADMINS, requireRole } from '../../lib/access';
import { createHealthService } from './service';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const health = createHealthService({ database: app.database, health: app.health, log: app.log, version: app.appVersion, overload: () => app.overload.state() });
  const unavailableUnless = (up: boolean, reply: FastifyReply) => {
    if (!up) void reply.code(503).header('retry-after', app.config.retryAfterSeconds);
  };

  app.get(
    '/health',
    { config: { public: true, rateLimit: false }, schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_req, reply) => {
      const { up, body } = await health.summary();
      unavailableUnless(up, reply);
      return reply.send(body);
    },
  );

  app.get(
    '/health/details',
    {
      schema: { tags: ['health'], summary: 'Database, brokers and ingest queue (admins)', response: { 200: HealthDetailsResponse, 503: HealthDetailsResponse } },
    },
    async (req, reply) => {
      requireRole(req.user!, ADMINS);
      const { up, body } = await health.details();
      unavailableUnless(up, reply);
      return reply.send(body);
    },
  );

  app.get('/test-updated-code', { config: { public: true }, schema: { tags: ['health'], response: { 200: CodeVersionResponse } } }, async () => health.codeVersion());
};

export default routes;
