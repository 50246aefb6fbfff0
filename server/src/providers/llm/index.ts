/**
 * A language model behind one interface. Configured with LLM_BASE_URL + LLM_MODEL (+ LLM_API_KEY),
 * any OpenAI-compatible chat-completions server answers; unset, the chatbot answers from retrieval.
 */
import type { Lang } from '../../domain/language';
import { openAiCompatible } from './openAiCompatible';

export type ModelQuestion = {
  question: string;
  lang: Lang;
  passages: { id: string; text: string }[];
  /** The farmer's own readings, already written out, when the question is about them. */
  facts: string | null;
};

export interface ChatModel {
  readonly name: string;
  answer(q: ModelQuestion): Promise<string>;
}

export function chooseChatModel(cfg: { llmBaseUrl?: string; llmModel?: string; llmApiKey?: string }): ChatModel | null {
  if (!cfg.llmBaseUrl || !cfg.llmModel) return null;
  return openAiCompatible({ baseUrl: cfg.llmBaseUrl, model: cfg.llmModel, apiKey: cfg.llmApiKey });
}
