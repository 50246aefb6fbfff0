/**
 * Idempotency keys on every write the phone's outbox replays (issue 17, plugins/idempotency.ts): the same key
 * twice → one write and the first answer again; the same key with another body → a translated 409; two
 * requests with one key at once → one write. For each of the five writes: a chatbot question (counted at a
 * stub language model), a leaf photo (disease history rows), an alert acknowledgement (timeline rows, both
 * acknowledge routes), a message (message rows) and a profile edit (the stored profile).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { alertActions, alerts, diseaseDiagnoses, idempotencyKeys, messages, users } from '../../../server/src/db/schema';
import { purgeExpiredIdempotencyKeys } from '../../../server/src/plugins/idempotency';
import { FIXTURE, createTestApp, type TestApp } from '../helper';
import { json, startStub, type Stub } from '../support/stubServer';
import { multipart } from '../support/multipart';
import { leafSvg, renderSvg } from '../disease/support/syntheticLeaves';

let t: TestApp;
let stub: Stub;
const token: Record<string, string> = {};
const U = FIXTURE.users;
const A = FIXTURE.alerts;
/** How long the stub model takes to answer: long enough for a second request to arrive meanwhile. */
const MODEL_DELAY_MS = 300;
let flakyRuns = 0;

beforeAll(async () => {
  stub = await startStub(3577, (req, res) => {
    const body = JSON.parse(req.body);
    setTimeout(() => json(res, 200, { choices: [{ message: { content: `answer ${stub.calls.length} to ${body.messages.at(-1).content.length} chars` } }] }), MODEL_DELAY_MS);
  });
  t = await createTestApp({
    config: { llmBaseUrl: `${stub.url}/v1`, llmModel: 'agri-test', llmApiKey: 'k' },
    // A write that fails the first time it runs (a server error), then succeeds.
    routes: async (app) => {
      app.post('/flaky', { onRequest: app.authenticate, config: { idempotent: true } }, async () => {
        flakyRuns += 1;
        if (flakyRuns === 1) throw new Error('the database went away');
        return { runs: flakyRuns };
      });
    },
  });
  for (const who of ['admin', 'coordinator', 'farmer', 'farmer2'] as const) token[who] = (await t.login(who)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

type Who = keyof typeof token;
const call = (who: Who, method: 'POST' | 'PATCH', url: string, payload: object, key?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...t.auth(token[who]), ...(key ? { 'idempotency-key': key } : {}) } });

const expectReused = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
  expect(res.json().message.hindi).toMatch(/[\u0900-\u097F]/);
  expect(res.json().message.hindi).not.toBe(res.json().message.marathi);
};

