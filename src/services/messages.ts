/** Coordinator messages and the farmer's inbox. */
import { http } from './http';
import type { Inbox, SendMessageBody } from '../../contracts/messages';

export type { Inbox, InboxMessage, MessageNew } from '../../contracts/messages';

export const sendMessage = (body: SendMessageBody) => http.post<{ sentTo: number }>('/coordinator/send-message', body);
export const listInbox = (page: number, signal?: AbortSignal) => http.get<Inbox>('/messages', { params: { page, limit: 10 }, signal });
export const markMessageRead = (id: string) => http.post<unknown>(`/messages/${id}/read`);
/** The farmer's count of unread messages (the inbox's first row is all it needs). */
export const unreadMessages = async (signal?: AbortSignal) => (await http.get<Inbox>('/messages', { params: { page: 1, limit: 1 }, signal })).unread;
