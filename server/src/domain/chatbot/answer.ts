/**
 * Answers one chat message: in the language it was asked in, from the farmer's own data when the
 * question is about their field, from the curated knowledge base otherwise, and through a language
 * model when one is configured (with the same passages as its only context). Without a model, or
 * when the model fails, the retrieval answer is given and labelled as such. When the knowledge base
 * has no entry for the question, the bot says so and lists what it can answer, rather than giving
 * the nearest passage.
 */
import type { ChatModel } from '../../providers/llm/index';
import { asksAboutOwnData, groundedAnswer, type FieldSnapshot } from './grounding';
import { rank } from './retrieval';
import type { Lang } from '../language';
import { detectLanguage } from './text';

export type ChatSource = 'your-data' | 'knowledge-base' | 'language-model' | 'no-match';
export type ChatAnswer = { reply: string; language: Lang; source: ChatSource; offline: boolean; passages: { id: string; topic: string }[] };

/**
 * Below this score the best entry shares no more with the question than one general topic word
 * mentioned in passing: a coincidence of words, not an answer. One topic the entry is about (1.5,
 * 'when to give urea') is enough; a crop mentioned in passing (0.9) is not.
 */
export const MIN_SCORE = 1.5;
/**
 * A second entry is shown only when it is nearly as relevant as the first: the question fits both
 * (yellow spots on soybean: yellow mosaic, and leaf spots). Below this share it is noise (onion
 * fertiliser does not need the purple-blotch entry).
 */
const SECOND = 0.85;

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
  english:
    'My knowledge base has no answer to that, and I would rather not guess.\n' +
    'I can answer about: soybean, cotton, tur, onion, sugarcane, wheat and gram, grapes and pomegranate; sowing, irrigation and drip subsidy, fertiliser and yellowing leaves, soil and pH; pests and diseases of these crops; PM-KISAN, crop insurance (PMFBY), Kisan Credit Card, Soil Health Card; where to see market prices; and the moisture and temperature of your own fields.\n' +
    'For anything else call the Kisan Call Centre on 1800-180-1551 (free) or ask your Krishi Sahayak.',
  marathi:
    'याचे उत्तर माझ्या माहितीसंग्रहात नाही, आणि मी अंदाजाने उत्तर देणार नाही.\n' +
    'मी या विषयांवर उत्तर देऊ शकतो: सोयाबीन, कापूस, तूर, कांदा, ऊस, गहू व हरभरा, द्राक्ष व डाळिंब; पेरणी, पाणी व ठिबक अनुदान, खते व पिवळी पाने, जमीन व सामू; या पिकांवरील कीड व रोग; पीएम-किसान, पीक विमा, किसान क्रेडिट कार्ड, मृदा आरोग्य पत्रिका; बाजारभाव कुठे पहावे; आणि तुमच्या शेतातील ओलावा व तापमान.\n' +
    'इतर प्रश्नांसाठी किसान कॉल सेंटर 1800-180-1551 (मोफत) वर संपर्क करा किंवा तुमच्या कृषी सहाय्यकाला विचारा.',
  hindi:
    'इसका उत्तर मेरे ज्ञानकोश में नहीं है, और मैं अनुमान से उत्तर नहीं दूँगा।\n' +
    'मैं इन विषयों पर उत्तर दे सकता हूँ: सोयाबीन, कपास, अरहर, प्याज, गन्ना, गेहूँ और चना, अंगूर और अनार; बुवाई, सिंचाई और टपक सिंचाई अनुदान, उर्वरक और पीली पत्तियाँ, मिट्टी और पीएच; इन फसलों के कीट और रोग; पीएम-किसान, फसल बीमा, किसान क्रेडिट कार्ड, मृदा स्वास्थ्य कार्ड; मंडी भाव कहाँ देखें; और आपके अपने खेतों की नमी और तापमान।\n' +
    'अन्य प्रश्नों के लिए किसान कॉल सेंटर 1800-180-1551 (मुफ़्त) पर कॉल करें या अपने कृषि सहायक से पूछें।',
};

export async function answerQuestion(opts: {
  message: string;
  preferred: Lang;
  myFields: () => Promise<FieldSnapshot[]>;
  model?: ChatModel | null;
  onModelError?: (err: unknown) => void;
}): Promise<ChatAnswer> {
  const lang = detectLanguage(opts.message, opts.preferred);
  const ranking = rank(opts.message, lang);
  // Nothing, or no more than a coincidence, or a question mostly about things the knowledge base never speaks of.
  const answerable = ranking.unknown <= ranking.known;
  const hits = answerable ? ranking.hits.filter((h) => h.score >= MIN_SCORE).slice(0, 3) : [];
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
  const chosen = hits.slice(0, hits[1] && hits[1].score >= SECOND * hits[0].score ? 2 : 1);
  return {
    reply: `${LABEL[lang]}\n${chosen.map((h) => h.text).join('\n\n')}`,
    language: lang,
    source: 'knowledge-base',
    offline: true,
    passages: chosen.map(({ id, topic }) => ({ id, topic })),
  };
}
