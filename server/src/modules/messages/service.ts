/**
 * Coordinator → farmer messages: stored once with a recipient row per farmer, then pushed live and
 * (for farmers who accept SMS) texted. Every farmer must be within the sender's reach or nothing is sent.
 */
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../people/repository';
import type { MessagePush } from '../../../../contracts/socket';
import type { SmsProvider } from '../../providers/sms/index';
import { enqueueMessageNotifications } from '../notifications/enqueue';
import { inboxPage, insertMessage, markRecipientRead, reachableFarmers, setSmsStatus } from './repository';

export { unreadCounts } from './repository';

export type SendMessage = { farmerIds: string[]; subject: string; message: string };

/** How many of a farmer's texts go to the gateway at once (a slow gateway must not hold the others back). */
const SMS_AT_ONCE = 4;

export async function sendMessage(db: Db, user: AuthUser, input: SendMessage, sms: SmsProvider | null) {
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
    await enqueueMessageNotifications(tx, { messageId: m.id, senderId: user.id, senderName: user.name, subject: m.subject, farmerIds: farmers.map((f) => f.id) });
    return m;
  });

  if (sms) {
    const texted = farmers.filter((f) => f.phoneNumber && f.prefs.sms);
    const text = `${message.subject}: ${message.body}`;
    for (let i = 0; i < texted.length; i += SMS_AT_ONCE) {
      await Promise.all(
        texted.slice(i, i + SMS_AT_ONCE).map(async (f) => {
          // The outbox only keeps the text for later: 'queued'; a gateway that took it: 'sent'.
          const status = await sms.send({ to: f.phoneNumber!, text }).then(
            () => (sms.name === 'outbox' ? 'queued' : 'sent'),
            () => 'failed',
          );
          await setSmsStatus(db, message.id, f.id, status);
        }),
      );
    }
  }
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
