/**
 * The notification centre's rules: a person reads and marks only their own notifications, edits only their own
 * settings and subscriptions; admins read the delivery log. Pushes of the unread count go after the write.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { DeliveryListQuery, NotificationListQuery, NotificationSettings, PushSubscriptionBody } from '../../../../contracts/notifications';
import { effectiveSettings, preferencesOf } from '../../domain/notifications/settings';
import { endpointProblem } from '../../domain/notifications/pushEndpoint';
import { notificationText } from './messages';
import * as repo from './repository';

const pageOf = (page: number, limit: number, total: number) => ({ page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) });

export async function list(app: FastifyInstance, user: AuthUser, q: NotificationListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  const [{ rows, total }, unread] = await Promise.all([
    repo.notificationPage(app.db, user.id, { page, limit, unread: q.unread }),
    repo.unreadCount(app.db, user.id),
  ]);
  return { notifications: rows.map(repo.toItem), unread, pagination: pageOf(page, limit, total) };
}

/** The caller's own unread count, nothing else. */
export async function unread(app: FastifyInstance, user: AuthUser) {
  return { unread: await repo.unreadCount(app.db, user.id) };
}

async function unreadChanged(app: FastifyInstance, userId: string) {
  const unread = await repo.unreadCount(app.db, userId);
  app.realtime?.toUser(userId).emit('notification:unread', { unread });
  return { unread };
}

export async function markRead(app: FastifyInstance, user: AuthUser, id: string) {
  if (!(await repo.markRead(app.db, user.id, id, new Date()))) throw notFound();
  return unreadChanged(app, user.id);
}

export async function markAllRead(app: FastifyInstance, user: AuthUser) {
  await repo.markAllRead(app.db, user.id, new Date());
  return unreadChanged(app, user.id);
}

export async function settings(app: FastifyInstance, user: AuthUser): Promise<NotificationSettings> {
  const row = await repo.settingsRow(app.db, user.id);
  if (!row) throw notFound();
  return effectiveSettings(row.saved, row.prefs);
}

/** Saves the settings and sets the five profile switches to match (one update: both or neither). */
export async function saveSettings(app: FastifyInstance, user: AuthUser, body: NotificationSettings): Promise<NotificationSettings> {
  const row = await repo.settingsRow(app.db, user.id);
  if (!row) throw notFound();
  const prefs = preferencesOf(body, row.prefs);
  await repo.saveSettings(app.db, user.id, body, prefs);
  return effectiveSettings(body, prefs);
}

const b64url = (s: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(s) ? Buffer.from(s, 'base64url') : null);

export async function subscribe(app: FastifyInstance, user: AuthUser, body: PushSubscriptionBody) {
  const c = app.config;
  const problem = endpointProblem(body.endpoint, { allowedHosts: c.pushAllowedHosts, allowLocal: c.pushAllowLocal });
  if (problem) throw badRequest(notificationText.badEndpoint, { field: 'endpoint', problem }, 'BAD_PUSH_ENDPOINT');
  // The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret: anything else cannot encrypt.
  const p256dh = b64url(body.keys.p256dh);
  const auth = b64url(body.keys.auth);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 4 || !auth || auth.length !== 16) {
    throw badRequest(notificationText.badKeys, { field: 'keys' }, 'BAD_PUSH_KEYS');
  }
  await repo.upsertSubscription(app.db, user.id, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
}

export async function unsubscribe(app: FastifyInstance, user: AuthUser, endpoint: string) {
  if (!(await repo.deleteSubscription(app.db, user.id, endpoint))) throw notFound();
}

export async function deliveries(app: FastifyInstance, reader: AuthUser, q: DeliveryListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  if (q.from && q.to && new Date(q.from) > new Date(q.to)) throw badRequest(undefined, { field: 'from' });
  const filters = { status: q.status, channel: q.channel, kind: q.kind, recipientId: q.recipientId, from: q.from, to: q.to };
  if (q.format === 'csv') {
    const { items } = await repo.deliveryPage(app.db, filters, 1, null);
    await recordAudit(app.db, reader, { action: 'deliveries.export', target: { type: 'deliveries', id: null }, after: { ...filters, rows: items.length } });
    return { csv: deliveriesCsv(items) } as const;
  }
  const { items, total } = await repo.deliveryPage(app.db, filters, page, limit);
  return { json: { deliveries: items, pagination: pageOf(page, limit, total) } } as const;
}

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function deliveriesCsv(items: Awaited<ReturnType<typeof repo.deliveryPage>>['items']) {
  const head = ['id', 'notificationId', 'recipientId', 'recipient', 'channel', 'kind', 'status', 'attempts', 'lastError', 'createdAt', 'updatedAt'];
  const lines = items.map((d) =>
    [d._id, d.notificationId, d.recipient._id, d.recipient.name, d.channel, d.kind, d.status, d.attempts, d.lastError, d.createdAt, d.updatedAt].map(cell).join(','),
  );
  return `\uFEFF${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
