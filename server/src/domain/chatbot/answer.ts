/**
 * Answers one chat message: in the language it was asked in, from the farmer's own data when the
 * question is about their field, from the curated knowledge base otherwise, and through a language
 * model when one is configured (with the same passages as its only context). Without a model, or
 * when the model fails, the retrieval answer is given and labelled as such.
 */
import type { ChatModel } from '../../providers/llm/index';
import { asksAboutOwnData, groundedAnswer, type FieldSnapshot } from './grounding';
import { search } from './retrieval';
import type { Lang } from '../language';
import { detectLanguage } from './text';

export type ChatSource = 'your-data' | 'knowledge-base' | 'language-model' | 'no-match';
export type ChatAnswer = { reply: string; language: Lang; source: ChatSource; offline: boolean; passages: { id: string; topic: string }[] };

/** Below this BM25 score the best passage is a coincidence of words, not an answer. */
export const MIN_SCORE = 2.5;

const LABEL = {
  english: 'From the ShetMitra knowledge base (offline answer):',
  marathi: 'शेतमित्र माहितीसंग्रहातून (ऑफलाइन उत्तर):',
  hindi: 'शेतमित्र ज्ञानकोश से (ऑफ़लाइन उत्तर):',
};
const DATA_LABEL = {
  english: 'From your field sensors:',
  marathi: 'तुमच्या शेतातील सेन्सरवरून:',
  hindi: 'आपके खेत के सेंसर से:',
};
const NO_MATCH = {
  english: 'I do not have reliable information on that yet. Please call the Kisan Call Centre on 1800-180-1551 (free) or ask your Krishi Sahayak.',
  marathi: 'याबाबत माझ्याकडे अजून खात्रीशीर माहिती नाही. कृपया किसान कॉल सेंटर 1800-180-1551 (मोफत) वर संपर्क करा किंवा तुमच्या कृषी सहाय्यकाला विचारा.',
  hindi: 'इस बारे में मेरे पास अभी विश्वसनीय जानकारी नहीं है। कृपया किसान कॉल सेंटर 1800-180-1551 (मुफ़्त) पर कॉल करें या अपने कृषि सहायक से पूछें।',
};

export async function answerQuestion(opts: {
  message: string;
  preferred: Lang;
  myFields: () => Promise<FieldSnapshot[]>;
  model?: ChatModel | null;
  onModelError?: (err: unknown) => void;
}): Promise<ChatAnswer> {
  const lang = detectLanguage(opts.message, opts.preferred);
  const hits = search(opts.message, lang).filter((h) => h.score >= MIN_SCORE);
  const facts = asksAboutOwnData(opts.message) ? groundedAnswer(await opts.myFields(), lang) : null;
  const passages = hits.map(({ id, topic }) => ({ id, topic }));
  if (opts.model) {
    try {
      const reply = await opts.model.answer({ question: opts.message, lang, passages: hits, facts });
      return { reply, language: lang, source: 'language-model', offline: false, passages };
    } catch (err) {
      opts.onModelError?.(err);
    }
  }
  if (facts) return { reply: `${DATA_LABEL[lang]}\n${facts}`, language: lang, source: 'your-data', offline: true, passages: [] };
  if (hits.length === 0) return { reply: NO_MATCH[lang], language: lang, source: 'no-match', offline: true, passages };
  // A second passage is added when it is nearly as relevant (e.g. sowing time + the crop itself).
  const chosen = hits.slice(0, hits[1] && hits[1].score >= 0.75 * hits[0].score ? 2 : 1);
  return {
    reply: `${LABEL[lang]}\n${chosen.map((h) => h.text).join('\n\n')}`,
    language: lang,
    source: 'knowledge-base',
    offline: true,
    passages: chosen.map(({ id, topic }) => ({ id, topic })),
  };
}
