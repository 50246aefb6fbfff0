/**
 * The one realtime connection (socket.io on the API's port, path /socket.io, auth {token}).
 * The session machine connects it after login/boot, reconnects it with the fresh token after a
 * refresh and disconnects it on logout. Handlers registered with onSocket survive reconnects.
 *
 * It comes back by itself whatever dropped it (docs/security.md, 'Live sockets'):
 * - a dropped transport (network, a server restarting): socket.io's manager retries with backoff and jitter;
 * - a server-side disconnect ('io server disconnect', after which socket.io-client never retries) and a
 *   handshake the server refused: retried here with backoff and jitter (`reconnectDelay`); a refusal first
 *   asks the session for a fresh access token (its one shared refresh), and when the session is over the
 *   session machine disconnects the socket for good.
 * Every handshake sends the session's current access token; one the server refuses is refreshed once.
 * Machines listen through the one adapter (machines/socketFeed.ts), which rejoins their rooms and lets them fetch
 * what they missed after a reconnect that socket.io could not recover.
 */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/socket';
import { currentAccessToken, refreshAccessToken } from './http';

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
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;

/**
 * Wait before retry number `attempt` (0, 1, …): exponential from 0.5 s up to 15 s, each a random point in the
 * upper half of its step ('equal jitter'), so the browsers a restart dropped together do not come back together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}

let socket: Socket | null = null;
/** The token the session gave last (used when no session bridge is installed, e.g. in tests and tools). */
let token: string | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** connectSocket is swapping the token: the disconnect it causes is a reconnect, not going offline. */
let swapping = false;
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

/**
 * The token a handshake sends: the session's current one. It is not refreshed here: a refresh makes the session
 * reconnect the socket, so refreshing before a handshake could loop (a loaded phone or short-lived tokens); a
 * token the server refuses is refreshed once in connect_error below, through the session's one shared refresh.
 */
async function handshakeToken(): Promise<string> {
  return currentAccessToken() ?? token ?? '';
}

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Connect again after a wait, unless connected, already retrying, replaced or disconnected meanwhile. */
function retryLater(s: Socket) {
  setState('connecting');
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (socket === s && !s.connected && !s.active) s.connect();
  }, reconnectDelay(attempt++));
}

function open(io: typeof import('socket.io-client').io, url?: string) {
  const options = {
    path: '/socket.io',
    // Called before every handshake, so a reconnect never sends a stale token.
    auth: (cb: (data: object) => void) => void handshakeToken().then((t) => cb({ token: t })),
    transports: ['websocket'],
  };
  const created = url ? io(url, options) : io(options);
  created.on('connect', () => {
    attempt = 0;
    clearRetry();
    recovered = created.recovered === true;
    setState('connected');
  });
  created.on('disconnect', (reason) => {
    // socket.io-client does not retry after the server disconnected the socket: come back by ourselves.
    // (A session that really ended is then refused, and the refresh below ends it here too.)
    if (reason === 'io server disconnect') return retryLater(created);
    setState(created.active || swapping ? 'connecting' : 'disconnected');
  });
  created.on('connect_error', () => {
    // A failed transport: the manager retries by itself, with backoff and jitter.
    if (created.active) return setState('connecting');
    // The server refused the handshake (its token check): ask the session for a fresh token, then retry.
    setState('connecting');
    void refreshAccessToken().then(
      (fresh) => {
        if (socket !== created) return;
        // The session is over (or there is none): stay down; the session machine disconnects for good.
        if (!fresh) return setState('disconnected');
        token = fresh;
        retryLater(created);
      },
      () => socket === created && retryLater(created),
    );
  });
  created.onAny((event: string, ...args: unknown[]) => {
    for (const handler of handlers.get(event) ?? []) handler(...args);
  });
  return created;
}

/**
 * Connect, or reconnect with a fresh token. The client library loads on first use, so the login
 * screen does not download it. `url` is for tests and tools; the app connects to its own origin.
 */
export function connectSocket(accessToken: string, url?: string) {
  const mine = ++generation;
  token = accessToken;
  attempt = 0;
  clearRetry();
  setState('connecting');
  if (socket) {
    // Same connection, new credentials: the next handshake sends the new token.
    swapping = true;
    socket.disconnect();
    swapping = false;
    setState('connecting');
    socket.connect();
    return;
  }
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return;
    socket = open(io, url);
  });
}

export function disconnectSocket() {
  generation++;
  token = null;
  attempt = 0;
  clearRetry();
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
