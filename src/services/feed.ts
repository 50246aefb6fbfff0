/**
 * The socket feed as actors the machines invoke: views never touch the socket.
 * `fieldSocket` reports the connection and a field's pushed readings; `alertSocket` reports pushed alerts.
 * Both live exactly as long as the state that invokes them.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { SocketAck } from '../../contracts/socket';
import type { AlertItem } from './alerts';
import type { ReadingEvent, SeriesPoint } from './sensors';
import { last24h } from './sensors';
import { emitWithAck, getConnectionState, onSocket, subscribeConnectionState, wasRecovered } from './socket';

export type FieldSocketEvent =
  /** Connected (again). `recovered`: socket.io restored the session, rooms and missed events itself. */
  | { type: 'socket.up'; recovered: boolean }
  /** Disconnected. `reconnecting`: the socket is on its way back by itself (false: signed out, or given up). */
  | { type: 'socket.down'; reconnecting: boolean }
  | { type: 'socket.reading'; reading: ReadingEvent };

export const fieldSocket = fromCallback<EventObject, { fieldId: string }>(({ input, sendBack }) => {
  const send = (e: FieldSocketEvent) => sendBack(e);
  const offReading = onSocket('reading:new', (reading) => {
    if (reading.fieldId === input.fieldId) send({ type: 'socket.reading', reading });
  });
  const offState = subscribeConnectionState((s) =>
    send(s === 'connected' ? { type: 'socket.up', recovered: wasRecovered() } : { type: 'socket.down', reconnecting: s === 'connecting' }),
  );
  const now = getConnectionState();
  if (now === 'connected') send({ type: 'socket.up', recovered: false });
  else if (now === 'connecting') send({ type: 'socket.down', reconnecting: true });
  return () => {
    offReading();
    offState();
    emitWithAck('field:unwatch', input.fieldId).catch(() => {});
  };
});

/** Joins the field's room; the server refuses a field outside the caller's reach. */
export const watchField = fromPromise<SocketAck, { fieldId: string }>(async ({ input }) => {
  const ack = await emitWithAck('field:watch', input.fieldId);
  if (!ack.ok) throw new Error(`field:watch refused: ${ack.code}`);
  return ack;
});

/** What the chart missed while the socket was away. */
export const fetchSince = fromPromise<SeriesPoint[], { fieldId: string; since: string | null }>(({ input, signal }) =>
  last24h(input.fieldId, input.since ?? undefined, signal).then((r) => r.data),
);

export type AlertSocketEvent =
  | { type: 'feed.alert'; event: 'alert:new' | 'alert:updated'; alert: AlertItem }
  | { type: 'feed.reconnected'; recovered: boolean };

export const alertSocket = fromCallback<EventObject>(({ sendBack }) => {
  const send = (e: AlertSocketEvent) => sendBack(e);
  let wasDown = false;
  const offNew = onSocket('alert:new', (alert) => send({ type: 'feed.alert', event: 'alert:new', alert }));
  const offUpdated = onSocket('alert:updated', (alert) => send({ type: 'feed.alert', event: 'alert:updated', alert }));
  const offState = subscribeConnectionState((s) => {
    if (s !== 'connected') wasDown = true;
    else if (wasDown) {
      wasDown = false;
      send({ type: 'feed.reconnected', recovered: wasRecovered() });
    }
  });
  return () => {
    offNew();
    offUpdated();
    offState();
  };
});
