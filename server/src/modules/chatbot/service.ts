/**
 * The chatbot: an answer from the knowledge base, the asker's own field readings (repository.ts) and the
 * language model the operator configured, in the asker's language. Only that an answer was given (an id, who,
 * when) is kept, so the asker can rate it; never the question or the answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { answerQuestion } from '../../domain/chatbot/answer';
import type { AuthUser } from '../../lib/access';
import { chooseChatModel } from '../../providers/llm/index';
import { preferredLanguage } from '../userLanguage';
import { myFieldSnapshots } from './repository';
import { recordChatAnswer } from '../trust/service';

/** The chatbot with the configured language model (or none: retrieval answers only). */
export function createChatService(config: Parameters<typeof chooseChatModel>[0]) {
  const model = chooseChatModel(config);
  return {
    async ask(db: Db, user: AuthUser, message: string, log: FastifyBaseLogger) {
      const answer = await answerQuestion({
        message: message.trim(),
        preferred: await preferredLanguage(db, user.id),
        myFields: () => myFieldSnapshots(db, user),
        model,
        onModelError: (err) => log.warn({ err }, 'language model failed; answering from the knowledge base'),
      });
      return { ...answer, answerId: await recordChatAnswer(db, user.id) };
    },
  };
}
