/**
 * Alerts: the admin table (list, acknowledge, assign) and the coordinator's monitoring list with
 * per-reader read marks. Who did what is kept in alert_actions; every change is pushed as alert:updated.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { and, eq, sql } from 'drizzle-orm';
import {
  AdminAlertsQuery,
  AdminAlertsResponse,
  AlertResponse,
  AssignBody,
  CoordinatorAlertsQuery,
  CoordinatorAlertsResponse,
  ReadAllResponse,
} from '../../contracts/alerts';
import { IdParams } from '../../contracts/common';
import { alertActions, alertReads, alerts, users } from '../../db/schema';
import { ADMINS, alertScope, loadAlertFor, requireRole, STAFF } from '../../lib/access';
import { badRequest, conflict } from '../../lib/errors';
import { alertText } from './messages';
import { pushAlert } from '../../realtime/push';
import { alertFilters, alertPage, alertsByIds, countAlerts, searchCondition, unreadCondition } from './repository';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The alert after a change, pushed to everyone who follows it, and returned to the caller. */
  async function changed(alertId: string, viewerId: string) {
    const [pushed] = await alertsByIds(app.db, [alertId]);
    if (pushed) pushAlert(app, { event: 'alert:updated', ...pushed });
    const [mine] = await alertsByIds(app.db, [alertId], viewerId);
    return { alert: mine.item };
  }

  app.get(
    '/admin/alerts',
    { schema: { tags: ['alerts'], querystring: AdminAlertsQuery, response: { 200: AdminAlertsResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      const { page = 1, limit = 50, ...filters } = req.query;
      const where = and(alertScope(req.user!), alertFilters(filters));
      const p = await alertPage(app.db, where, req.user!.id, page, limit);
      return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages } };
    },
  );

  app.patch(
    '/admin/alerts/:id/acknowledge',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: AlertResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      const alert = await loadAlertFor(app.db, req.user!, req.params.id);
      if (alert.status === 'acknowledged') throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
      const now = new Date();
      await app.db.transaction(async (tx) => {
        await tx
          .update(alerts)
          .set({ status: 'acknowledged', acknowledgedBy: req.user!.id, acknowledgedAt: now, updatedAt: now })
          .where(eq(alerts.id, alert.id));
        await tx.insert(alertActions).values({ alertId: alert.id, actorId: req.user!.id, action: 'acknowledged', detail: {} });
      });
      return changed(alert.id, req.user!.id);
    },
  );

  app.patch(
    '/admin/alerts/:id/assign',
    { schema: { tags: ['alerts'], params: IdParams, body: AssignBody, response: { 200: AlertResponse } } },
    async (req) => {
      requireRole(req.user!, ADMINS);
      const alert = await loadAlertFor(app.db, req.user!, req.params.id);
      if (alert.status === 'acknowledged') throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
      const [coordinator] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, req.body.coordinatorId), eq(users.role, 'coordinator'), eq(users.status, 'Active')))
        .limit(1);
      if (!coordinator) throw badRequest(alertText.notCoordinator, { field: 'coordinatorId' }, 'NOT_A_COORDINATOR');
      const now = new Date();
      await app.db.transaction(async (tx) => {
        await tx
          .update(alerts)
          .set({ status: 'assigned', assignedTo: coordinator.id, assignedBy: req.user!.id, assignedAt: now, updatedAt: now })
          .where(eq(alerts.id, alert.id));
        await tx.insert(alertActions).values({ alertId: alert.id, actorId: req.user!.id, action: 'assigned', detail: { coordinatorId: coordinator.id } });
      });
      const result = await changed(alert.id, req.user!.id);
      // The assignee hears of it even when the farmer is not theirs.
      app.realtime.toCoordinator(coordinator.id).emit('alert:updated', result.alert);
      return result;
    },
  );

  app.get(
    '/coordinator/alerts',
    { schema: { tags: ['alerts'], querystring: CoordinatorAlertsQuery, response: { 200: CoordinatorAlertsResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const { page = 1, limit = 10, search, open, ...filters } = req.query;
      const scope = alertScope(req.user!);
      const where = and(
        scope,
        alertFilters({ ...filters, state: filters.state ?? (open ? 'open' : undefined) }),
        search?.trim() ? searchCondition(search.trim()) : undefined,
      );
      const [p, unread] = await Promise.all([
        alertPage(app.db, where, req.user!.id, page, limit),
        countAlerts(app.db, and(scope, unreadCondition(req.user!.id))),
      ]);
      return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages }, unread };
    },
  );

  app.post(
    '/coordinator/alerts/:id/read',
    { schema: { tags: ['alerts'], params: IdParams, response: { 200: Type.Object({ ok: Type.Literal(true), unread: Type.Integer() }) } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const alert = await loadAlertFor(app.db, req.user!, req.params.id);
      await app.db.insert(alertReads).values({ alertId: alert.id, userId: req.user!.id }).onConflictDoNothing();
      return { ok: true as const, unread: await countAlerts(app.db, and(alertScope(req.user!), unreadCondition(req.user!.id))) };
    },
  );

  app.post(
    '/coordinator/alerts/read-all',
    { schema: { tags: ['alerts'], response: { 200: ReadAllResponse } } },
    async (req) => {
      requireRole(req.user!, STAFF);
      const userId = req.user!.id;
      const res = await app.db.execute(sql`
        insert into alert_reads (alert_id, user_id)
        select ${alerts.id}, ${userId}::uuid from ${alerts}
        where ${and(alertScope(req.user!), unreadCondition(userId))}
        on conflict do nothing`);
      return { marked: Number(res.rowCount ?? (res as unknown as { affectedRows?: number }).affectedRows ?? 0), unread: 0 };
    },
  );
};

export default routes;
