/**
 * A coordinator's farmers (the machine) in fixed scenarios whose expectations are written out here, not read from
 * the machine (the generated paths of tests/model/staff/coordinatorFarmers.model.test.tsx check the view against the
 * machine's own snapshots): the list's own call against a real HTTP server, the selection, the message form's rules,
 * and a message that waits in the outbox (services/outbox, in memory) until the outbox delivers it or the server
 * refuses it.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { coordinatorFarmersMachine } from '@/machines/coordinatorFarmers.machine';
import { setAuthBridge } from '@/services/http';
import { deliver, sendOrQueue, useMemoryOutbox, type OutboxItem } from '@/services/outbox';
import type { FarmerRow } from '@/services/people';
import { startApiServer, type ApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const farmer = (id: string) => ({ _id: id, name: `Farmer ${id}`, email: `${id}@example.in`, phoneNumber: '9822012345', status: 'Active' }) as FarmerRow;
const [A, B, C] = [farmer('a'), farmer('b'), farmer('c')];
const tick = () => new Promise((r) => setTimeout(r, 0));

let api: ApiServer | undefined;


/** The list with `rows` loaded; the other calls held for the scenario to answer. */
async function ready(rows: FarmerRow[] = [A, B, C], watchQueued?: boolean) {
  const { calls, held, last } = heldCalls();
  const actor = createActor(
    coordinatorFarmersMachine.provide({
      actors: {
        load: held('load') as never,
        send: held('send') as never,
        save: held('save') as never,
        ...(watchQueued ? {} : { watchQueued: fromPromise(() => new Promise(() => {})) as never }),
      },
    }),
  ).start();
  const t = {
    actor,
    calls,
    last,
    send: actor.send.bind(actor),
    value: () => actor.getSnapshot().value,
    ctx: () => actor.getSnapshot().context,
    page: async (items: FarmerRow[], totalPages = 1) => (last('load').resolve({ items, totalPages }), tick()),
  };
  expect(last('load').input).toEqual({ page: 1, search: '', status: 'all' });
  await t.page(rows);
  return t;
}

describe("coordinator's farmers: the list", () => {
  it('asks for its page of 10 with the status, and the search only when there is one', async () => {
    api = await startApiServer(() => ({ status: 200, body: { farmers: [A], pagination: { page: 1, totalPages: 1 } } }));
    const actor = createActor(coordinatorFarmersMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'search.change', value: 'Asha' });
    await vi.waitFor(() => expect(api!.requests).toHaveLength(2));
    actor.send({ type: 'status.change', value: 'alert' });
    await vi.waitFor(() => expect(api!.requests).toHaveLength(3));
    expect(api.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/v1/coordinator/managed-farmers', { page: '1', limit: '10', status: 'all' }],
      ['/api/v1/coordinator/managed-farmers', { page: '1', limit: '10', status: 'all', search: 'Asha' }],
      ['/api/v1/coordinator/managed-farmers', { page: '1', limit: '10', status: 'alert', search: 'Asha' }],
    ]);
    actor.stop();
  });

  it('a failed load says so', async () => {
    const t = await ready();
    t.send({ type: 'search.change', value: 'x' });
    t.last('load').reject(new Error('500'));
    await tick();
    expect(t.ctx().notice).toMatchObject({ kind: 'loadFailed' });
  });
});

describe("coordinator's farmers: the selection", () => {
  it('toggles one farmer at a time; all, then none; a reload keeps only those still listed', async () => {
    const t = await ready();
    t.send({ type: 'select.toggle', id: 'a' });
    t.send({ type: 'select.toggle', id: 'c' });
    expect(t.ctx().selected).toEqual(['a', 'c']);
    t.send({ type: 'select.toggle', id: 'a' });
    expect(t.ctx().selected).toEqual(['c']);
    t.send({ type: 'select.all' });
    expect(t.ctx().selected).toEqual(['a', 'b', 'c']);
    t.send({ type: 'select.all' });
    expect(t.ctx().selected).toEqual([]);
    t.send({ type: 'select.toggle', id: 'b' });
    t.send({ type: 'select.toggle', id: 'c' });
    t.send({ type: 'search.change', value: 'Farmer' });
    await t.page([C, A]);
    expect(t.ctx().selected).toEqual(['c']);
  });
});

