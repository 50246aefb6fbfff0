/**
 * One alert's lifecycle (the machine) in fixed scenarios whose expectations are written out here, not read from the
 * machine (the generated paths of tests/model/alertLifecycle.model.test.tsx check the dialog against the machine's own
 * snapshots): what each call is sent with, which status each answer leads to, what a failure names and what the next
 * action clears, what a push changes, what the list that opened it is told, who may do what, and an acknowledgement
 * that waits in the outbox (services/outbox, in memory, delivering to a real HTTP server) until it is sent, refused or
 * discarded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyActorRef } from 'xstate';
import { alertLifecycleMachine, type AlertLifecycleContext, type LifecycleViewer } from '@/machines/alertLifecycle.machine';
import type { AlertDetailResponse, AlertItem, AlertStatus, TimelineEntry } from '@/services/alerts';
import { setAuthBridge } from '@/services/http';
import { deliver, discard, queueRequest, useMemoryOutbox, type OutboxItem } from '@/services/outbox';
import { HttpError } from '@/shared/httpError';
import { ALERT_COMMENT_MAX } from '../../contracts/alertTypes';
import { COORDINATORS, makeAlert } from '../model/alertFixtures';
import { startApiServer } from '../support/apiServer';
import { heldCalls } from '../support/heldCalls';

const tick = () => new Promise((r) => setTimeout(r, 0));
const FAILURE = new Error('503');
const SUNITA = COORDINATORS[0];
/** The alert as the list showed it: already read by this reader. */
const LISTED = makeAlert({ read: true });
const entry = (kind: TimelineEntry['kind'], n = 0): TimelineEntry => ({ _id: `t-${kind}-${n}`, kind, actor: null, detail: {}, createdAt: '2026-06-01T07:00:00.000Z' });
/** The server's answer: the alert in `status` (unread by the server's reckoning) and its timeline. */
const answer = (status: AlertStatus, timeline: TimelineEntry[] = [entry('raised')], over: Partial<AlertItem> = {}): AlertDetailResponse => ({
  alert: makeAlert({ status, read: false, ...over }),
  timeline,
});

beforeEach(() => {
  useMemoryOutbox();
  setAuthBridge({ getAccessToken: () => `h.${btoa(JSON.stringify({ sub: 'u1' })).replace(/=+$/, '')}.s`, refresh: async () => null });
});
afterEach(() => vi.restoreAllMocks());

/**
 * The lifecycle as the alerts list runs it (a child, telling its parent `alert.changed`), its calls held for the
 * scenario to answer; `real` keeps the machine's own actor (the outbox watch).
 */
function start(viewer: LifecycleViewer = 'admin', alert: AlertItem = LISTED, real: string[] = []) {
  const { held, last, count } = heldCalls();
  const ids = ['load', 'acknowledge', 'assign', 'clear', 'comment', 'watchQueued'].filter((id) => !real.includes(id));
  const lifecycle = alertLifecycleMachine.provide({ actors: Object.fromEntries(ids.map((id) => [id, held(id)])) as never });
  const changed: AlertItem[] = [];
  const list = createActor(
    setup({ actors: { lifecycle } }).createMachine({
      invoke: { id: 'lifecycle', src: 'lifecycle', input: { alert, viewer } },
      on: { 'alert.changed': { actions: ({ event }) => void changed.push((event as unknown as { alert: AlertItem }).alert) } },
    }),
  ).start();
  const child = () => list.getSnapshot().children.lifecycle as AnyActorRef;
  const snap = () => child().getSnapshot();
  return {
    send: (e: Parameters<AnyActorRef['send']>[0]) => child().send(e),
    value: () => snap().value as unknown,
    ctx: () => snap().context as AlertLifecycleContext,
    busy: () => snap().hasTag('busy') as boolean,
    last,
    count,
    changed,
    answer: async (id: string, v: unknown) => (last(id).resolve(v), tick()),
    fail: async (id: string, e: unknown = FAILURE) => (last(id).reject(e), tick()),
  };
}

/** Loaded: the details of an alert in `status`. */
async function loaded(status: AlertStatus = 'active_unack', viewer: LifecycleViewer = 'admin', real: string[] = []) {
  const t = start(viewer, makeAlert({ status, read: true }), real);
  await t.answer('load', answer(status));
  return t;
}

