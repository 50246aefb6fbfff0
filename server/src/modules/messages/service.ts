/**
 * Coordinator → farmer messages: stored once with a recipient row per farmer, then pushed live; the bell, Web
 * Push and SMS go through the notification queue like any notification (modules/notifications). Every farmer must be within the sender's reach or nothing is sent.
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../people/repository';
import type { MessagePush } from '../../../../contracts/socket';
import { enqueueMessageNotifications } from '../notifications/enqueue';
import { inboxPage, insertMessage, markRecipientRead, reachableFarmers } from './repository';

export { unreadCounts } from './repository';

export type SendMessage = { farmerIds: string[]; subject: string; message: string };

export async function sendMessage(db: Db, user: AuthUser, input: SendMessage) {
  const ids = [...new Set(input.farmerIds)];
  const farmers = await reachableFarmers(db, user, ids);
  // One unreachable id (someone else's farmer, or no farmer) refuses the whole message.
  if (farmers.length !== ids.length) throw notFound();

  const message = await db.transaction(async (tx) => {
    const m = await insertMessage(tx, {
      senderId: user.id,
      subject: input.subject.trim(),
      body: input.message.trim(),
      farmerIds: farmers.map((f) => f.id),
    });
    // The bell, push and SMS all go through the notification queue (the farmer's channels, quiet hours, SMS cap).
    await enqueueMessageNotifications(tx, { messageId: m.id, senderId: user.id, senderName: user.name, subject: m.subject, body: m.body, farmerIds: farmers.map((f) => f.id) });
    return m;
  });

  const delivered: MessagePush = {
    _id: message.id,
    subject: message.subject,
    message: message.body,
    senderName: user.name,
    createdAt: message.createdAt.toISOString(),
  };
  return { sentTo: farmers.length, farmerIds: farmers.map((f) => f.id), message: delivered };
}

/** The farmer's inbox, newest first, with the unread count. */
export async function inbox(db: Db, user: AuthUser, q: { page: number; limit: number }) {
  const { rows, total, unread } = await inboxPage(db, user.id, q);
  return {
    messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null })),
    unread,
    pagination: pageInfo(q, total),
  };
}

export async function markRead(db: Db, user: AuthUser, messageId: string) {
  const readAt = await markRecipientRead(db, user.id, messageId);
  if (!readAt) throw notFound();
  return { _id: messageId, readAt: readAt.toISOString() };
}