describe("coordinator's farmers: the message", () => {
  it('needs a subject, a message and someone to send to; typing clears the ask; it sends them trimmed', async () => {
    const t = await ready();
    t.send({ type: 'message.open' });
    // A message and a farmer, no subject.
    t.send({ type: 'select.toggle', id: 'a' });
    expect(t.ctx().selected).toEqual([]);
    t.send({ type: 'message.cancel' });
    t.send({ type: 'select.toggle', id: 'a' });
    t.send({ type: 'message.open' });
    t.send({ type: 'message.change', key: 'message', value: 'Spray tomorrow' });
    t.send({ type: 'message.send' });
    expect(t.ctx().notice).toEqual({ kind: 'missing' });
    t.send({ type: 'message.change', key: 'subject', value: '   ' });
    expect(t.ctx().notice).toBeNull();
    t.send({ type: 'message.send' });
    expect(t.ctx().notice).toEqual({ kind: 'missing' });
    // A subject, no message.
    t.send({ type: 'message.change', key: 'subject', value: ' Rain ' });
    t.send({ type: 'message.change', key: 'message', value: '  ' });
    t.send({ type: 'message.send' });
    expect(t.ctx().notice).toEqual({ kind: 'missing' });
    expect(t.calls.filter((c) => c.id === 'send')).toHaveLength(0);
    t.send({ type: 'message.change', key: 'message', value: ' Spray tomorrow ' });
    t.send({ type: 'message.send' });
    expect(t.value()).toEqual({ composing: 'sending' });
    expect(t.ctx().notice).toBeNull();
    expect(t.last('send').input).toEqual({ farmerIds: ['a'], subject: 'Rain', message: 'Spray tomorrow' });
    t.last('send').resolve({ sent: { sentTo: 1 } });
    await tick();
    expect(t.value()).toBe('ready');
    expect(t.ctx()).toMatchObject({ notice: { kind: 'sent', count: 1 }, subject: '', message: '', selected: [] });
  });

  it('with nobody chosen it asks too', async () => {
    const t = await ready();
    t.send({ type: 'message.open' });
    t.send({ type: 'message.change', key: 'subject', value: 'Rain' });
    t.send({ type: 'message.change', key: 'message', value: 'Spray tomorrow' });
    t.send({ type: 'message.send' });
    expect(t.ctx().notice).toEqual({ kind: 'missing' });
  });
});

describe("coordinator's farmers: a message that waits in the outbox", () => {
  const USER = 'coord-1';
  const token = `h.${btoa(JSON.stringify({ sub: USER })).replace(/=+$/, '')}.s`;

  /** A message the outbox keeps: its first try gets no answer within its time limit. */
  async function queuedMessage(subject: string): Promise<OutboxItem> {
    const out = await sendOrQueue<{ sentTo: number }>('message', { method: 'post', url: '/coordinator/send-message', body: { farmerIds: ['a', 'b'], subject, message: 'x' }, timeoutMs: 200 }, subject);
    expect('queued' in out).toBe(true);
    return (out as { queued: OutboxItem }).queued;
  }

  /** Everyone listed selected, the message written and sent; its send answered as kept in the outbox as `item`. */
  async function sendToAll(t: Awaited<ReturnType<typeof ready>>, item: OutboxItem) {
    t.send({ type: 'select.all' });
    t.send({ type: 'message.open' });
    t.send({ type: 'message.change', key: 'subject', value: 'Rain' });
    t.send({ type: 'message.change', key: 'message', value: 'x' });
    t.send({ type: 'message.send' });
    t.last('send').resolve({ queued: item });
    await tick();
  }

  it('says it waits for N farmers; when the outbox sends it, it says sent to as many as the server says', async () => {
    useMemoryOutbox();
    setAuthBridge({ getAccessToken: () => token, refresh: async () => null });
    let calls = 0;
    // The first tries of both messages below get no answer in time; the outbox's tries do.
    api = await startApiServer(() => ({ status: 200, body: { sentTo: 2 }, delayMs: calls++ < 2 ? 800 : 0 }));
    const item = await queuedMessage('Rain');
    const other = await queuedMessage('Other');
    const t = await ready([A, B, C], true);
    await sendToAll(t, item);
    expect(t.ctx().notice).toEqual({ kind: 'queued', count: 3, outboxId: item.id });
    // Another queued message settling says nothing about this one.
    expect((await deliver(other)).outcome).toBe('sent');
    expect(t.ctx().notice).toEqual({ kind: 'queued', count: 3, outboxId: item.id });
    await deliver(item);
    await vi.waitFor(() => expect(t.ctx().notice).toEqual({ kind: 'sent', count: 2 }));
  });

  it('a refusal of the waiting message is shown with the server’s error', async () => {
    useMemoryOutbox();
    setAuthBridge({ getAccessToken: () => token, refresh: async () => null });
    let calls = 0;
    api = await startApiServer(() => (calls++ === 0 ? { status: 200, body: { sentTo: 2 }, delayMs: 800 } : { status: 403, body: { statusCode: 403, message: 'not your farmer' } }));
    const item = await queuedMessage('Rain');
    const t = await ready([A, B], true);
    await sendToAll(t, item);
    await deliver(item);
    await vi.waitFor(() => expect(t.ctx().notice).toMatchObject({ kind: 'sendFailed', error: { status: 403 } }));
  });
});
