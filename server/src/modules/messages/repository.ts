/** The SQL of coordinator → farmer messages: the message, a recipient row per farmer, read marks and SMS status. */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageRecipients, messages, users } from '../../db/schema';
import { farmerScope, type AuthUser } from '../../lib/access';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The farmers among `ids` that `user` may reach, with what texting them needs. */
export function reachableFarmers(db: Db, user: AuthUser, ids: string[]) {
  return db
    .select({ id: users.id, phoneNumber: users.phoneNumber, prefs: users.notificationPreferences })
    .from(users)
    .where(and(inArray(users.id, ids), farmerScope(user)));
}

/** Stores the message and one recipient row per farmer (inside the caller's transaction). */
export async function insertMessage(tx: Tx, input: { senderId: string; subject: string; body: string; farmerIds: string[] }) {
  const [m] = await tx.insert(messages).values({ senderId: input.senderId, subject: input.subject, body: input.body }).returning();
  await tx.insert(messageRecipients).values(input.farmerIds.map((farmerId) => ({ messageId: m.id, farmerId })));
  return m;
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

/** One page of a farmer's inbox, newest first, with the total and unread counts. */
export async function inboxPage(db: Db, farmerId: string, q: { page: number; limit: number }) {
  const sender = sql<string | null>`(select name from ${users} s where s.id = ${messages.senderId})`;
  const mine = eq(messageRecipients.farmerId, farmerId);
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
  return { rows, total, unread };
}

/** Marks the farmer's copy read (the first read time is kept); the read time, or null when it is not theirs. */
export async function markRecipientRead(db: Db, farmerId: string, messageId: string): Promise<Date | null> {
  const rows = await db
    .update(messageRecipients)
    .set({ readAt: sql`coalesce(${messageRecipients.readAt}, now())` })
    .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.farmerId, farmerId)))
    .returning({ readAt: messageRecipients.readAt });
  return rows[0]?.readAt ?? null;
}
