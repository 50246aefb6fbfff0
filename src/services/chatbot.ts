/** Agriculture chatbot endpoint. */
import type { ChatReply } from '../../contracts/chatbot';
import { sendOrQueue } from './outbox';

/** Asked at once when online; offline (or with no answer) it waits in the outbox, replayed with one Idempotency-Key. */
export const askChatbot = (message: string, _signal?: AbortSignal) =>
  sendOrQueue<ChatReply>('chat', { method: 'post', url: '/chatbot', body: { message }, timeoutMs: 30_000 }, message);
