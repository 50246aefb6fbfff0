/**
 * Advanced Analytics for staff: one field (within the caller's reach) over 7 days to a year. Role and reach are
 * checked on every request (the reach through the cached field lookup, as the timelines); the answer itself is kept
 * per field and range for ADVANCED_ANALYTICS_CACHE_SECONDS, serialised (./cache.ts says how old it may be).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { AdvancedAnalyticsQuery, AdvancedAnalyticsResponse } from '../../../../contracts/advancedAnalytics';
import { fieldIdFor, requireRole, STAFF } from '../../lib/access';
import { chooseWeather } from '../../providers/weather/index';
import { analyticsKey, createAnalyticsCache } from './cache';
import { advancedAnalytics } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const weather = chooseWeather(app.config, app.log);
  const answers = createAnalyticsCache({
    maxAgeMs: Math.max(0, app.config.advancedAnalyticsCacheSeconds ?? 5) * 1000,
    onError: (err) => app.log.warn({ err }, 'advanced analytics refresh failed'),
  });
  app.addHook('onClose', async () => answers.stop());
  app.get(
    '/advanced-analytics',
    { schema: { tags: ['analytics'], querystring: AdvancedAnalyticsQuery, response: { 200: AdvancedAnalyticsResponse, ...errors } } },
    async (req, reply) => {
      requireRole(req.user!, STAFF);
      const range = req.query.range ?? '7d';
      const id = await fieldIdFor(app.db, app.fieldAccess, req.user!, req.query.fieldId);
      // Serialised by this route's own response schema, as an object answer would be; a JSON string is then sent
      // unchanged (fastify skips the serialiser), so a kept answer costs no serialisation.
      const json = await answers.get(analyticsKey(id, range), async () => reply.serialize({ analytics: await advancedAnalytics(app.db, id, range, weather, new Date()) }) as string);
      // (typed as the schema's object; fastify sends a JSON string unchanged)
      return reply.type('application/json; charset=utf-8').send(json as unknown as AdvancedAnalyticsResponse);
    },
  );
};

export default routes;
