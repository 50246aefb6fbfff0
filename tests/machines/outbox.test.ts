/**
 * The outbox machine in fixed scenarios whose expectations are written out here, not read from the machine
 * (tests/model/outbox.model.test.tsx checks the header's indicator against the machine's own snapshots). The real
 * outbox runs underneath (services/outbox.ts, its in-memory store: jsdom has no IndexedDB) and delivers to a real HTTP
 * server standing in for the API: whose items are loaded, which item is sent when and with which key, what each
 * answer does to the list, what the browser's connectivity and a new write do, and which items the user may discard
 * or send again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { outboxMachine, refusedItems, staleItem, waitingItems } from '@/machines/outbox.machine';
import { setAuthBridge } from '@/services/http';
import { deliver, listOutbox, OUTBOX_SYNC_MESSAGE, queueRequest, sendOrQueue, useMemoryOutbox, type OutboxItem } from '@/services/outbox';
import { startApiServer, type ApiAnswer, type ApiRequest, type ApiServer } from '../support/apiServer';
import { startHeld } from '../support/heldCalls';

const DAY = 86_400_000;
const jwt = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
let token: string | null = jwt('u1');

/** A chat question queued by `user` (the signed-in one unless said), `ageMs` ago. */
async function queued(question: string, { user = 'u1', ageMs = 0 } = {}): Promise<OutboxItem> {
  const was = token;
  token = jwt(user);
  if (ageMs) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - ageMs);
  }
  const item = await queueRequest('chat', { method: 'post', url: '/chatbot', body: { message: question } }, question, `key-${question}`);
  vi.useRealTimers();
  token = was;
  return item;
}

let api: ApiServer | undefined;
/** The API: each answer in turn for /chatbot (the last one repeats). */
async function answering(...answers: ApiAnswer[]) {
  let n = 0;
  api = await startApiServer((r: ApiRequest) => (r.path === '/api/v1/chatbot' ? answers[Math.min(n++, answers.length - 1)] : { status: 404 }));
  return api;
}
const sent = () => api!.calls('/chatbot');

/** Every machine started by a test, stopped after it (a running one would hear the next test's events). */
const started: { stop(): void }[] = [];
/** Waits for `check` with the real setTimeout (vi.waitFor polls with setInterval, which one test fakes). */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

function start(input: { userId?: string | null; online?: boolean; maxAgeMs?: number } = {}) {
  const actor = createActor(outboxMachine, { input: { userId: 'u1', online: true, ...input } }).start();
  started.push(actor);
  return {
    actor,
    send: (e: Parameters<typeof actor.send>[0]) => actor.send(e),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    until,
  };
}