describe('alert lifecycle: the details', () => {
  it('reads the alert by its id and goes to its status, keeping the reader’s own read mark', async () => {
    for (const [status, at] of [
      ['active_unack', { activeUnack: 'idle' }],
      ['active_ack', { activeAck: 'idle' }],
      ['cleared_unack', { clearedUnack: 'idle' }],
      ['cleared_ack', { clearedAck: 'idle' }],
    ] as const) {
      const t = start();
      expect(t.value()).toBe('loading');
      expect(t.last('load').input).toEqual({ id: LISTED.id });
      const timeline = [entry('raised'), entry('comment', 1)];
      await t.answer('load', answer(status, timeline));
      expect(t.value()).toEqual(at);
      expect(t.ctx()).toMatchObject({ alert: { status, read: true }, timeline, failure: null, error: null, pending: {}, queuedId: null });
      // Reading the details changes nothing the list shows.
      expect(t.changed).toEqual([]);
    }
  });

  it('a load that fails names it; Retry reads again; a push meanwhile reads again with the pushed alert', async () => {
    const t = start();
    await t.fail('load');
    expect(t.value()).toBe('loadFailed');
    expect(t.ctx()).toMatchObject({ failure: 'load', error: FAILURE });
    t.send({ type: 'details.retry' });
    expect(t.value()).toBe('loading');
    expect(t.count('load')).toBe(2);
    await t.fail('load');
    t.send({ type: 'alert.synced', alert: makeAlert({ status: 'cleared_unack', read: false }) });
    expect(t.value()).toBe('loading');
    expect(t.ctx().alert).toMatchObject({ status: 'cleared_unack', read: true });
    expect(t.count('load')).toBe(3);
    await t.answer('load', answer('cleared_unack'));
    expect(t.value()).toEqual({ clearedUnack: 'idle' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null });
  });

  it('a push in any status shows the pushed alert (the read mark kept) and reads the details again', async () => {
    const t = await loaded('active_ack');
    t.send({ type: 'alert.synced', alert: makeAlert({ status: 'cleared_ack', read: false, count: 4 }) });
    expect(t.value()).toBe('loading');
    expect(t.ctx().alert).toMatchObject({ status: 'cleared_ack', read: true, count: 4 });
    expect(t.count('load')).toBe(2);
  });
});