describe('a chatbot question', () => {
  const ask = (message: string, key?: string) => call('farmer', 'POST', '/chatbot', { message }, key);

  it('sent twice with one key reaches the model once and answers the first answer again', async () => {
    const before = stub.calls.length;
    const key = randomUUID();
    const first = await ask('How much water does my onion need?', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await ask('How much water does my onion need?', key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(stub.calls.length - before).toBe(1);
    // Without a key every request is its own.
    await ask('How much water does my onion need?');
    expect(stub.calls.length - before).toBe(2);
  });

  it('the same key with another question is a translated 409 and asks nothing', async () => {
    const key = randomUUID();
    expect((await ask('first question', key)).statusCode).toBe(200);
    const before = stub.calls.length;
    expectReused(await ask('another question', key));
    expect(stub.calls.length).toBe(before);
  });

  it('two requests with one key at once: the model is asked once, both get the one answer', async () => {
    const before = stub.calls.length;
    const key = randomUUID();
    const [a, b] = await Promise.all([ask('Is it going to rain?', key), ask('Is it going to rain?', key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(stub.calls.length - before).toBe(1);
  });

  it('a key belongs to its user: another farmer using it gets an answer of their own', async () => {
    const key = randomUUID();
    const before = stub.calls.length;
    expect((await ask('What is PMFBY?', key)).statusCode).toBe(200);
    expect((await call('farmer2', 'POST', '/chatbot', { message: 'What is PMFBY?' }, key)).headers['idempotent-replayed']).toBeUndefined();
    expect(stub.calls.length - before).toBe(2);
  });

  it('a key that is not a UUID is a translated 400', async () => {
    const res = await ask('hello', 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    expect(res.json().message.marathi).toMatch(/[\u0900-\u097F]/);
  });
});

describe('a leaf photo for disease detection', () => {
  let png: Buffer;
  let other: Buffer;
  beforeAll(async () => {
    png = await renderSvg(leafSvg('rust', 77));
    other = await renderSvg(leafSvg('healthy', 12));
  });
  const detect = (image: Buffer, key?: string) => {
    const { payload, headers } = multipart([{ name: 'image', filename: 'leaf.jpg', contentType: 'image/png', data: image }]);
    return t.app.inject({ method: 'POST', url: '/api/v1/disease/detect?lang=english', payload, headers: { ...headers, ...t.auth(token.farmer), ...(key ? { 'idempotency-key': key } : {}) } });
  };
  const history = async () => (await t.db.select().from(diseaseDiagnoses).where(eq(diseaseDiagnoses.userId, U.farmer.id))).length;

  it('sent twice with one key is one diagnosis, answered the same', async () => {
    const before = await history();
    const key = randomUUID();
    const first = await detect(png, key);
    expect(first.statusCode, first.body).toBe(200);
    // A new multipart boundary, the same photo: the same request.
    const again = await detect(png, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await history()) - before).toBe(1);
  });

  it('the same key with another photo is a translated 409 and stores nothing', async () => {
    const key = randomUUID();
    expect((await detect(png, key)).statusCode).toBe(200);
    const before = await history();
    expectReused(await detect(other, key));
    expect(await history()).toBe(before);
  });

  it('two uploads with one key at once are one diagnosis', async () => {
    const before = await history();
    const key = randomUUID();
    const [a, b] = await Promise.all([detect(png, key), detect(png, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect((await history()) - before).toBe(1);
  });
});

describe('an alert acknowledgement', () => {
  const acks = async (id: string) =>
    (await t.db.select().from(alertActions).where(and(eq(alertActions.alertId, id), eq(alertActions.action, 'acknowledged')))).length;
  const reopen = (id: string) =>
    t.db.update(alerts).set({ status: 'active_unack', acknowledgedBy: null, acknowledgedAt: null }).where(eq(alerts.id, id));

  it('a coordinator acknowledging twice with one key: one acknowledgement, the first answer again (not "already acknowledged")', async () => {
    const key = randomUUID();
    const first = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, { comment: 'Called Ramesh' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, { comment: 'Called Ramesh' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await acks(A.farmer)).toBe(1);
    // A fresh acknowledgement (another key) is refused as before: the alert is acknowledged.
    expect((await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, {}, randomUUID())).statusCode).toBe(409);
  });

  it('the same key with another comment is a translated 409 and changes nothing', async () => {
    await reopen(A.farmer);
    const key = randomUUID();
    const before = await acks(A.farmer);
    expect((await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, { comment: 'one' }, key)).statusCode).toBe(200);
    expectReused(await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, { comment: 'two' }, key));
    expect((await acks(A.farmer)) - before).toBe(1);
  });

  it('the admin route: twice with one key, and twice at once, one acknowledgement each', async () => {
    await reopen(A.farmer);
    const before = await acks(A.farmer);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      call('admin', 'PATCH', `/admin/alerts/${A.farmer}/acknowledge`, {}, key),
      call('admin', 'PATCH', `/admin/alerts/${A.farmer}/acknowledge`, {}, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const c = await call('admin', 'PATCH', `/admin/alerts/${A.farmer}/acknowledge`, {}, key);
    expect(c.json()).toEqual(a.json());
    expect((await acks(A.farmer)) - before).toBe(1);
  });

  it('a refusal is remembered too: the replay of a 409 is the same 409, not a late success', async () => {
    // The alert is acknowledged now; this acknowledgement is refused …
    const key = randomUUID();
    const refused = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, {}, key);
    expect(refused.statusCode).toBe(409);
    await reopen(A.farmer);
    const before = await acks(A.farmer);
    // … and its replay, after the alert was reopened, answers the same refusal and writes nothing.
    const replay = await call('coordinator', 'PATCH', `/alerts/${A.farmer}/acknowledge`, {}, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(refused.json());
    expect(await acks(A.farmer)).toBe(before);
  });
});

describe('a message', () => {
  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.senderId, U.coordinator.id)))[0].n;
  const send = (message: string, key?: string) => call('coordinator', 'POST', '/coordinator/send-message', { farmerIds: [U.farmer.id], subject: 'Pump', message }, key);

  it('sent twice with one key is one message, answered the same', async () => {
    const before = await count();
    const key = randomUUID();
    const first = await send('Check the pump today', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('Check the pump today', key);
    expect(again.json()).toEqual(first.json());
    expect((await count()) - before).toBe(1);
  });

  it('the same key with another text is a translated 409; two at once are one message', async () => {
    const key = randomUUID();
    expect((await send('one', key)).statusCode).toBe(200);
    const before = await count();
    expectReused(await send('two', key));
    expect(await count()).toBe(before);
    const both = randomUUID();
    const [a, b] = await Promise.all([send('together', both), send('together', both)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect((await count()) - before).toBe(1);
  });
});

describe('a profile edit', () => {
  const stored = async () => (await t.db.select().from(users).where(eq(users.id, U.farmer2.id)))[0];
  const edit = (body: object, key?: string) => call('farmer2', 'PATCH', '/auth/profile', body, key);

  it('replayed after a later edit, it answers its first answer and does not undo the later edit', async () => {
    const key = randomUUID();
    const first = await edit({ village: 'Shirur' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await edit({ village: 'Junnar' })).statusCode).toBe(200);
    const replay = await edit({ village: 'Shirur' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await stored()).village).toBe('Junnar');
  });

  it('the same key with another body is a translated 409 and changes nothing', async () => {
    const key = randomUUID();
    expect((await edit({ district: 'Pune' }, key)).statusCode).toBe(200);
    expectReused(await edit({ district: 'Satara' }, key));
    expect((await stored()).district).toBe('Pune');
  });

  it('two edits with one key at once are one write', async () => {
    const key = randomUUID();
    const before = (await stored()).updatedAt;
    const [a, b] = await Promise.all([edit({ state: 'Maharashtra', village: 'Wai' }, key), edit({ village: 'Wai', state: 'Maharashtra' }, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const after = await stored();
    expect(after.village).toBe('Wai');
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    const [row] = await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, U.farmer2.id), eq(idempotencyKeys.key, key)));
    expect(row).toMatchObject({ route: 'PATCH /api/v1/auth/profile', statusCode: 200 });
  });
});

describe('remembering', () => {
  it('keeps a key IDEMPOTENCY_DAYS and forgets it after; a forgotten key runs again', async () => {
    const key = randomUUID();
    const send = () => call('coordinator', 'POST', '/coordinator/send-message', { farmerIds: [U.farmer.id], subject: 'Old', message: 'old' }, key);
    expect((await send()).statusCode).toBe(200);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(t.config.idempotencyDays, 3);
    const kept = () => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await purgeExpiredIdempotencyKeys(t.db, new Date(row.expiresAt.getTime() - 1000));
    expect(await kept()).toHaveLength(1);
    expect(await purgeExpiredIdempotencyKeys(t.db, new Date(row.expiresAt.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    expect((await send()).headers['idempotent-replayed']).toBeUndefined();
  });

  it('a server error is not remembered: the retry runs for real, and its answer is the one replayed', async () => {
    const key = randomUUID();
    const flaky = () => call('farmer', 'POST', '/test/flaky', { n: 1 }, key);
    expect((await flaky()).statusCode).toBe(500);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retried = await flaky();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ runs: 2 });
    expect((await flaky()).json()).toEqual({ runs: 2 });
    expect(flakyRuns).toBe(2);
  });
});
