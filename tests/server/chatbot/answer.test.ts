import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../server/src/domain/chatbot/answer';
import type { FieldSnapshot } from '../../../server/src/domain/chatbot/grounding';
import { read } from '../../../server/src/domain/chatbot/concepts';
import { asksAboutOwnData } from '../../../server/src/domain/chatbot/grounding';
import { rank, search } from '../../../server/src/domain/chatbot/retrieval';
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
    ['कल मौसम कैसा रहेगा', 'hindi'],
    ['kanda bhav aaj kay ahe', 'marathi'],
    ['majhya shetat olava kiti ahe', 'marathi'],
    ['mere khet mein nami kitni hai', 'hindi'],
    ['pigeon pea wilt', 'english'],
    ['What is the price of onion today?', 'english'],
    ['तुरीची झाडे अचानक वाळली', 'marathi'],
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
  it('counts words the knowledge base never uses, and subjects it does not cover, against the question', () => {
    const r = rank('bitcoin price tomorrow', 'english');
    expect(r.unknown).toBeGreaterThan(r.known);
    const cow = rank('गाईचे दूध वाढवण्यासाठी काय करावे', 'marathi');
    expect(cow.concepts).toEqual(['livestock']);
    expect(cow.known).toBeLessThanOrEqual(cow.unknown);
  });
});

describe('concepts: Marathi, Hindi, English and romanised words meet', () => {
  it.each([
    ['सोयाबीनवर', 'soybean'], ['soyabean', 'soybean'], ['soya', 'soybean'], ['सोयाबिन', 'soybean'],
    ['कांद्याचा', 'onion'], ['kanda', 'onion'], ['kandyavar', 'onion'], ['प्याज', 'onion'],
    ['तुरीवरील', 'tur'], ['pigeon pea', 'tur'], ['arhar', 'tur'], ['अरहर', 'tur'],
    ['पिवळे', 'yellow'], ['पीले', 'yellow'], ['pivli', 'yellow'], ['ठिपके', 'spots'], ['धब्बे', 'spots'], ['thipke', 'spots'],
    ['गेहूँ', 'wheat'], ['हरभऱ्यावरील', 'gram'], ['भाव', 'price'], ['bhav', 'price'],
  ])('%s → %s', (word, concept) => expect(read(word).concepts).toEqual([concept]));

  it('reads a phrase as one concept: a seed rate is not a market rate, a white fly is not a white sign', () => {
    expect(read('seed rate').concepts).toEqual(['seed']);
    expect(read('पांढरी माशी').concepts).toEqual(['whitefly']);
    expect(read('शेती').concepts).toEqual(['cultivation']);
  });
});

describe('the right entry for the questions of issue 14', () => {
  it('"Yellow spots on soybean" is yellow mosaic, not the tur entry that mentions soybean', () => {
    for (const [q, lang] of [['Yellow spots on soybean', 'english'], ['सोयाबीनवर पिवळे ठिपके', 'marathi'], ['सोयाबीन पर पीले धब्बे', 'hindi']] as const) {
      expect(search(q, lang)[0].id).toBe('soybean-yellow-mosaic');
    }
  });

  it('"today\'s onion price" says there is no live price feed and where prices are, inventing no number, without reading the sensors', async () => {
    let asked = 0;
    const a = await answerQuestion({ message: "today's onion price", preferred: 'marathi', myFields: async () => (asked++, [myField]) });
    expect(asked).toBe(0);
    expect(a).toMatchObject({ source: 'knowledge-base', language: 'english' });
    expect(a.passages[0].id).toBe('market-prices');
    expect(a.reply).toContain('no live price feed');
    expect(a.reply).toContain('enam.gov.in');
    expect(a.reply).not.toMatch(/₹|rs\.?\s*\d/i);
    const mr = await answerQuestion({ message: 'आजचा कांद्याचा भाव काय आहे?', preferred: 'marathi', myFields: noFields });
    expect(mr.language).toBe('marathi');
    expect(mr.reply).toContain('थेट बाजारभावाची माहिती येत नाही');
  });
});

describe('one answer unless the question fits two', () => {
  it.each([
    ['onion fertilizer per hectare', 'onion'],
    ['सिंचाई कब करें', 'irrigation-when'],
    ['हरभरा पिकात अळी', 'gram-pod-borer'],
  ])('%s → only %s', async (q, id) => {
    const a = await answerQuestion({ message: q, preferred: 'marathi', myFields: noFields });
    expect(a.passages.map((p) => p.id)).toEqual([id]);
  });
});

describe('grounding in the farmer\'s own data', () => {
  it.each(['my field moisture', 'माझ्या शेतातील ओलावा किती आहे?', 'मेरे खेत में नमी कितनी है?', 'majhya shetat olava kiti ahe', 'What is the temperature in my field?', 'माझ्या शेताला पाणी द्यावे का?'])(
    'reads the sensors for "%s"',
    (q) => expect(asksAboutOwnData(q)).toBe(true),
  );
  it.each(["today's onion price", 'माझ्या कांद्याचा भाव', 'माझ्या शेतात सोयाबीनवर पिवळे ठिपके आहेत', 'my field fertiliser dose', 'soil moisture for wheat'])(
    'does not read the sensors for "%s"',
    (q) => expect(asksAboutOwnData(q)).toBe(false),
  );
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

  it('says so in the asker\'s language and lists what it can answer', async () => {
    const mr = await answerQuestion({ message: 'शेळीपालन कसे करावे', preferred: 'english', myFields: noFields });
    expect(mr).toMatchObject({ source: 'no-match', language: 'marathi', passages: [] });
    expect(mr.reply).toContain('माहितीसंग्रहात नाही');
    expect(mr.reply).toContain('पीक विमा');
    expect(mr.reply).toContain('बाजारभाव कुठे पहावे');
    const hi = await answerQuestion({ message: 'कल मौसम कैसा रहेगा', preferred: 'marathi', myFields: noFields });
    expect(hi).toMatchObject({ source: 'no-match', language: 'hindi' });
    expect(hi.reply).toContain('मंडी भाव कहाँ देखें');
    const en = await answerQuestion({ message: 'who won the cricket match', preferred: 'marathi', myFields: noFields });
    expect(en.reply).toContain('I can answer about');
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