describe('alert lifecycle: acting on it', () => {
  it('acknowledges with the comment trimmed (none when blank); the answer decides the status and the list is told', async () => {
    const t = await loaded();
    t.send({ type: 'alert.acknowledge', comment: '  Called Ramesh  ' });
    expect(t.value()).toBe('acknowledging');
    expect(t.busy()).toBe(true);
    expect(t.last('acknowledge').input).toEqual({ id: LISTED.id, comment: 'Called Ramesh', summary: 'North plot' });
    const timeline = [entry('raised'), entry('acknowledged')];
    await t.answer('acknowledge', { sent: answer('active_ack', timeline) });
    expect(t.value()).toEqual({ activeAck: 'idle' });
    expect(t.ctx()).toMatchObject({ alert: { status: 'active_ack', read: true }, timeline, pending: {}, failure: null });
    expect(t.changed).toEqual([expect.objectContaining({ status: 'active_ack', read: true })]);

    const u = await loaded('cleared_unack');
    u.send({ type: 'alert.acknowledge', comment: '   ' });
    expect(u.last('acknowledge').input).toEqual({ id: LISTED.id, comment: undefined, summary: 'North plot' });
    await u.answer('acknowledge', { sent: answer('cleared_ack') });
    expect(u.value()).toEqual({ clearedAck: 'idle' });
  });

  it(`a comment may be ${ALERT_COMMENT_MAX} characters once trimmed, not one more`, async () => {
    const long = 'x'.repeat(ALERT_COMMENT_MAX);
    const t = await loaded();
    t.send({ type: 'alert.acknowledge', comment: `${long}y` });
    t.send({ type: 'alert.comment', text: `${long}y` });
    expect(t.value()).toEqual({ activeUnack: 'idle' });
    expect(t.count('acknowledge') + t.count('comment')).toBe(0);
    t.send({ type: 'alert.comment', text: `  ${long}  ` });
    expect(t.value()).toBe('commenting');
    expect(t.last('comment').input).toEqual({ id: LISTED.id, text: long });
    await t.answer('comment', answer('active_unack'));
    t.send({ type: 'alert.acknowledge', comment: `  ${long}  ` });
    expect(t.value()).toBe('acknowledging');
    expect(t.last('acknowledge').input).toMatchObject({ comment: long });
  });

  it('each failed call names itself and goes back to the status it left; the next action clears it', async () => {
    const t = await loaded();
    t.send({ type: 'alert.acknowledge' });
    await t.fail('acknowledge');
    expect(t.value()).toEqual({ activeUnack: 'failed' });
    expect(t.ctx()).toMatchObject({ failure: 'acknowledge', error: FAILURE, pending: {} });
    t.send({ type: 'alert.assign', coordinator: SUNITA });
    expect(t.ctx()).toMatchObject({ failure: null, error: null, pending: { coordinatorId: SUNITA._id } });
    expect(t.last('assign').input).toEqual({ id: LISTED.id, coordinatorId: SUNITA._id });
    const refused = new HttpError(403, 'forbidden');
    await t.fail('assign', refused);
    expect(t.value()).toEqual({ activeUnack: 'failed' });
    expect(t.ctx()).toMatchObject({ failure: 'assign', error: refused });
    t.send({ type: 'alert.clear' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null });
    expect(t.last('clear').input).toEqual({ id: LISTED.id });
    await t.fail('clear');
    expect(t.ctx().failure).toBe('clear');
    t.send({ type: 'alert.comment', text: ' Pump checked ' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null, pending: { text: 'Pump checked' } });
    await t.fail('comment');
    expect(t.value()).toEqual({ activeUnack: 'failed' });
    expect(t.ctx().failure).toBe('comment');
    t.send({ type: 'alert.acknowledge' });
    expect(t.ctx()).toMatchObject({ failure: null, error: null });
    expect(t.changed).toEqual([]);
  });

  it('assigning, clearing and commenting each show the answer and tell the list', async () => {
    const t = await loaded();
    t.send({ type: 'alert.assign', coordinator: SUNITA });
    await t.answer('assign', answer('active_unack', [entry('raised'), entry('assigned')], { assignedTo: SUNITA }));
    expect(t.value()).toEqual({ activeUnack: 'idle' });
    expect(t.ctx()).toMatchObject({ alert: { assignedTo: SUNITA, read: true }, pending: {} });
    t.send({ type: 'alert.clear' });
    await t.answer('clear', answer('cleared_unack', [entry('raised'), entry('cleared')]));
    expect(t.value()).toEqual({ clearedUnack: 'idle' });
    t.send({ type: 'alert.comment', text: 'Pump checked' });
    await t.answer('comment', answer('cleared_unack', [entry('raised'), entry('cleared'), entry('comment')]));
    expect(t.ctx().timeline).toHaveLength(3);
    expect(t.changed.map((a) => a.status)).toEqual(['active_unack', 'cleared_unack', 'cleared_unack']);
    expect(t.changed[0].assignedTo).toEqual(SUNITA);
  });

  it('what each status offers: acknowledge while unacknowledged, clear and assign while active, comment always', async () => {
    const offered = async (status: AlertStatus) => {
      const can: string[] = [];
      for (const e of [{ type: 'alert.acknowledge' }, { type: 'alert.assign', coordinator: SUNITA }, { type: 'alert.clear' }, { type: 'alert.comment', text: 'ok' }]) {
        const t = await loaded(status);
        t.send(e);
        if (t.busy()) can.push(e.type);
      }
      return can;
    };
    expect(await offered('active_unack')).toEqual(['alert.acknowledge', 'alert.assign', 'alert.clear', 'alert.comment']);
    expect(await offered('active_ack')).toEqual(['alert.assign', 'alert.clear', 'alert.comment']);
    expect(await offered('cleared_unack')).toEqual(['alert.acknowledge', 'alert.comment']);
    expect(await offered('cleared_ack')).toEqual(['alert.comment']);
  });

  it('a coordinator does all but assign; a farmer only reads', async () => {
    const c = await loaded('active_unack', 'coordinator');
    c.send({ type: 'alert.assign', coordinator: SUNITA });
    expect(c.value()).toEqual({ activeUnack: 'idle' });
    c.send({ type: 'alert.clear' });
    expect(c.value()).toBe('clearing');
    const f = await loaded('active_unack', 'farmer');
    for (const e of [{ type: 'alert.acknowledge' }, { type: 'alert.assign', coordinator: SUNITA }, { type: 'alert.clear' }, { type: 'alert.comment', text: 'ok' }]) f.send(e);
    expect(f.value()).toEqual({ activeUnack: 'idle' });
    expect(f.count('acknowledge') + f.count('assign') + f.count('clear') + f.count('comment')).toBe(0);
  });
});

