/** Dashboard stat cards: GET /admin/overview and GET /coordinator/dashboard-stats, computed from the data. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { AdminOverview, CoordinatorStats } from '../../../../contracts/dashboards';
import { ADMINS, requireRole } from '../../lib/access';
import { minuteKey, scopeKey } from '../../lib/countCache';
import { adminOverview, coordinatorStats } from './repository';

const errors = { 401: ApiErrorBody, 403: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['dashboards'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/overview', { schema: { tags, security, response: { 200: AdminOverview, ...errors } } }, async (req) => {
    requireRole(req.user!, ADMINS);
    return app.counts.get(app.db, `overview|${minuteKey()}`, ['users', 'fields', 'alerts'], () => adminOverview(app.db));
  });

  app.get(
    '/coordinator/dashboard-stats',
    { schema: { tags, security, response: { 200: CoordinatorStats, ...errors } } },
    async (req) => {
      requireRole(req.user!, ['coordinator', ...ADMINS]);
      return { stats: await app.counts.get(app.db, `stats|${scopeKey(req.user!)}|${minuteKey()}`, ['users', 'fields', 'alerts'], () => coordinatorStats(app.db, req.user!)) };
    },
  );
};

export default routes;
