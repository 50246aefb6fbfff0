/** Analytics & Reports for staff: the analytics of a period, the field status overview and yield trends. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsQuery, AnalyticsResponse, FieldStatusOverview, YieldTrends, YieldTrendsQuery } from '../../../../contracts/analytics';
import { requireRole, STAFF } from '../../lib/access';
import { coordinatorAnalytics, statusOverview, yieldTrends } from './repository';

const tags = ['analytics'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/coordinator/analytics',
    { schema: { tags, querystring: AnalyticsQuery, response: { 200: AnalyticsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const period = req.query.period ?? 'month';
      return { analytics: await coordinatorAnalytics(app.db, req.user!, period), period };
    },
  );

  app.get(
    '/fields/analytics/overview',
    { schema: { tags, response: { 200: FieldStatusOverview } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return { analytics: { byStatus: await statusOverview(app.db, req.user!) } };
    },
  );

  app.get(
    '/fields/analytics/yield-trends',
    { schema: { tags, querystring: YieldTrendsQuery, response: { 200: YieldTrends } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const crops = (req.query.crops ?? '').split(',').map((c) => c.trim()).filter(Boolean);
      return yieldTrends(app.db, req.user!, crops);
    },
  );
};

export default routes;