beforeEach(() => {
  useMemoryOutbox();
  token = jwt('u1');
  setAuthBridge({ getAccessToken: () => token, refresh: async () => null });
});
afterEach(async () => {
  started.splice(0).forEach((a) => a.stop());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the outbox: what it sends', () => {
  it("sends the signed-in user's items, oldest first, one at a time, each with its own key, and lists what is left", async () => {
    await answering({ status: 200, body: { reply: 'ok' } });
    const first = await queued('first');
    const second = await queued('second');
    await queued('not mine', { user: 'u2' });
    const t = start();
    await t.until(() => t.value() === 'online' && t.ctx().items.length === 0);
    expect(sent().map((r) => [r.body, r.idempotencyKey])).toEqual([
      [{ message: 'first' }, first.idempotencyKey],
      [{ message: 'second' }, second.idempotencyKey],
    ]);
    expect(await listOutbox('u1')).toEqual([]);
    expect(await listOutbox('u2')).toHaveLength(1);
    t.actor.stop();
  });

  it('with nobody signed in it loads nothing and sends nothing', async () => {
    await answering({ status: 200, body: {} });
    await queued('first');
    const t = start({ userId: null });
    await t.until(() => t.value() === 'online');
    expect(t.ctx().items).toEqual([]);
    expect(sent()).toHaveLength(0);
    t.actor.stop();
  });

  it('a refusal keeps the item with the reason until the user discards it; the next is sent', async () => {
    await answering({ status: 409, body: { statusCode: 409, message: 'already cleared' } }, { status: 200, body: {} });
    const first = await queued('first');
    await queued('second');
    const t = start();
    await t.until(() => sent().length === 2 && t.value() === 'online');
    expect(t.ctx().items).toHaveLength(1);
    expect(t.ctx().items[0]).toMatchObject({ id: first.id, status: 'refused', lastError: { status: 409 } });
    expect(refusedItems(t.ctx()).map((i) => i.id)).toEqual([first.id]);
    expect(waitingItems(t.ctx())).toEqual([]);
    t.send({ type: 'outbox.discard', id: first.id });
    expect(t.ctx().items).toEqual([]);
    await t.until(() => true);
    expect(await listOutbox('u1')).toEqual([]);
    // The store's notice that it was discarded does not bring it back.
    expect(t.ctx().items).toEqual([]);
    t.actor.stop();
  });

  it("a server that says 'not now' (5xx) keeps the item waiting; the next nudge sends it", async () => {
    await answering({ status: 503, body: { statusCode: 503, message: 'busy' } }, { status: 200, body: {} });
    const first = await queued('first');
    const t = start();
    await t.until(() => t.value() === 'waiting');
    expect(t.ctx().items).toEqual([expect.objectContaining({ id: first.id, status: 'queued', attempts: 2 })]);
    expect(waitingItems(t.ctx())).toHaveLength(1);
    t.send({ type: 'outbox.sync' });
    await t.until(() => t.ctx().items.length === 0);
    expect(sent()).toHaveLength(2);
    expect(sent()[1].idempotencyKey).toBe(first.idempotencyKey);
    t.actor.stop();
  });

  it("no answer while the browser says offline: it waits offline; a sync that gets through sends the rest too", async () => {
    await answering({ status: 503, body: {} }, { status: 200, body: {} });
    await queued('first');
    await queued('second');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = start();
    await t.until(() => t.value() === 'offline');
    expect(t.ctx().online).toBe(false);
    expect(sent()).toHaveLength(1);
    // The list shows the item as the try left it (queued again, one more attempt), as the store holds it.
    expect(t.ctx().items).toEqual(await listOutbox('u1'));
    expect(t.ctx().items[0]).toMatchObject({ status: 'queued', attempts: 2 });
    // The service worker's Background Sync (or a nudge): the network is back before the browser's 'online' event.
    online.mockReturnValue(true);
    t.send({ type: 'outbox.sync' });
    await t.until(() => t.ctx().items.length === 0);
    expect(sent().map((r) => r.body)).toEqual([{ message: 'first' }, { message: 'first' }, { message: 'second' }]);
    expect(t.value()).toBe('online');
    expect(t.ctx().online).toBe(true);
  });

  it('the browser going offline during a try that gets no answer: offline; during one that is answered: online', async () => {
    await answering({ status: 503, body: {}, delayMs: 150 }, { status: 200, body: {}, delayMs: 150 });
    await queued('first');
    const t = start();
    await t.until(() => t.value() === 'syncing');
    t.send({ type: 'outbox.offline' });
    await t.until(() => t.value() === 'offline');
    expect(t.ctx().items).toHaveLength(1);
    t.send({ type: 'outbox.sync' });
    await t.until(() => t.value() === 'syncing');
    t.send({ type: 'outbox.offline' });
    await t.until(() => t.ctx().items.length === 0);
    expect(t.value()).toBe('online');
  });

  it("an item older than the limit is never sent by itself: 'send now' sends it with its key, counted from now", async () => {
    await answering({ status: 200, body: {} });
    const old = await queued('old', { ageMs: 8 * DAY });
    const t = start();
    await t.until(() => t.value() === 'online' && t.ctx().items.length === 1);
    expect(staleItem(t.ctx(), t.ctx().items[0])).toBe(true);
    expect(sent()).toHaveLength(0);
    t.send({ type: 'outbox.resend', id: old.id });
    await t.until(() => t.ctx().items.length === 0);
    expect(sent().map((r) => r.idempotencyKey)).toEqual([old.idempotencyKey]);
    t.actor.stop();
  });

  it('the age limit is the one given: a day here', async () => {
    await answering({ status: 200, body: {} });
    await queued('two days', { ageMs: 2 * DAY });
    await queued('an hour', { ageMs: 3_600_000 });
    const t = start({ maxAgeMs: DAY });
    await t.until(() => sent().length === 1 && t.value() === 'online');
    expect(sent()[0].body).toEqual({ message: 'an hour' });
    expect(t.ctx().items.map((i) => i.summary)).toEqual(['two days']);
    t.actor.stop();
  });
});

