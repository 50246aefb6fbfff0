/**
 * Alert rules: who may see which alert (lib/access.ts alertScope), acknowledging and assigning (never an
 * acknowledged alert; only to an Active coordinator), read marks per reader. Every change is recorded in
 * alert_actions and pushed as alert:updated to everyone who follows the alert (realtime/push.ts).
 */
import type { FastifyInstance } from 'fastify';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertScope, loadAlertFor, type AuthUser } from '../../lib/access';
import { badRequest, conflict } from '../../lib/errors';
import { pushAlert } from '../../realtime/push';
import { alertText } from './messages';
import * as repo from './repository';

type Filters = Parameters<typeof repo.alertFilters>[0];

/** The alert after a change, pushed to everyone who follows it, and returned to the caller. */
async function changed(app: FastifyInstance, alertId: string, viewerId: string) {
  const [pushed] = await repo.alertsByIds(app.db, [alertId]);
  if (pushed) pushAlert(app, { event: 'alert:updated', ...pushed });
  const [mine] = await repo.alertsByIds(app.db, [alertId], viewerId);
  return { alert: mine.item };
}

export async function adminAlerts(db: Db, user: AuthUser, q: Filters & { page?: number; limit?: number }) {
  const { page = 1, limit = 50, ...filters } = q;
  const p = await repo.alertPage(db, and(alertScope(user), repo.alertFilters(filters)), user.id, page, limit);
  return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages } };
}

export async function acknowledge(app: FastifyInstance, user: AuthUser, alertId: string) {
  const alert = await loadAlertFor(app.db, user, alertId);
  if (alert.status === 'acknowledged') throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
  await repo.acknowledgeAlert(app.db, alert.id, user.id, new Date());
  return changed(app, alert.id, user.id);
}

export async function assign(app: FastifyInstance, user: AuthUser, alertId: string, coordinatorId: string) {
  const alert = await loadAlertFor(app.db, user, alertId);
  if (alert.status === 'acknowledged') throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
  const coordinator = await repo.activeCoordinator(app.db, coordinatorId);
  if (!coordinator) throw badRequest(alertText.notCoordinator, { field: 'coordinatorId' }, 'NOT_A_COORDINATOR');
  await repo.assignAlert(app.db, alert.id, coordinator.id, user.id, new Date());
  const result = await changed(app, alert.id, user.id);
  // The assignee hears of it even when the farmer is not theirs.
  app.realtime.toCoordinator(coordinator.id).emit('alert:updated', result.alert);
  return result;
}

export async function coordinatorAlerts(db: Db, user: AuthUser, q: Filters & { page?: number; limit?: number; search?: string; open?: boolean }) {
  const { page = 1, limit = 10, search, open, ...filters } = q;
  const scope = alertScope(user);
  const where = and(
    scope,
    repo.alertFilters({ ...filters, state: filters.state ?? (open ? 'open' : undefined) }),
    search?.trim() ? repo.searchCondition(search.trim()) : undefined,
  );
  const [p, unread] = await Promise.all([repo.alertPage(db, where, user.id, page, limit), repo.countAlerts(db, and(scope, repo.unreadCondition(user.id)))]);
  return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages }, unread };
}

export async function markRead(db: Db, user: AuthUser, alertId: string) {
  const alert = await loadAlertFor(db, user, alertId);
  await repo.markRead(db, alert.id, user.id);
  return { ok: true as const, unread: await repo.countAlerts(db, and(alertScope(user), repo.unreadCondition(user.id))) };
}

export async function markAllRead(db: Db, user: AuthUser) {
  return { marked: await repo.markAllRead(db, alertScope(user), user.id), unread: 0 };
}
