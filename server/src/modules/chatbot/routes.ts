/** POST /chatbot {message} → {reply}: nothing is stored; rate limited per user (CHAT_PER_USER_PER_MINUTE). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatReply, ChatRequest } from '../../../../contracts/chatbot';
import { ApiErrorBody } from '../../../../contracts/common';
import { answerQuestion } from '../../domain/chatbot/answer';
import { chooseChatModel } from '../../providers/llm/index';
import { perUserLimit } from '../../lib/rateLimits';
import { preferredLanguage } from '../userLanguage';
import { myFieldSnapshots } from './repository';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };


const routes: FastifyPluginAsyncTypebox = async (app) => {
  const model = chooseChatModel(app.config);
  app.post(
    '/chatbot',
    {
      config: { rateLimit: perUserLimit(app.config.chatPerUserPerMinute) },
      schema: { tags: ['chatbot'], body: ChatRequest, response: { 200: ChatReply, ...errors } },
    },
    async (req) => {
      const user = req.user!;
      return answerQuestion({
        message: req.body.message.trim(),
        preferred: await preferredLanguage(app.db, user.id),
        myFields: () => myFieldSnapshots(app.db, user),
        model,
        onModelError: (err) => req.log.warn({ err }, 'language model failed; answering from the knowledge base'),
      });
    },
  );
};

export default routes;
