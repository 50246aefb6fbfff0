/**
 * The one socket → machine adapter. A machine that listens to the server builds its live actor with
 * `socketFeed({...})` and invokes it in the state that wants live data: the actor runs exactly while that state
 * is active (a callback actor) and stops with it. The session machine owns the connection itself (connect,
 * reconnect after a token refresh, disconnect on logout); views never touch the socket.
 *
 * While it runs, the feed
 * - forwards each server push named in `pushes` as the machine event its mapping returns (null: ignore it);
 * - holds the rooms of `fields` (`field:<id>`, through `field:watch`): joins them when the socket is connected and
 *   again after every reconnect (a room belongs to one connection, and a server restart loses it), and leaves them
 *   when it stops;
 * - reports the connection's changes through `changes` (connected, down, rooms joined, a room refused);
 * - after a reconnect socket.io could not recover (pushes were lost while away), once its rooms are joined again,
 *   sends the events `catchUp` returns, so the machine fetches what it missed.
 */
import { fromCallback, type EventObject } from 'xstate';
import {
  emitWithAck,
  getConnectionState,
  onSocket,
  subscribeConnectionState,
  wasRecovered,
  type PushEvent,
  type PushHandler,
} from '@/services/socket';

/** Server push → the machine event it becomes (null to ignore that push); `input` is the actor's input. */
export type PushMapping<E extends EventObject, I> = {
  [K in PushEvent]?: (payload: Parameters<PushHandler<K>>[0], input: I) => E | null;
};

export type SocketChange =
  /** Connected (again). `recovered`: socket.io restored the session, its rooms and the pushes missed meanwhile. */
  | { kind: 'up'; recovered: boolean }
  /** Disconnected. `reconnecting`: the socket is on its way back by itself (false: signed out, or given up). */
  | { kind: 'down'; reconnecting: boolean }
  /** The feed's rooms are joined (on connect and after every reconnect; at once when it holds none). */
  | { kind: 'joined'; recovered: boolean }
  /** The server refused a room (a field outside the caller's reach), or did not answer. */
  | { kind: 'refused'; error: Error };

export type SocketFeedSpec<E extends EventObject, I> = {
  pushes?: PushMapping<E, I>;
  /** The field rooms to hold while the feed runs. */
  fields?: (input: I) => string[];
  /** Connection changes → machine events (null to ignore). The state at start is reported too, unless 'disconnected'. */
  changes?: (change: SocketChange, input: I) => E | null;
  /** What to send after a reconnect that was not recovered, once the rooms are joined again. */
  catchUp?: (input: I, signal: AbortSignal) => E[] | Promise<E[]>;
};

/** Joins one field's room; the server refuses a field outside the caller's reach. */
async function joinField(fieldId: string): Promise<void> {
  const ack = await emitWithAck('field:watch', fieldId);
  if (!ack.ok) throw new Error(`field:watch refused: ${ack.code}`);
}

export function socketFeed<E extends EventObject, I = void>(spec: SocketFeedSpec<E, I>) {
  return fromCallback<EventObject, I>(({ input, sendBack }) => {
    const send = (e: E | null) => {
      if (e) sendBack(e);
    };
    const report = (change: SocketChange) => spec.changes && send(spec.changes(change, input));
    const fields = spec.fields?.(input) ?? [];
    const stopped = new AbortController();
    /** Bumped by every (re)connect and disconnect, so a slow join of an earlier connection reports nothing. */
    let joinRound = 0;
    /** The socket went down since this feed started: its next connect is a reconnect. */
    let wasDown = false;

    const stopPushes = (Object.keys(spec.pushes ?? {}) as PushEvent[]).map((event) =>
      onSocket(event, ((payload: never) => {
        const toEvent = spec.pushes![event] as (p: never, i: I) => E | null;
        send(toEvent(payload, input));
      }) as PushHandler<typeof event>),
    );

    const connected = (recovered: boolean, reconnect: boolean) => {
      report({ kind: 'up', recovered });
      const round = ++joinRound;
      void Promise.all(fields.map(joinField)).then(
        async () => {
          if (round !== joinRound || stopped.signal.aborted) return;
          report({ kind: 'joined', recovered });
          if (reconnect && !recovered && spec.catchUp) {
            const events = await spec.catchUp(input, stopped.signal);
            if (round === joinRound && !stopped.signal.aborted) events.forEach(send);
          }
        },
        (error: unknown) => {
          if (round === joinRound && !stopped.signal.aborted) report({ kind: 'refused', error: error instanceof Error ? error : new Error(String(error)) });
        },
      ).catch(() => {
        // A catch-up that failed leaves only the gap; the live pushes still arrive.
      });
    };

    const stopState = subscribeConnectionState((state) => {
      if (state === 'connected') {
        connected(wasRecovered(), wasDown);
        wasDown = false;
      } else {
        wasDown = true;
        // A join still waiting belongs to the connection that just went: its failure ("socket has been disconnected")
        // is not a refusal, and the next connect joins again.
        joinRound++;
        report({ kind: 'down', reconnecting: state === 'connecting' });
      }
    });
    const now = getConnectionState();
    if (now === 'connected') connected(false, false);
    else if (now === 'connecting') report({ kind: 'down', reconnecting: true });

    return () => {
      stopped.abort();
      for (const stop of stopPushes) stop();
      stopState();
      for (const fieldId of fields) emitWithAck('field:unwatch', fieldId).catch(() => {});
    };
  });
}