describe('the outbox: what the user may do', () => {
  it('discards only a refused item or one too old; a fresh waiting one stays', async () => {
    await answering({ status: 200, body: {} });
    const fresh = await queued('fresh');
    const old = await queued('old', { ageMs: 8 * DAY });
    const t = start({ online: false });
    await t.until(() => t.value() === 'offline' && t.ctx().items.length === 2);
    // Oldest first.
    expect(t.ctx().items.map((i) => i.id)).toEqual([old.id, fresh.id]);
    t.send({ type: 'outbox.discard', id: fresh.id });
    t.send({ type: 'outbox.discard', id: 'nothing' });
    expect(t.ctx().items.map((i) => i.id)).toEqual([old.id, fresh.id]);
    t.send({ type: 'outbox.discard', id: old.id });
    expect(t.ctx().items.map((i) => i.id)).toEqual([fresh.id]);
    await t.until(() => true);
    expect((await listOutbox('u1')).map((i) => i.id)).toEqual([fresh.id]);
    t.actor.stop();
  });

  it("sends again only an old one; offline it waits, queued, its age counted from now and its refusal forgotten", async () => {
    const fresh = await queued('fresh');
    const old = await queued('old', { ageMs: 8 * DAY });
    const t = start({ online: false });
    await t.until(() => t.ctx().items.length === 2);
    t.send({ type: 'outbox.resend', id: fresh.id });
    expect(t.ctx().items.find((i) => i.id === fresh.id)).toEqual(fresh);
    const before = Date.now();
    t.send({ type: 'outbox.resend', id: old.id });
    const again = t.ctx().items.find((i) => i.id === old.id)!;
    expect(again).toMatchObject({ status: 'queued', lastError: null, idempotencyKey: old.idempotencyKey });
    expect(again.createdAt).toBeGreaterThanOrEqual(before);
    expect(t.value()).toBe('offline');
    await t.until(() => true);
    const stored = (await listOutbox('u1')).find((i) => i.id === old.id)!;
    expect(stored.createdAt).toBeGreaterThanOrEqual(before);
    t.actor.stop();
  });
});

describe("the outbox: the browser's connectivity and new writes", () => {
  it('offline, a new write waits; online again, it is sent', async () => {
    await answering({ status: 200, body: {} });
    const t = start({ online: false });
    await t.until(() => t.value() === 'offline');
    const item = await queued('new');
    expect(t.ctx().items.map((i) => i.id)).toEqual([item.id]);
    expect(t.value()).toBe('offline');
    window.dispatchEvent(new Event('online'));
    await t.until(() => t.ctx().items.length === 0);
    expect(t.ctx().online).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(t.value()).toBe('offline');
    expect(t.ctx().online).toBe(false);
    t.actor.stop();
  });

  it("another user's write is not listed; a write made while it loads is kept", async () => {
    await answering({ status: 200, body: {} });
    const t = start({ online: false });
    const mine = await queued('mine');
    await queued('theirs', { user: 'u2' });
    await t.until(() => t.value() === 'offline');
    expect(t.ctx().items.map((i) => i.summary)).toEqual(['mine']);
    expect(t.ctx().items[0].id).toBe(mine.id);
    t.actor.stop();
  });

  it("waiting after a 'not now', a new write or the online event tries again", async () => {
    await answering({ status: 503, body: {} }, { status: 503, body: {} }, { status: 200, body: {} });
    await queued('first');
    const t = start();
    await t.until(() => t.value() === 'waiting');
    await queued('second');
    await t.until(() => sent().length === 2 && t.value() === 'waiting');
    window.dispatchEvent(new Event('online'));
    await t.until(() => t.ctx().items.length === 0);
    expect(sent().map((r) => r.body)).toEqual([{ message: 'first' }, { message: 'first' }, { message: 'first' }, { message: 'second' }]);
    t.actor.stop();
  });

  it('waiting, the online event counts it online: a try that gets "not now" again waits, it does not go offline', async () => {
    await answering({ status: 503, body: {} });
    await queued('first');
    const t = start();
    await t.until(() => t.value() === 'waiting');
    window.dispatchEvent(new Event('online'));
    expect(t.ctx().online).toBe(true);
    await t.until(() => sent().length === 2 && t.value() === 'waiting');
    expect(t.ctx().online).toBe(true);
    t.actor.stop();
  });

  it('with no connectivity given, it starts as the browser says', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = start({ online: undefined });
    await t.until(() => t.value() === 'offline');
    expect(t.ctx().online).toBe(false);
    t.actor.stop();
  });

  it('stopped in a browser without a service worker, it leaves no nudge running', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = start({ online: false });
    expect(vi.getTimerCount()).toBe(1);
    t.actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waiting, the offline event or a resend of an old item is heard too', async () => {
    await answering({ status: 503, body: {} }, { status: 200, body: {} });
    await queued('first');
    const old = await queued('old', { ageMs: 8 * DAY });
    const t = start();
    await t.until(() => t.value() === 'waiting');
    t.send({ type: 'outbox.resend', id: old.id });
    await t.until(() => t.ctx().items.length === 0);
    t.actor.stop();
    await api!.close();
    await answering({ status: 503, body: {} });
    await queued('third');
    const w = start();
    await w.until(() => w.value() === 'waiting');
    window.dispatchEvent(new Event('offline'));
    expect(w.value()).toBe('offline');
    expect(w.ctx().online).toBe(false);
    w.actor.stop();
  });

  it('tries again by itself every 15 s while the page is open', async () => {
    await answering({ status: 503, body: {} }, { status: 200, body: {} });
    await queued('first');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = start();
    await t.until(() => t.value() === 'waiting');
    vi.advanceTimersByTime(14_999);
    expect(t.value()).toBe('waiting');
    vi.advanceTimersByTime(1);
    await t.until(() => t.ctx().items.length === 0);
    t.actor.stop();
  });
});

