/**
 * Coordinator → farmer messages: stored once with a recipient row per farmer, then pushed live and
 * (for farmers who accept SMS) texted. Every farmer must be within the sender's reach or nothing is sent.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageRecipients, messages, users } from '../../db/schema';
import { farmerScope, type AuthUser } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { pageInfo } from '../people/repository';
import type { MessagePush } from '../../../../contracts/socket';
import type { SmsProvider } from '../../providers/sms/index';
import { enqueueMessageNotifications } from '../notifications/enqueue';

export type SendMessage = { farmerIds: string[]; subject: string; message: string };

/** How many of a farmer's texts go to the gateway at once (a slow gateway must not hold the others back). */
const SMS_AT_ONCE = 4;

export async function sendMessage(db: Db, user: AuthUser, input: SendMessage, sms: SmsProvider | null) {
  const ids = [...new Set(input.farmerIds)];
  const farmers = await db
    .select({ id: users.id, phoneNumber: users.phoneNumber, prefs: users.notificationPreferences })
    .from(users)
    .where(and(inArray(users.id, ids), farmerScope(user)));
  // One unreachable id (someone else's farmer, or no farmer) refuses the whole message.
  if (farmers.length !== ids.length) throw notFound();

  const message = await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(messages)
      .values({ senderId: user.id, subject: input.subject.trim(), body: input.message.trim() })
      .returning();
    await tx.insert(messageRecipients).values(farmers.map((f) => ({ messageId: m.id, farmerId: f.id })));
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
          await db
            .update(messageRecipients)
            .set({ smsStatus: status })
            .where(and(eq(messageRecipients.messageId, message.id), eq(messageRecipients.farmerId, f.id)));
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

/** Each farmer's count of unread messages (farmers with none are left out). */
export async function unreadCounts(db: Db, farmerIds: string[]): Promise<Map<string, number>> {
  if (!farmerIds.length) return new Map();
  const rows = await db
    .select({ farmerId: messageRecipients.farmerId, unread: count() })
    .from(messageRecipients)
    .where(and(inArray(messageRecipients.farmerId, farmerIds), isNull(messageRecipients.readAt)))
    .groupBy(messageRecipients.farmerId);
  return new Map(rows.map((r) => [r.farmerId, r.unread]));
}

/** The farmer's inbox, newest first, with the unread count. */
export async function inbox(db: Db, user: AuthUser, q: { page: number; limit: number }) {
  const sender = sql<string | null>`(select name from ${users} s where s.id = ${messages.senderId})`;
  const mine = eq(messageRecipients.farmerId, user.id);
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select({
        _id: messages.id,
        subject: messages.subject,
        message: messages.body,
        senderName: sender,
        createdAt: messages.createdAt,
        readAt: messageRecipients.readAt,
      })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(mine)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(messageRecipients).where(mine),
    db.select({ unread: count() }).from(messageRecipients).where(and(mine, isNull(messageRecipients.readAt))),
  ]);
  return {
    messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null })),
    unread,
    pagination: pageInfo(q, total),
  };
}

export async function markRead(db: Db, user: AuthUser, messageId: string) {
  const rows = await db
    .update(messageRecipients)
    .set({ readAt: sql`coalesce(${messageRecipients.readAt}, now())` })
    .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.farmerId, user.id)))
    .returning({ readAt: messageRecipients.readAt });
  if (!rows.length) throw notFound();
  return { _id: messageId, readAt: rows[0].readAt!.toISOString() };
}
