import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper';
import { json, startStub, type Stub } from '../support/stubServer';

let t: TestApp;
let token: string;
let ip = 0;
/** Each test speaks from its own address so the per-client rate limit only counts its own requests. */
const ask = (message: unknown, from = `10.7.0.${++ip}`, auth = token) =>
  t.app.inject({ method: 'POST', url: '/api/v1/chatbot', payload: { message }, headers: t.auth(auth), remoteAddress: from });

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('farmer')).accessToken;
});
afterAll(() => t.close());

describe('POST /chatbot', () => {
  it('answers a question about the farmer\'s own field from their latest reading', async () => {
    const res = await ask('माझ्या शेतातील ओलावा किती आहे?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'your-data', language: 'marathi', offline: true });
    expect(body.reply).toContain(t.fixture.fields.farmer.fieldId);
    expect(body.reply).toContain('21.0 %');
    expect(body.reply).not.toContain(t.fixture.fields.farmer2.fieldId);
  });

  it('answers a general question from the knowledge base, in the language asked', async () => {
    const res = await ask('What is the PMFBY premium for kharif crops?');
    expect(res.json()).toMatchObject({ source: 'knowledge-base', language: 'english', offline: true });
    expect(res.json().reply).toContain('2 %');
  });

  it('answers a price question, even one about "my" onion, with where prices are published, not with sensor readings', async () => {
    const res = await ask('माझ्या कांद्याला आज किती भाव मिळेल?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'knowledge-base', language: 'marathi', passages: [{ id: 'market-prices', topic: 'market' }] });
    expect(body.reply).not.toContain(t.fixture.fields.farmer.fieldId);
    expect(body.reply).toContain('enam.gov.in');
  });

  it.each([
    ['an empty message', ''],
    ['a whitespace-only message', '   \n\t '],
    ['a 10,000-character message', 'क'.repeat(10_000)],
    ['a number', 42],
  ])('refuses %s with a translated 400', async (_what, message) => {
    const res = await ask(message);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses unknown fields and needs a session', async () => {
    const extra = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot', payload: { message: 'hi', admin: true }, headers: t.auth(token) });
    expect(extra.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/chatbot', payload: { message: 'hi' } });
    expect(anon.statusCode).toBe(401);
  });

  it('is rate limited per user (CHAT_PER_USER_PER_MINUTE), whatever address each message comes from', async () => {
    const own = (await t.login('farmer3')).accessToken;
    for (let i = 0; i < t.config.chatPerUserPerMinute; i++) expect((await ask('पीक विमा', undefined, own)).statusCode).toBe(200);
    const limited = await ask('पीक विमा', undefined, own);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('POST /chatbot with a language model configured (local stub)', () => {
  let stub: Stub;
  let withModel: TestApp;
  beforeAll(async () => {
    stub = await startStub(3521, (req, res) => {
      const body = JSON.parse(req.body);
      json(res, 200, { choices: [{ message: { content: `[${body.model}] ${body.messages[0].content.includes('Ramesh Patil plot') ? 'grounded' : 'general'}` } }] });
    });
    withModel = await createTestApp({ config: { llmBaseUrl: `${stub.url}/v1`, llmModel: 'agri-test', llmApiKey: 'k' } });
  });
  afterAll(async () => {
    await withModel.close();
    await stub.close();
  });

  it('sends the farmer\'s readings as context and returns the model\'s answer', async () => {
    const { accessToken } = await withModel.login('farmer');
    const res = await withModel.app.inject({
      method: 'POST', url: '/api/v1/chatbot', payload: { message: 'What is the moisture in my field?' }, headers: withModel.auth(accessToken),
    });
    expect(res.json()).toMatchObject({ source: 'language-model', offline: false, reply: '[agri-test] grounded' });
    expect(stub.calls.at(-1)!.headers.authorization).toBe('Bearer k');
  });
});