describe('the outbox: what it loads, and what the store says meanwhile', () => {
  const item = (id: string, status: OutboxItem['status'] = 'queued'): OutboxItem => ({
    id,
    userId: 'u1',
    idempotencyKey: `key-${id}`,
    kind: 'chat',
    summary: id,
    request: { method: 'post', url: '/chatbot', body: { message: id } },
    createdAt: Date.now(),
    attempts: 0,
    status,
    lastError: null,
  });

  it("a try cut short by a closed tab ('sending') waits again; a write heard while loading is kept once", async () => {
    const t = startHeld(outboxMachine, ['load'], { userId: 'u1', online: false });
    expect(t.value()).toBe('loading');
    expect(t.last('load').input).toEqual({ userId: 'u1' });
    // Heard while the stored items load: one the load also finds, and one it does not.
    t.send({ type: 'outbox.added', item: item('both') });
    t.send({ type: 'outbox.added', item: item('heard') });
    await t.answer('load', [item('cut', 'sending'), item('both'), item('refused', 'refused')]);
    expect(t.value()).toBe('offline');
    expect(t.ctx().items).toEqual([item('cut', 'queued'), item('both'), item('refused', 'refused'), item('heard')].map((i) => ({ ...i, createdAt: expect.any(Number) })));
    t.actor.stop();
  });

  it('a stored list that cannot be read leaves it empty, and it still goes on', async () => {
    const t = startHeld(outboxMachine, ['load'], { userId: 'u1', online: false });
    await t.fail('load', new Error('IndexedDB blocked'));
    expect(t.value()).toBe('offline');
    expect(t.ctx().items).toEqual([]);
    t.actor.stop();
  });

  it('a profile edit replaced by a later one leaves the list; the later one is listed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const t = start({ online: false });
    await t.until(() => t.value() === 'offline');
    const edit = async (name: string) => {
      const r = await sendOrQueue('profile', { method: 'patch', url: '/auth/profile', body: { name } }, name);
      return 'queued' in r ? r.queued : expect.fail('not queued');
    };
    const first = await edit('Asha');
    await t.until(() => t.ctx().items.length === 1);
    const second = await edit('Asha Patil');
    await t.until(() => t.ctx().items.length === 1 && t.ctx().items[0].id === second.id);
    expect(t.ctx().items.map((i) => i.id)).not.toContain(first.id);
    expect((await listOutbox('u1')).map((i) => i.id)).toEqual([second.id]);
    t.actor.stop();
  });
});

