/**
 * Alert rules: who may see which alert (lib/access.ts alertScope: admins all, a coordinator their farmers', a
 * farmer their own, read-only), the lifecycle (acknowledge once; clear an active alert; assign an active alert to
 * an Active coordinator, admins only; comments 1..1000 characters), read marks per reader. Every change is one
 * transaction with its timeline entry (timeline.ts recordAlertEvent) and is pushed as alert:updated to everyone
 * who follows the alert (realtime/push.ts); refusals change nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ADMINS, loadAlertFor, requireRole, STAFF, type AuthUser } from '../../lib/access';
import { ALERT_COMMENT_MAX, isAcknowledged, isCleared } from '../../../../contracts/alertTypes';
import { refreshFieldHealth } from './health';
import { timelineOf } from './timeline';
import { badRequest, conflict } from '../../lib/errors';
import { pushAlert } from '../../realtime/push';
import { alertText } from './messages';
import * as repo from './repository';

type Filters = Parameters<typeof repo.alertFilters>[0];

/** The alert after a change, pushed to everyone who follows it, and returned to the caller with its timeline. */
async function changed(app: FastifyInstance, alertId: string, viewerId: string) {
  const [pushed] = await repo.alertsByIds(app.db, [alertId]);
  if (pushed) pushAlert(app, { event: 'alert:updated', ...pushed });
  return detailOf(app.db, alertId, viewerId);
}

/** Every alert the caller may see (GET /alerts: a farmer's own, read-only), most urgent first. */
export async function myAlerts(db: Db, user: AuthUser, q: Filters & { page?: number; limit?: number }) {
  const { page = 1, limit = 10, ...filters } = q;
  const p = await repo.visibleAlertPage(db, user, { filters }, page, limit);
  return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages } };
}

export async function adminAlerts(db: Db, user: AuthUser, q: Filters & { page?: number; limit?: number }) {
  const { page = 1, limit = 50, ...filters } = q;
  const p = await repo.visibleAlertPage(db, user, { filters }, page, limit);
  return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages } };
}

/** The alert and its timeline, for anyone who may see it (a farmer their own; 404 otherwise). */
export async function detail(db: Db, user: AuthUser, alertId: string) {
  const alert = await loadAlertFor(db, user, alertId);
  return detailOf(db, alert.id, user.id);
}

async function detailOf(db: Db, alertId: string, viewerId: string) {
  const [[mine], timeline] = await Promise.all([repo.alertsByIds(db, [alertId], viewerId), timelineOf(db, alertId)]);
  return { alert: mine.item, timeline };
}

/** Staff may change an alert they may see: admins any, a coordinator their own farmers' (404 beyond). */
async function loadForChange(db: Db, user: AuthUser, alertId: string) {
  requireRole(user, STAFF);
  return loadAlertFor(db, user, alertId);
}

/** A comment's text, trimmed; empty or too long → a translated 400 (nothing written). */
function commentText(text: string | undefined, field: string) {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) throw badRequest(alertText.commentEmpty, { field }, 'COMMENT_EMPTY');
  if (trimmed.length > ALERT_COMMENT_MAX) throw badRequest(alertText.commentTooLong, { field }, 'COMMENT_TOO_LONG');
  return trimmed;
}

/** Acknowledges (admins any alert, coordinators their farmers'), with an optional comment in the same step. */
export async function acknowledge(app: FastifyInstance, user: AuthUser, alertId: string, comment?: string) {
  const alert = await loadForChange(app.db, user, alertId);
  const text = comment === undefined ? undefined : commentText(comment, 'comment');
  if (isAcknowledged(alert.status)) throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
  if (!(await repo.acknowledgeAlert(app.db, alert.id, user, new Date(), text))) throw conflict(alertText.alreadyAcknowledged, 'ALREADY_ACKNOWLEDGED');
  return changed(app, alert.id, user.id);
}

/** Assigns an active alert to an Active coordinator (admins only; assignment does not change the status). */
export async function assign(app: FastifyInstance, user: AuthUser, alertId: string, coordinatorId: string) {
  requireRole(user, ADMINS);
  const alert = await loadAlertFor(app.db, user, alertId);
  if (isCleared(alert.status)) throw conflict(alertText.alreadyCleared, 'ALREADY_CLEARED');
  const coordinator = await repo.activeCoordinator(app.db, coordinatorId);
  if (!coordinator) throw badRequest(alertText.notCoordinator, { field: 'coordinatorId' }, 'NOT_A_COORDINATOR');
  await repo.assignAlert(app.db, alert.id, coordinator, user, new Date());
  const result = await changed(app, alert.id, user.id);
  // The assignee hears of it even when the farmer is not theirs.
  app.realtime.toCoordinator(coordinator.id).emit('alert:updated', result.alert);
  return result;
}

/** Clears an active alert by hand (staff); the engine raises a new one if the condition still holds. */
export async function clear(app: FastifyInstance, user: AuthUser, alertId: string) {
  const alert = await loadForChange(app.db, user, alertId);
  if (isCleared(alert.status)) throw conflict(alertText.alreadyCleared, 'ALREADY_CLEARED');
  const row = await repo.clearAlert(app.db, alert.id, user, new Date());
  if (!row) throw conflict(alertText.alreadyCleared, 'ALREADY_CLEARED');
  await refreshFieldHealth(app.db, [row.fieldId]);
  return changed(app, alert.id, user.id);
}

/** A staff member's comment on the alert's timeline. */
export async function comment(app: FastifyInstance, user: AuthUser, alertId: string, text: string) {
  const alert = await loadForChange(app.db, user, alertId);
  await repo.addComment(app.db, alert.id, user.id, commentText(text, 'text'));
  return changed(app, alert.id, user.id);
}

export async function coordinatorAlerts(db: Db, user: AuthUser, q: Filters & { page?: number; limit?: number; search?: string; open?: boolean }) {
  const { page = 1, limit = 10, search, open, ...filters } = q;
  const filtered = { filters: { ...filters, state: filters.state ?? (open ? 'open' : undefined) }, search: search?.trim() || undefined };
  const p = await repo.visibleAlertPage(db, user, filtered, page, limit, true);
  return { alerts: p.items, pagination: { page, limit, total: p.total, totalPages: p.totalPages }, unread: p.unread ?? 0 };
}

export async function markRead(db: Db, user: AuthUser, alertId: string) {
  const alert = await loadAlertFor(db, user, alertId);
  await repo.markRead(db, alert.id, user.id);
  return { ok: true as const, unread: await repo.unreadCountOf(db, user) };
}

export async function markAllRead(db: Db, user: AuthUser) {
  return { marked: await repo.markAllReadFor(db, user), unread: 0 };
}
