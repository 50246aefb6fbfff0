/**
 * Server pushes as machine events. Invoke `socketFeed({...})` in the state that wants live data: it
 * listens exactly while that state is active (a callback actor) and stops with it. The session
 * machine owns the connection itself (connect, reconnect after refresh, disconnect on logout).
 */
import { fromCallback, type EventObject } from 'xstate';
import { onSocket, subscribeConnectionState, type ConnectionState, type PushEvent, type PushHandler } from '@/services/socket';

/** Server push → the machine event it becomes (null to ignore that push). */
export type PushMapping<E extends EventObject> = {
  [K in PushEvent]?: (...args: Parameters<PushHandler<K>>) => E | null;
};

export function socketFeed<E extends EventObject>(mapping: PushMapping<E>) {
  return fromCallback<EventObject, void, E>(({ sendBack }) => {
    const stops = (Object.keys(mapping) as PushEvent[]).map((event) =>
      onSocket(event, ((...args: never[]) => {
        const toEvent = mapping[event] as (...a: never[]) => E | null;
        const machineEvent = toEvent(...args);
        if (machineEvent) sendBack(machineEvent);
      }) as PushHandler<typeof event>),
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
