/**
 * The one realtime connection (socket.io on the API's port, path /socket.io, auth {token}).
 * The session machine connects it after login/boot, reconnects it with the fresh token after a
 * refresh and disconnects it on logout. Handlers registered with onSocket survive reconnects.
 */
import type { Socket } from 'socket.io-client';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected';
type Handler = (...args: unknown[]) => void;

const ACK_TIMEOUT_MS = 10_000;

let socket: Socket | null = null;
let state: ConnectionState = 'disconnected';
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
  created.on('connect', () => setState('connected'));
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
export function onSocket<A extends unknown[]>(event: string, handler: (...args: A) => void): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as unknown as Handler);
  return () => {
    set.delete(handler as unknown as Handler);
  };
}

/** Emit and wait for the server's acknowledgement (rejects when not connected or after 10 s). */
export function emitWithAck<T = unknown>(event: string, ...args: unknown[]): Promise<T> {
  if (!socket || state !== 'connected') return Promise.reject(new Error('socket not connected'));
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, ...args) as Promise<T>;
}

export const getConnectionState = () => state;

/** Follow the connection state; returns the unsubscribe function. */
export function subscribeConnectionState(listener: (s: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}
