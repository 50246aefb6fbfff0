/** Advanced Analytics for staff: one field (within the caller's reach) over 7 days to a year. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { AdvancedAnalyticsQuery, AdvancedAnalyticsResponse } from '../../../../contracts/advancedAnalytics';
import { requireRole, STAFF } from '../../lib/access';
import { chooseWeather } from '../../providers/weather/index';
import { advancedAnalytics } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const weather = chooseWeather(app.config, app.log);
  app.get(
    '/advanced-analytics',
    { schema: { tags: ['analytics'], querystring: AdvancedAnalyticsQuery, response: { 200: AdvancedAnalyticsResponse, ...errors } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return { analytics: await advancedAnalytics(app.db, req.user!, req.query.fieldId, req.query.range ?? '7d', weather, new Date()) };
    },
  );
};

export default routes;
