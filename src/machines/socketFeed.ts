/**
 * Server pushes as machine events. Invoke `socketFeed({...})` in the state that wants live data: it
 * listens exactly while that state is active (a callback actor) and stops with it. The session
 * machine owns the connection itself (connect, reconnect after refresh, disconnect on logout).
 */
import { fromCallback, type EventObject } from 'xstate';
import { onSocket, subscribeConnectionState, type ConnectionState } from '@/services/socket';

/** socket event name → the machine event it becomes (null to ignore that push). */
export type PushMapping<E extends EventObject> = Record<string, (...args: never[]) => E | null>;

export function socketFeed<E extends EventObject>(mapping: PushMapping<E>) {
  return fromCallback<EventObject, void, E>(({ sendBack }) => {
    const stops = Object.entries(mapping).map(([event, toEvent]) =>
      onSocket(event, (...args: never[]) => {
        const machineEvent = toEvent(...args);
        if (machineEvent) sendBack(machineEvent);
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  });
}

export type ConnectionEvent = { type: 'socket.connectionChanged'; state: ConnectionState };

/** Reports the connection's ups and downs (e.g. to show 'live' or 'reconnecting'). */
export const connectionState = fromCallback<EventObject, void, ConnectionEvent>(({ sendBack }) =>
  subscribeConnectionState((state) => sendBack({ type: 'socket.connectionChanged', state })),
);
