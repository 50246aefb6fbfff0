/** POST /chatbot {message} → {reply, answerId}: only the answer's id, asker and time are stored; rate limited per user (CHAT_PER_USER_PER_MINUTE). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatReply, ChatRequest } from '../../../../contracts/chatbot';
import { ApiErrorBody } from '../../../../contracts/common';
import { perUserLimit } from '../../lib/rateLimits';
import { createChatService } from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const chat = createChatService(app.config);
  app.post(
    '/chatbot',
    {
      // The phone's outbox replays a question asked offline with the same Idempotency-Key (plugins/idempotency.ts).
      config: { rateLimit: perUserLimit(app.config.chatPerUserPerMinute), idempotent: true },
      schema: { tags: ['chatbot'], body: ChatRequest, response: { 200: ChatReply, ...errors } },
    },
    async (req) => chat.ask(app.db, req.user!, req.body.message, req.log),
  );
};

export default routes;
