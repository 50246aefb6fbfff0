/**
 * A coordinator's message reaches the farmer's phone through the configured SMS gateway (SMS_URL), not only
 * the outbox — sent by the app's notification worker from the queue — and every signed-in device of the farmer
 * is told their new count of unread messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageRecipients, outbox, users } from '../../../server/src/db/schema';
import { createTestApp, FIXTURE, type TestApp } from '../helper';
import { json, startStub, type Stub } from '../support/stubServer';

let t: TestApp;
let gateway: Stub;
let failGateway = false;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  gateway = await startStub(3531, (_req, res) => json(res, failGateway ? 502 : 200, { ok: !failGateway }));
  t = await createTestApp({ config: { smsUrl: `${gateway.url}/send`, smsApiKey: 'gw-key' } });
  await t.db.update(users).set({ phoneNumber: '9822011111' }).where(eq(users.id, FIXTURE.users.farmer.id));
  await t.db.update(users).set({ phoneNumber: '9822022222' }).where(eq(users.id, FIXTURE.users.farmer2.id));
  for (const who of ['coordinator', 'farmer'] as const) tokens[who] = (await t.login(who)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
});

const send = (farmerIds: string[], subject: string, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/coordinator/send-message', headers: t.auth(tokens.coordinator), payload: { farmerIds, subject, message } });
const smsStatus = async (messageId: string, farmerId: string) =>
  (await t.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, messageId))).find((r) => r.farmerId === farmerId)?.smsStatus;
/** Waits (at most 10 s) until `check` holds: the worker delivers after the request has answered. */
async function eventually(check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('message delivery', () => {
  it('texts each farmer through the SMS gateway, not the outbox, and records it as sent', async () => {
    const res = await send([FIXTURE.users.farmer.id, FIXTURE.users.farmer2.id], 'Rain', 'Cover the onions');
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => gateway.calls.length >= 2);
    const texts = gateway.calls.map((c) => ({ auth: c.headers.authorization, ...JSON.parse(c.body) }));
    // In each farmer's language (the fixture's farmers read Marathi), with the message's own words.
    expect(texts).toEqual(
      expect.arrayContaining([
        { auth: 'Bearer gw-key', to: '+919822011111', message: 'शेतमित्र: नवीन संदेश: Rain: Cover the onions' },
        { auth: 'Bearer gw-key', to: '+919822022222', message: 'शेतमित्र: नवीन संदेश: Rain: Cover the onions' },
      ]),
    );
    expect(await t.db.select().from(outbox).where(eq(outbox.channel, 'sms'))).toEqual([]);
    const id = res.json().messageId as string;
    await eventually(async () => (await smsStatus(id, FIXTURE.users.farmer.id)) === 'sent');
  });

  it('a gateway that refuses is recorded as retrying (the queue tries again later); the message is still in the inbox', async () => {
    failGateway = true;
    try {
      const res = await send([FIXTURE.users.farmer2.id], 'Seeds', 'Collect them on Monday');
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().messageId as string;
      await eventually(async () => (await smsStatus(id, FIXTURE.users.farmer2.id)) === 'retrying');
      const box = await t.db.select().from(messageRecipients).where(eq(messageRecipients.farmerId, FIXTURE.users.farmer2.id));
      expect(box.map((r) => r.messageId)).toContain(id);
    } finally {
      failGateway = false;
    }
  });

  it("pushes the farmer's unread count on a new message and again when one is read", async () => {
    const socket = await t.connectAs(tokens.farmer);
    try {
      const counts: number[] = [];
      socket.on('inbox:unread', ({ unread }) => counts.push(unread));
      const before = (await t.app.inject({ method: 'GET', url: '/api/v1/messages', headers: t.auth(tokens.farmer) })).json().unread;
      const next = () => new Promise<number>((resolve) => socket.once('inbox:unread', ({ unread }) => resolve(unread)));
      let pushed = next();
      expect((await send([FIXTURE.users.farmer.id], 'Fair', 'Kisan fair on Sunday')).statusCode).toBe(200);
      expect(await pushed).toBe(before + 1);
      const box = (await t.app.inject({ method: 'GET', url: '/api/v1/messages', headers: t.auth(tokens.farmer) })).json();
      pushed = next();
      await t.app.inject({ method: 'POST', url: `/api/v1/messages/${box.messages[0]._id}/read`, headers: t.auth(tokens.farmer) });
      expect(await pushed).toBe(before);
      expect(counts).toEqual([before + 1, before]);
    } finally {
      socket.close();
    }
  });
});