describe('the outbox: more of what the user may do', () => {
  it('discards and sends again the very item chosen, not the first old one', async () => {
    await answering({ status: 200, body: {} });
    const older = await queued('older', { ageMs: 9 * DAY });
    const old = await queued('old', { ageMs: 8 * DAY });
    const t = start({ online: false });
    await t.until(() => t.ctx().items.length === 2);
    t.send({ type: 'outbox.discard', id: old.id });
    await t.until(() => true);
    expect((await listOutbox('u1')).map((i) => i.id)).toEqual([older.id]);
    expect(t.ctx().items.map((i) => i.id)).toEqual([older.id]);

    const third = await queued('third', { ageMs: 10 * DAY });
    await t.until(() => t.ctx().items.length === 2);
    // Listed as heard: the older one first, then the third (the one sent again here, not the first old one).
    expect(t.ctx().items.map((i) => i.id)).toEqual([older.id, third.id]);
    const before = Date.now();
    t.send({ type: 'outbox.resend', id: third.id });
    // Only that one is counted from now; the other stays as old as it was.
    expect(t.ctx().items.find((i) => i.id === older.id)).toEqual(older);
    expect(t.ctx().items.find((i) => i.id === third.id)!.createdAt).toBeGreaterThanOrEqual(before);
    await t.until(() => true);
    const stored = await listOutbox('u1');
    expect(stored.find((i) => i.id === older.id)).toEqual(older);
    expect(stored.find((i) => i.id === third.id)!.createdAt).toBeGreaterThanOrEqual(before);
    t.actor.stop();
  });

  it('a refused item is not "too old": however old, it is only discarded, never sent again from the panel', async () => {
    await answering({ status: 422, body: { statusCode: 422, message: 'no' } });
    const old = await queued('old', { ageMs: 8 * DAY });
    // Refused when it was tried (before it grew old).
    const { item: refused } = await deliver(old);
    expect(refused.status).toBe('refused');
    const t = start({ maxAgeMs: DAY });
    await t.until(() => t.ctx().items.length === 1 && t.value() === 'online');
    expect(staleItem(t.ctx(), t.ctx().items[0])).toBe(false);
    t.send({ type: 'outbox.resend', id: old.id });
    expect(t.ctx().items[0]).toMatchObject({ status: 'refused', createdAt: old.createdAt });
    await t.until(() => true);
    expect(sent()).toHaveLength(1);
    t.send({ type: 'outbox.discard', id: old.id });
    expect(t.ctx().items).toEqual([]);
    t.actor.stop();
  });
});

describe('the outbox: the browser and its service worker', () => {
  it('offline with nothing waiting, the online event makes it online', async () => {
    const t = start({ online: false });
    await t.until(() => t.value() === 'offline');
    window.dispatchEvent(new Event('online'));
    expect(t.value()).toBe('online');
    expect(t.ctx().online).toBe(true);
    t.actor.stop();
  });

  it('online with nothing waiting, a new write is sent at once', async () => {
    await answering({ status: 200, body: {} });
    const t = start();
    await t.until(() => t.value() === 'online');
    const item = await queued('now');
    await t.until(() => sent().length === 1 && t.ctx().items.length === 0);
    expect(sent()[0].idempotencyKey).toBe(item.idempotencyKey);
    t.actor.stop();
  });

  it("the service worker's Background Sync message tries again; its other messages do not; stopped, it listens to nothing", async () => {
    // No Background Sync here (its registration never settles): the message stands for it.
    const worker = Object.assign(new EventTarget(), { ready: new Promise<never>(() => {}) });
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    const listening = new Map<string, Set<unknown>>();
    const count = (target: EventTarget) => {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, l, o) => {
        listening.set(type, (listening.get(type) ?? new Set()).add(l));
        add(type, l, o);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, l, o) => {
        listening.get(type)?.delete(l);
        remove(type, l, o);
      });
    };
    count(window);
    count(worker);
    try {
      await answering({ status: 503, body: {} }, { status: 200, body: {} });
      await queued('first');
      const t = start();
      await t.until(() => t.value() === 'waiting');
      expect([...listening].filter(([, ls]) => ls.size > 0).map(([type]) => type).sort()).toEqual(['message', 'offline', 'online']);
      // Whatever else the worker posts is ignored.
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
      worker.dispatchEvent(new MessageEvent('message', { data: 'hello' }));
      worker.dispatchEvent(new MessageEvent('message', { data: null }));
      expect(t.value()).toBe('waiting');
      worker.dispatchEvent(new MessageEvent('message', { data: { type: OUTBOX_SYNC_MESSAGE } }));
      await t.until(() => t.ctx().items.length === 0);
      expect(sent()).toHaveLength(2);
      t.actor.stop();
      expect([...listening].filter(([, ls]) => ls.size > 0)).toEqual([]);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
