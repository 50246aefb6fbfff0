import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../server/src/domain/chatbot/answer';
import type { FieldSnapshot } from '../../../server/src/domain/chatbot/grounding';
import { search } from '../../../server/src/domain/chatbot/retrieval';
import { detectLanguage } from '../../../server/src/domain/chatbot/text';
import { chooseChatModel } from '../../../server/src/providers/llm/index';
import { json, startStub, type Stub } from '../support/stubServer';

const noFields = async (): Promise<FieldSnapshot[]> => [];
const myField: FieldSnapshot = {
  name: 'Plot 1', fieldId: 'FLD123456ABC', cropName: 'soybean', moisture: 18.4, temperature: 31.2,
  readingAt: new Date('2026-07-10T04:30:00Z'), moistureLow: 25, temperatureHigh: 35,
};

describe('language detection', () => {
  it.each([
    ['सोयाबीन पेरणी कधी करावी?', 'marathi'],
    ['माझ्या शेतातील ओलावा किती आहे?', 'marathi'],
    ['गेहूँ की बुवाई कब करें?', 'hindi'],
    ['मेरे खेत में नमी कितनी है?', 'hindi'],
    ['When should I irrigate?', 'english'],
  ] as const)('%s → %s', (q, lang) => expect(detectLanguage(q)).toBe(lang));
});

describe('retrieval (BM25 over Devanagari and Latin)', () => {
  it.each([
    ['कापसावरील गुलाबी बोंडअळी नियंत्रण', 'marathi', 'pink-bollworm'],
    ['पीएम किसान योजनेचे पैसे किती मिळतात?', 'marathi', 'pm-kisan'],
    ['पीक विमा कसा काढावा', 'marathi', 'pmfby'],
    ['ठिबक सिंचन अनुदान', 'marathi', 'drip-irrigation'],
    ['जमिनीचा सामू जास्त आहे', 'marathi', 'soil-ph'],
    ['गेहूँ की बुवाई कब करें?', 'hindi', 'wheat-gram-rabi'],
    ['What is the PMFBY premium for kharif?', 'english', 'pmfby'],
    ['how to control fall armyworm in maize', 'english', 'fall-armyworm'],
  ] as const)('%s finds %s', (q, lang, id) => {
    expect(search(q, lang).slice(0, 2).map((h) => h.id)).toContain(id);
  });
  it('finds nothing for words the knowledge base does not hold', () => {
    expect(search('bitcoin price tomorrow', 'english')).toEqual([]);
  });
});

describe('offline answers', () => {
  it('answers a Marathi question in Marathi from the knowledge base, labelled offline', async () => {
    const a = await answerQuestion({ message: 'पीएम किसान योजनेचे पैसे किती मिळतात?', preferred: 'english', myFields: noFields });
    expect(a).toMatchObject({ language: 'marathi', source: 'knowledge-base', offline: true });
    expect(a.reply).toContain('ऑफलाइन उत्तर');
    expect(a.reply).toContain('₹6,000');
  });

  it('answers "माझ्या शेतातील ओलावा किती आहे?" from the farmer\'s latest reading with advice', async () => {
    let asked = 0;
    const a = await answerQuestion({
      message: 'माझ्या शेतातील ओलावा किती आहे?',
      preferred: 'marathi',
      myFields: async () => (asked++, [myField]),
    });
    expect(asked).toBe(1);
    expect(a.source).toBe('your-data');
    expect(a.reply).toContain('18.4 %');
    expect(a.reply).toContain('Plot 1');
    expect(a.reply).toContain('पाणी द्या');
  });

  it('does not read the farmer\'s data for a general question', async () => {
    let asked = 0;
    await answerQuestion({ message: 'How much is the PM-KISAN instalment?', preferred: 'english', myFields: async () => (asked++, []) });
    expect(asked).toBe(0);
  });

  it('says it does not know, with the helpline, instead of guessing', async () => {
    const a = await answerQuestion({ message: 'bitcoin price tomorrow', preferred: 'english', myFields: noFields });
    expect(a.source).toBe('no-match');
    expect(a.reply).toContain('1800-180-1551');
  });
});

describe('OpenAI-compatible model (local stub server)', () => {
  let stub: Stub;
  let mode: 'ok' | 'fail' = 'ok';
  beforeAll(async () => {
    stub = await startStub(3511, (req, res) => {
      if (mode === 'fail') return json(res, 503, { error: 'overloaded' });
      const body = JSON.parse(req.body);
      json(res, 200, { choices: [{ message: { role: 'assistant', content: `MODEL(${body.model}): ${body.messages.at(-1).content}` } }] });
    });
  });
  afterAll(() => stub.close());

  it('sends the retrieved passages and the farmer data as context, with the key', async () => {
    const model = chooseChatModel({ llmBaseUrl: `${stub.url}/v1`, llmModel: 'krishi-7b', llmApiKey: 'sk-test' })!;
    const a = await answerQuestion({ message: 'माझ्या शेतातील ओलावा किती आहे?', preferred: 'marathi', myFields: async () => [myField], model });
    expect(a).toMatchObject({ source: 'language-model', offline: false, reply: 'MODEL(krishi-7b): माझ्या शेतातील ओलावा किती आहे?' });
    const call = stub.calls.at(-1)!;
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.headers.authorization).toBe('Bearer sk-test');
    const sent = JSON.parse(call.body);
    expect(sent.messages[0].content).toContain('Marathi');
    expect(sent.messages[0].content).toContain('18.4 %');
  });

  it('falls back to the labelled retrieval answer when the model fails', async () => {
    mode = 'fail';
    const model = chooseChatModel({ llmBaseUrl: stub.url, llmModel: 'krishi-7b' })!;
    const errors: unknown[] = [];
    const a = await answerQuestion({ message: 'ठिबक सिंचन अनुदान', preferred: 'marathi', myFields: noFields, model, onModelError: (e) => errors.push(e) });
    expect(errors).toHaveLength(1);
    expect(a).toMatchObject({ source: 'knowledge-base', offline: true });
    expect(a.reply).toContain('55 %');
  });

  it('is not used unless both base URL and model are configured', () => {
    expect(chooseChatModel({ llmBaseUrl: stub.url })).toBeNull();
    expect(chooseChatModel({})).toBeNull();
  });
});
