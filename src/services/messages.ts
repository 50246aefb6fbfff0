/** Coordinator messages and the farmer's inbox. */
import { http } from './http';
import { sendOrQueue } from './outboxLater';
import type { Inbox, SendMessageBody } from '../../contracts/messages';

export type { Inbox, InboxMessage, MessageNew } from '../../contracts/messages';

export type MessageSent = { sentTo: number; messageId: string };

/**
 * A coordinator's (or admin's) message to farmers. Offline, or with no answer, it waits in the outbox with its
 * Idempotency-Key (issue 17): `{ queued }`; the outbox panel shows it by its subject.
 */
export const sendMessage = (body: SendMessageBody) => sendOrQueue<MessageSent>('message', { method: 'post', url: '/coordinator/send-message', body }, body.subject);
export const listInbox = (page: number, signal?: AbortSignal) => http.get<Inbox>('/messages', { params: { page, limit: 10 }, signal });
export const markMessageRead = (id: string) => http.post<unknown>(`/messages/${id}/read`);
/** The farmer's count of unread messages (the inbox's first row is all it needs). */
export const unreadMessages = async (signal?: AbortSignal) => (await http.get<Inbox>('/messages', { params: { page: 1, limit: 1 }, signal })).unread;
