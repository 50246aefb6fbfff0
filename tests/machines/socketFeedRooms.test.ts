/**
 * socketFeed's rooms, connection reports and catch-up against a real socket.io server on 127.0.0.1, in fixed
 * scenarios whose expectations are written out here: what a machine hears when its feed starts while the socket is
 * still connecting, when a room is refused, when the connection is given up, and that a join or a catch-up of a
 * connection that has since dropped, or of a feed that has stopped, tells the machine nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { assign, createActor, setup } from 'xstate';
import { socketFeed, type SocketChange } from '@/machines/socketFeed';
import { connectSocket, disconnectSocket, getConnectionState } from '@/services/socket';
import { socketServer } from '../support/socketServer';

type Heard = { type: 'heard'; what: string };
type Ack = (answer: { ok: boolean; code?: string }) => void;

const server = socketServer();
/** How the server answers `field:watch`: by default at once, ok. */
let answerWatch: (fieldId: string, ack: Ack) => void = (_id, ack) => ack({ ok: true });
const watched: string[] = [];
/** The catch-ups asked for, each answered by the test. */
let catchUps: { resolve: (events: Heard[]) => void }[] = [];

beforeAll(async () => {
  server.io.on('connection', (socket: Socket) => {
    socket.on('field:watch', (fieldId: string, ack: Ack) => {
      watched.push(fieldId);
      answerWatch(fieldId, ack);
    });
    socket.on('field:unwatch', (_id: string, ack: Ack) => ack?.({ ok: true }));
  });
  await server.start();
});
afterAll(() => server.stop());
afterEach(() => {
  answerWatch = (_id, ack) => ack({ ok: true });
  watched.length = 0;
  catchUps = [];
});

const describeChange = (c: SocketChange) =>
  c.kind === 'up'
    ? `up${c.recovered ? ' recovered' : ''}`
    : c.kind === 'down'
      ? `down${c.reconnecting ? ' reconnecting' : ''}`
      : c.kind === 'joined'
        ? 'joined'
        : c.kind === 'refused'
          ? `refused: ${c.error.message}`
          : `unknown change ${JSON.stringify(c)}`;

/** A screen whose `live` state holds the feed of `fields`; it keeps what it heard after leaving that state. */
function screenWith(fields: string[]) {
  const logic = setup({
    types: { context: {} as { heard: string[] }, events: {} as Heard | { type: 'leave' } },
    actors: {
      feed: socketFeed<Heard>({
        fields: () => fields,
        changes: (c) => ({ type: 'heard', what: describeChange(c) }),
        catchUp: () => new Promise<Heard[]>((resolve) => catchUps.push({ resolve })),
      }),
    },
  }).createMachine({
    context: { heard: [] },
    on: { heard: { actions: assign({ heard: ({ context, event }) => [...context.heard, event.what] }) } },
    initial: 'live',
    states: { live: { invoke: { src: 'feed' }, on: { leave: 'elsewhere' } }, elsewhere: {} },
  });
  const actor = createActor(logic).start();
  return { actor, heard: () => actor.getSnapshot().context.heard };
}

const settle = () => new Promise((r) => setTimeout(r, 50));
const url = () => `http://127.0.0.1:${(server.io.httpServer.address() as { port: number }).port}`;

describe('socketFeed rooms and reports', () => {
  it('joins its rooms and says so; a refused room is reported with the server’s code', async () => {
    answerWatch = (id, ack) => ack(id === 'f-theirs' ? { ok: false, code: 'forbidden' } : { ok: true });
    const mine = screenWith(['f-mine']);
    await expect.poll(() => mine.heard()).toEqual(['up', 'joined']);
    const theirs = screenWith(['f-theirs']);
    await expect.poll(() => theirs.heard()).toEqual(['up', 'refused: field:watch refused: forbidden']);
    mine.actor.stop();
    theirs.actor.stop();
  });

  it('a join answered after the feed stopped tells the machine nothing', async () => {
    let release: () => void = () => {};
    answerWatch = (_id, ack) => (release = () => ack({ ok: true }));
    const s = screenWith(['f1']);
    await expect.poll(() => watched).toEqual(['f1']);
    s.actor.send({ type: 'leave' });
    release();
    await settle();
    expect(s.heard()).toEqual(['up']);
    s.actor.stop();
  });

  it('a join of a connection that dropped tells nothing; the new connection joins, then catches up once', async () => {
    let first = true;
    // The first join is never answered: the connection drops under it.
    answerWatch = (_id, ack) => (first ? (first = false) : ack({ ok: true }));
    const s = screenWith(['f1']);
    await expect.poll(() => watched).toEqual(['f1']);
    await server.dropAll();
    await expect.poll(() => s.heard().at(-1)).toBe('joined');
    expect(s.heard()).toEqual(['up', 'down reconnecting', 'up', 'joined']);
    // Not recovered (a new session on the server): what was missed is fetched.
    await expect.poll(() => catchUps.length).toBe(1);
    catchUps[0].resolve([{ type: 'heard', what: 'caught up' }]);
    await expect.poll(() => s.heard().at(-1)).toBe('caught up');
    s.actor.stop();
  });

  it('a catch-up answered after a newer reconnect, or after the feed stopped, is dropped', async () => {
    const s = screenWith(['f1']);
    await expect.poll(() => s.heard()).toEqual(['up', 'joined']);
    await server.dropAll();
    await expect.poll(() => catchUps.length).toBe(1);
    await server.dropAll();
    await expect.poll(() => catchUps.length).toBe(2);
    catchUps[0].resolve([{ type: 'heard', what: 'stale' }]);
    await settle();
    expect(s.heard()).not.toContain('stale');
    s.actor.send({ type: 'leave' });
    catchUps[1].resolve([{ type: 'heard', what: 'after stop' }]);
    await settle();
    expect(s.heard()).not.toContain('after stop');
    s.actor.stop();
  });
});

describe('socketFeed at the connection’s edges', () => {
  it('started while the socket connects: down and on its way back, then up; the first connect is not a reconnect', async () => {
    disconnectSocket();
    connectSocket('test-token', url());
    expect(getConnectionState()).toBe('connecting');
    const s = screenWith(['f1']);
    await expect.poll(() => s.heard()).toEqual(['down reconnecting', 'up', 'joined']);
    await settle();
    // No catch-up: nothing was missed before the feed's first connection.
    expect(catchUps).toHaveLength(0);
    s.actor.stop();
  });

  it('a connection given up (signed out) is reported as down and not coming back', async () => {
    const s = screenWith([]);
    await expect.poll(() => s.heard()).toEqual(['up', 'joined']);
    disconnectSocket();
    expect(s.heard()).toEqual(['up', 'joined', 'down']);
    s.actor.stop();
    connectSocket('test-token', url());
    await expect.poll(() => getConnectionState()).toBe('connected');
  });
});
