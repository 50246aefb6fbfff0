/**
 * The one realtime connection (socket.io on the API's port, path /socket.io, auth {token}).
 * The session machine connects it after login/boot, reconnects it with the fresh token after a
 * refresh and disconnects it on logout. Handlers registered with onSocket survive reconnects.
 */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../server/src/contracts/socket';

/** Server → client pushes (`reading:new`, `alert:new`, …) and their payloads, from the server's contract. */
export type PushEvent = keyof ServerToClientEvents;
export type PushHandler<K extends PushEvent> = ServerToClientEvents[K];
/** Client → server requests that the server acknowledges (`field:watch`, …). */
export type AckEvent = keyof ClientToServerEvents;
// The acknowledgement callback is the last parameter (optional for some events): Required<> lines both up.
type AllButLast<T extends unknown[]> = Required<T> extends [...infer Head, unknown] ? Head : never;
type LastParameter<T extends unknown[]> = Required<T> extends [...unknown[], infer L] ? L : never;
export type AckArgs<K extends AckEvent> = AllButLast<Parameters<ClientToServerEvents[K]>>;
export type AckResult<K extends AckEvent> = LastParameter<Parameters<ClientToServerEvents[K]>> extends (result: infer R) => void ? R : never;

export type ConnectionState = 'disconnected' | 'connecting' | 'connected';
type Handler = (...args: unknown[]) => void;

const ACK_TIMEOUT_MS = 10_000;

let socket: Socket | null = null;
let state: ConnectionState = 'disconnected';
/** Whether the last (re)connection restored the previous session (socket.io connection state recovery). */
let recovered = false;
/** Bumped by every connect and disconnect, so a slow client download cannot revive an old request. */
let generation = 0;
const handlers = new Map<string, Set<Handler>>();
const stateListeners = new Set<(s: ConnectionState) => void>();

function setState(next: ConnectionState) {
  if (next === state) return;
  state = next;
  for (const listener of stateListeners) listener(next);
}

function open(io: typeof import('socket.io-client').io, token: string, url?: string) {
  const options = { path: '/socket.io', auth: { token }, transports: ['websocket'] };
  const created = url ? io(url, options) : io(options);
  created.on('connect', () => {
    recovered = created.recovered;
    setState('connected');
  });
  created.on('disconnect', () => setState(created.active ? 'connecting' : 'disconnected'));
  created.on('connect_error', () => setState(created.active ? 'connecting' : 'disconnected'));
  created.onAny((event: string, ...args: unknown[]) => {
    for (const handler of handlers.get(event) ?? []) handler(...args);
  });
  return created;
}

/**
 * Connect, or reconnect with a fresh token. The client library loads on first use, so the login
 * screen does not download it. `url` is for tests and tools; the app connects to its own origin.
 */
export function connectSocket(token: string, url?: string) {
  const mine = ++generation;
  setState('connecting');
  if (socket) {
    // Same connection, new credentials: socket.io sends `auth` again on the next handshake.
    socket.auth = { token };
    socket.disconnect();
    setState('connecting');
    socket.connect();
    return;
  }
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return;
    socket = open(io, token, url);
  });
}

export function disconnectSocket() {
  generation++;
  const current = socket;
  socket = null;
  current?.disconnect();
  setState('disconnected');
}

/** Listen to a server push; returns the unsubscribe function. */
export function onSocket<K extends PushEvent>(event: K, handler: PushHandler<K>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as Handler);
  return () => {
    set.delete(handler as Handler);
  };
}

/** Emit and wait for the server's acknowledgement (rejects when not connected or after 10 s). */
export function emitWithAck<K extends AckEvent>(event: K, ...args: AckArgs<K>): Promise<AckResult<K>> {
  if (!socket || state !== 'connected') return Promise.reject(new Error('socket not connected'));
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args) as Promise<AckResult<K>>;
}

export const getConnectionState = () => state;

/** True when socket.io restored rooms and missed events on the last reconnect; otherwise callers refetch what they missed. */
export const wasRecovered = () => recovered;

/** Follow the connection state; returns the unsubscribe function. */
export function subscribeConnectionState(listener: (s: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}
