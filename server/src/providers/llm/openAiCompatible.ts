/**
 * POST {base}/chat/completions in the OpenAI format (also served by vLLM, Ollama, llama.cpp,
 * LM Studio and most hosted gateways). The retrieved passages go in as numbered context and the
 * model is told to answer only from them, in the farmer's language.
 */
import type { ChatModel, ModelQuestion } from './index';

const LANGUAGE_NAME = { english: 'English', marathi: 'Marathi (मराठी)', hindi: 'Hindi (हिन्दी)' } as const;

export function buildMessages(q: ModelQuestion) {
  const context = q.passages.map((p, i) => `[${i + 1}] ${p.text}`).join('\n\n');
  const system = [
    'You are ShetMitra, an agriculture assistant for farmers in Maharashtra, India.',
    `Answer in ${LANGUAGE_NAME[q.lang]}, in at most 5 short sentences a farmer can act on.`,
    'Use only the context below and the farmer data; if they do not cover the question, say so and suggest the Kisan Call Centre 1800-180-1551.',
    `Context:\n${context || '(none)'}`,
    q.facts ? `Farmer data (latest sensor readings):\n${q.facts}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: q.question },
  ];
}

export function openAiCompatible(opts: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number }): ChatModel {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: opts.model,
    async answer(q) {
      const res = await fetch(url, {
        method: 'POST',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, messages: buildMessages(q), temperature: 0.2, max_tokens: 400 }),
      });
      if (!res.ok) throw new Error(`language model answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const text = body.choices?.[0]?.message?.content?.trim();
      if (!text) throw new Error('language model gave an empty answer');
      return text;
    },
  };
}
