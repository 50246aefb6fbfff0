/** Analytics & Reports for staff: the analytics of a period, the field status overview and yield trends. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsQuery, AnalyticsResponse, FieldStatusOverview, YieldTrends, YieldTrendsQuery } from '../../../../contracts/analytics';
import { requireRole, STAFF } from '../../lib/access';
import { createStaleCache } from '../../lib/staleCache';
import * as service from './service';

const tags = ['analytics'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const freshMs = Math.max(0, app.config.analyticsCacheSeconds ?? 60) * 1000;
  const water = createStaleCache<{ waterNow: number; waterBefore: number }>({ freshMs, maxStaleMs: 10 * freshMs, onError: (err) => app.log.error(err) });
  app.get(
    '/coordinator/analytics',
    { schema: { tags, querystring: AnalyticsQuery, response: { 200: AnalyticsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const period = req.query.period ?? 'month';
      return { analytics: await service.coordinatorAnalytics(app.db, req.user!, period, new Date(), water, app.counts), period };
    },
  );

  app.get(
    '/fields/analytics/overview',
    { schema: { tags, response: { 200: FieldStatusOverview } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.statusOverview(app.db, req.user!, app.counts);
    },
  );

  app.get(
    '/fields/analytics/yield-trends',
    { schema: { tags, querystring: YieldTrendsQuery, response: { 200: YieldTrends } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.yieldTrends(app.db, req.user!, req.query.crops);
    },
  );
};

export default routes;
