/**
 * Alerts: the admin table (list, acknowledge, assign) and the coordinator's monitoring list with
 * per-reader read marks. The rules, the audit trail and the pushes are in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminAlertsQuery,
  AdminAlertsResponse,
  AlertResponse,
  AssignBody,
  CoordinatorAlertsQuery,
  CoordinatorAlertsResponse,
  ReadAllResponse,
} from '../../../../contracts/alerts';
import { IdParams } from '../../../../contracts/common';
import { ADMINS, requireRole, STAFF } from '../../lib/access';
import * as service from './service';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/alerts',
    { schema: { tags: ['alerts'], querystring: AdminAlertsQuery, response: { 200: AdminAlertsResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return service.adminAlerts(app.db, req.user!, req.query);
    },
  );

  app.patch(
    '/admin/alerts/:id/acknowledge',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: AlertResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return service.acknowledge(app, req.user!, req.params.id);
    },
  );

  app.patch(
    '/admin/alerts/:id/assign',
    { schema: { tags: ['alerts'], params: IdParams, body: AssignBody, response: { 200: AlertResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return service.assign(app, req.user!, req.params.id, req.body.coordinatorId);
    },
  );

  app.get(
    '/coordinator/alerts',
    { schema: { tags: ['alerts'], querystring: CoordinatorAlertsQuery, response: { 200: CoordinatorAlertsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.coordinatorAlerts(app.db, req.user!, req.query);
    },
  );

  app.post(
    '/coordinator/alerts/:id/read',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: Type.Object({ ok: Type.Literal(true), unread: Type.Integer() }) } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.markRead(app.db, req.user!, req.params.id);
    },
  );

  app.post(
    '/coordinator/alerts/read-all',
    { schema: { tags: ['alerts'], response: { 200: ReadAllResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      return service.markAllRead(app.db, req.user!);
    },
  );
};

export default routes;
