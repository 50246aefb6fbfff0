/**
 * Alerts: the admin table (list, acknowledge, assign), the coordinator's monitoring list with per-reader read
 * marks, and the lifecycle every role reaches through /alerts (list, details with the timeline; staff acknowledge,
 * clear and comment). The rules, the timeline and the pushes are in service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AcknowledgeBody,
  AdminAlertsQuery,
  AdminAlertsResponse,
  AlertDetailResponse,
  AlertsQuery,
  AlertsResponse,
  AssignBody,
  CommentBody,
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

  // The spec's admin routes answer { alert, timeline } now (AlertResponse's alert plus the timeline).
  app.patch(
    '/admin/alerts/:id/acknowledge',
    { config: { idempotent: true }, schema: { tags: ['alerts'], params: IdParams, body: AcknowledgeBody, response: { 200: AlertDetailResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      return service.acknowledge(app, req.user!, req.params.id, req.body?.comment);
    },
  );

  app.patch(
    '/admin/alerts/:id/assign',
    { schema: { tags: ['alerts'], params: IdParams, body: AssignBody, response: { 200: AlertDetailResponse } } },
    async (req) => service.assign(app, req.user!, req.params.id, req.body.coordinatorId),
  );

  // The lifecycle for every role within reach (lib/access alertScope): farmers read their own, staff act.
  app.get(
    '/alerts',
    { schema: { tags: ['alerts'], querystring: AlertsQuery, response: { 200: AlertsResponse } } },
    async (req) => service.myAlerts(app.db, req.user!, req.query),
  );

  app.get(
    '/alerts/:id',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: AlertDetailResponse } } },
    async (req) => service.detail(app.db, req.user!, req.params.id),
  );

  app.patch(
    '/alerts/:id/acknowledge',
    { config: { idempotent: true }, schema: { tags: ['alerts'], params: IdParams, body: AcknowledgeBody, response: { 200: AlertDetailResponse } } },
    async (req) => service.acknowledge(app, req.user!, req.params.id, req.body?.comment),
  );

  app.patch(
    '/alerts/:id/clear',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: AlertDetailResponse } } },
    async (req) => service.clear(app, req.user!, req.params.id),
  );

  app.post(
    '/alerts/:id/comments',
    { schema: { tags: ['alerts'], params: IdParams, body: CommentBody, response: { 200: AlertDetailResponse } } },
    async (req) => service.comment(app, req.user!, req.params.id, req.body.text),
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
