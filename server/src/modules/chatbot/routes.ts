/** POST /chatbot {message} → {reply}: nothing is stored; rate limited per client. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatReply, ChatRequest } from '../../contracts/chatbot';
import { ApiErrorBody } from '../../contracts/common';
import { answerQuestion } from '../../domain/chatbot/answer';
import { chooseChatModel } from '../../providers/llm/index';
import { preferredLanguage } from '../userLanguage';
import { myFieldSnapshots } from './repository';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 429: ApiErrorBody };

/** A conversation needs a message every few seconds at most; more is a script. */
export const CHAT_PER_MINUTE = 20;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const model = chooseChatModel(app.config);
  app.post(
    '/chatbot',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: CHAT_PER_MINUTE, timeWindow: '1 minute' } },
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