describe('alert lifecycle: an acknowledgement in the outbox', () => {
  /** Acknowledged offline: the outbox holds a real item (delivered below to a real server). */
  async function queued(status: AlertStatus = 'active_unack') {
    const t = await loaded(status, 'coordinator', ['watchQueued']);
    t.send({ type: 'alert.acknowledge', comment: 'Called Ramesh' });
    const item = await queueRequest('acknowledge', { method: 'patch', url: `/alerts/${LISTED.id}/acknowledge`, body: { comment: 'Called Ramesh' } }, 'North plot', 'k-ack');
    await t.answer('acknowledge', { queued: item });
    expect(t.value()).toBe('ackQueued');
    expect(t.ctx()).toMatchObject({ queuedId: item.id, pending: { comment: 'Called Ramesh' } });
    expect(t.busy()).toBe(false);
    return { t, item };
  }
  /** Another write in the outbox, settled first: the acknowledgement's watch ignores it. */
  async function other(): Promise<OutboxItem> {
    return queueRequest('chat', { method: 'post', url: '/chatbot', body: { message: 'hi' } }, 'hi', 'k-other');
  }

  it('sent when the network returns: its answer decides the status and the list is told', async () => {
    await startApiServer(({ path }) => (path.endsWith('/acknowledge') ? { status: 200, body: answer('active_ack', [entry('raised'), entry('acknowledged')]) } : { status: 200, body: {} }));
    const { t, item } = await queued();
    await deliver(await other());
    await tick();
    expect(t.value()).toBe('ackQueued');
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ activeAck: 'idle' }));
    expect(t.ctx()).toMatchObject({ alert: { status: 'active_ack', read: true }, queuedId: null, pending: {}, failure: null });
    expect(t.ctx().timeline).toHaveLength(2);
    expect(t.changed).toEqual([expect.objectContaining({ status: 'active_ack' })]);
  });

  it('refused when sent (cleared meanwhile): back to its status with the refusal named', async () => {
    await startApiServer(() => ({ status: 409, body: { statusCode: 409, code: 'CONFLICT', message: 'already cleared' } }));
    const { t, item } = await queued();
    const refusedOther = await other();
    await deliver(refusedOther);
    await tick();
    expect(t.value()).toBe('ackQueued');
    await deliver(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ activeUnack: 'failed' }));
    expect(t.ctx()).toMatchObject({ failure: 'acknowledge', queuedId: null, pending: {} });
    expect(t.ctx().error).toBeInstanceOf(HttpError);
    expect((t.ctx().error as HttpError).status).toBe(409);
    expect(t.changed).toEqual([]);
  });

  it('discarded from the outbox panel: back to the status it left, nothing named', async () => {
    const { t, item } = await queued('cleared_unack');
    await discard(await other());
    await tick();
    expect(t.value()).toBe('ackQueued');
    await discard(item);
    await vi.waitFor(() => expect(t.value()).toEqual({ clearedUnack: 'idle' }));
    expect(t.ctx()).toMatchObject({ queuedId: null, pending: {}, failure: null });
  });

  it("waiting, a push shows someone else's change at once and it keeps waiting; nothing else is offered", async () => {
    const { t } = await queued();
    t.send({ type: 'alert.synced', alert: makeAlert({ status: 'cleared_unack', read: false }) });
    expect(t.value()).toBe('ackQueued');
    expect(t.ctx().alert).toMatchObject({ status: 'cleared_unack', read: true });
    expect(t.count('load')).toBe(1);
    t.send({ type: 'alert.clear' });
    t.send({ type: 'alert.comment', text: 'ok' });
    expect(t.value()).toBe('ackQueued');
  });
});
