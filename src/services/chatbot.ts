/** Agriculture chatbot endpoint. */
import type { ChatReply } from '../../contracts/chatbot';
import { http } from './http';

export const askChatbot = (message: string, signal?: AbortSignal) =>
  http.post<ChatReply>('/chatbot', { message }, { signal, timeoutMs: 30_000 });
