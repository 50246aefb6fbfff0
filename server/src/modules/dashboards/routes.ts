/** Dashboard stat cards: GET /admin/overview and GET /coordinator/dashboard-stats, computed from the data. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { AdminOverview, CoordinatorStats } from '../../../../contracts/dashboards';
import { ADMINS, requireRole } from '../../lib/access';
import * as service from './service';

const errors = { 401: ApiErrorBody, 403: ApiErrorBody };
const security = [{ bearer: [] }];
const tags = ['dashboards'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/overview', { schema: { tags, security, response: { 200: AdminOverview, ...errors } } }, async (req) => {
    requireRole(req.user!, ADMINS);
    return service.adminOverview(app.db, app.counts);
  });

  app.get(
    '/coordinator/dashboard-stats',
    { schema: { tags, security, response: { 200: CoordinatorStats, ...errors } } },
    async (req) => {
      requireRole(req.user!, ['coordinator', ...ADMINS]);
      return service.coordinatorStats(app.db, app.counts, req.user!);
    },
  );
};

export default routes;
