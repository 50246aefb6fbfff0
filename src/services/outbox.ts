/**
 * The offline outbox (issue 17): writes made without a network wait here, in IndexedDB (the app's database,
 * services/appDatabase, store `outbox`: they survive a reload or a closed tab), until the outbox machine
 * (machines/outbox.machine.ts) sends them. Each item carries the Idempotency-Key of its first try; every replay
 * sends the same key, and the server answers a replay with its first answer (server/src/plugins/idempotency.ts), so a write lost on its way back is never done twice.
 *
 *   sendOrQueue(kind, request, summary) — try now; offline, or no answer (a network failure or the request's
 *   time limit while the browser says online: "lie-fi") → stored with the key of that first try, answers { queued }.
 *   deliver(item) — one try of a stored item: sent (removed), refused (kept with the reason), or still offline.
 *   onOutbox(listener) — 'added' and 'settled' notices, so the outbox machine and the screen that queued an item
 *   (the chat, the leaf photo, the alert, the message, the profile) learn what became of it.
 *
 * A profile edit sends the whole form, so a later edit replaces one still waiting (queued or refused; not one on
 * its way): its draft was made from the waiting one's values, and sending the older one after it would undo it.
 * A profile edit that carries the current password (a new e-mail or phone number) is never stored: it is sent now
 * or fails as before.
 *
 * Items belong to the user who made them; another user signing in on the same phone never sends them.
 * Without IndexedDB (tests in jsdom) the store is a Map in memory.
 */
import type { ApiErrorBody } from '../../contracts/common';
import { appDatabase, OUTBOX } from './appDatabase';
import { currentAccessToken, http, HttpError } from './http';
import { isNetworkFailure } from '@/shared/httpError';
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@/shared/outboxSync';

export { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG };

export type OutboxKind = 'chat' | 'disease' | 'acknowledge' | 'message' | 'profile';

export type OutboxRequest =
  | { method: 'post' | 'patch'; url: string; body: unknown; timeoutMs?: number }
  | { method: 'post'; url: string; upload: { file: Blob; filename: string } };

/** queued: waits for the network; refused: the server said no (kept until discarded); sending: being tried. */
export type OutboxStatus = 'queued' | 'sending' | 'refused';

export type OutboxItem = {
  id: string;
  userId: string;
  idempotencyKey: string;
  kind: OutboxKind;
  /** What the panel shows: the question, the file name, the alert's id, the message's subject … */
  summary: string;
  request: OutboxRequest;
  createdAt: number;
  attempts: number;
  status: OutboxStatus;
  /** The last refusal: its status and the server's translated body. */
  lastError: { status: number; body?: ApiErrorBody } | null;
};

/** An item older than this is never sent by itself: the user resends or discards it (OUTBOX_MAX_AGE). */
export const OUTBOX_MAX_AGE_MS = Number(import.meta.env.VITE_OUTBOX_MAX_AGE_DAYS ?? 7) * 86_400_000;

export type OutboxNotice =
  | { type: 'added'; item: OutboxItem }
  | { type: 'settled'; item: OutboxItem; outcome: 'sent'; answer: unknown }
  | { type: 'settled'; item: OutboxItem; outcome: 'refused'; error: HttpError }
  /** Given up by the user, or replaced by a later write of the same kind (a profile edit). */
  | { type: 'settled'; item: OutboxItem; outcome: 'discarded' | 'replaced' };

/** Kinds where a later write replaces one still waiting (the later one holds the whole change). */
const REPLACED_BY_LATER: ReadonlySet<OutboxKind> = new Set(['profile']);

// ——— the store ———

type Store = {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
};

function memoryStore(): Store {
  const items = new Map<string, OutboxItem>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.id, item),
    remove: async (id) => void items.delete(id),
  };
}

/** The app's database (services/appDatabase), store `outbox`. */
function appStore(): Store {
  const open = () => appDatabase() ?? Promise.reject(new Error('no IndexedDB'));
  return {
    all: async () => (await (await open()).getAll(OUTBOX)) as OutboxItem[],
    put: async (item) => void (await (await open()).put(OUTBOX, item)),
    remove: async (id) => void (await (await open()).delete(OUTBOX, id)),
  };
}

let store: Store = typeof indexedDB === 'undefined' ? memoryStore() : appStore();

/** Tests: start from an empty in-memory store. */
export function useMemoryOutbox() {
  store = memoryStore();
}

// ——— notices ———

const listeners = new Set<(n: OutboxNotice) => void>();
export function onOutbox(listener: (n: OutboxNotice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const tell = (n: OutboxNotice) => listeners.forEach((l) => l(n));

// ——— items ———

const newId = () => crypto.randomUUID();

/** The items of a user, oldest first. */
export async function listOutbox(userId: string): Promise<OutboxItem[]> {
  return (await store.all()).filter((i) => i.userId === userId).sort((a, b) => a.createdAt - b.createdAt);
}

export const isStale = (item: OutboxItem, now = Date.now(), maxAgeMs = OUTBOX_MAX_AGE_MS) => now - item.createdAt > maxAgeMs;

/** 'Still being handled' (the first try is running on the server): try again later, not a refusal. */
const inProgress = (e: HttpError) => e.status === 409 && e.body?.code === 'IDEMPOTENCY_IN_PROGRESS';
/** Answers that say "not now" rather than "no": the item stays queued. */
const retryLater = (e: HttpError) => e.status === 0 || e.status === 401 || e.status === 408 || e.status === 429 || e.status >= 500 || inProgress(e);

async function perform<T>(item: Pick<OutboxItem, 'request' | 'idempotencyKey'>): Promise<T> {
  const headers = { 'idempotency-key': item.idempotencyKey };
  const r = item.request;
  if ('upload' in r) return (await import('./disease')).uploadForm<T>(r.url, r.upload.file, r.upload.filename, headers);
  const opts = { headers, timeoutMs: r.timeoutMs };
  return r.method === 'post' ? http.post<T>(r.url, r.body, opts) : http.patch<T>(r.url, r.body, opts);
}

async function remember(item: OutboxItem) {
  await store.put(item);
  tell({ type: 'added', item });
  // Background Sync where the browser has it: the service worker posts OUTBOX_SYNC_MESSAGE when the network is back
  // (src/sw.ts). Elsewhere the window's `online` event, the app's start and the outbox's nudge do it.
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  sw?.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {});
}

/** A later write of a replaceable kind: the waiting ones of that kind go (not one being sent: it is on its way). */
async function replaceWaiting(kind: OutboxKind, userId: string) {
  if (!REPLACED_BY_LATER.has(kind)) return;
  for (const old of await listOutbox(userId)) {
    if (old.kind !== kind || old.status === 'sending') continue;
    await store.remove(old.id);
    tell({ type: 'settled', item: old, outcome: 'replaced' });
  }
}

export type SendOrQueued<T> = { sent: T } | { queued: OutboxItem };

/** Who is signed in: the subject of the session's access token (null when signed out). */
export function currentUserId(): string | null {
  const token = currentAccessToken();
  try {
    const part = token?.split('.')[1];
    if (!part) return null;
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

export type SendOrQueueOptions = {
  /** Who makes the write (default: the signed-in user). */
  userId?: string | null;
  /** false: never stored on the phone (a body with a password); sent now with its key, or it fails as before. */
  storable?: boolean;
};

/**
 * A write the outbox may replay: sent at once when the browser is online; stored (and answered `{ queued }`)
 * when it is offline or the request got no answer (a network failure or its time limit: the first try's key goes
 * with it, so a first try that did reach the server is answered, not done again). A refusal (4xx) or a server
 * error is thrown as usual: the screen shows it.
 */
export async function sendOrQueue<T>(kind: OutboxKind, request: OutboxRequest, summary: string, options: SendOrQueueOptions = {}): Promise<SendOrQueued<T>> {
  const userId = options.userId === undefined ? currentUserId() : options.userId;
  const storable = options.storable ?? true;
  const item: OutboxItem = {
    id: newId(),
    userId: userId ?? '',
    idempotencyKey: newId(),
    kind,
    summary,
    request,
    createdAt: Date.now(),
    attempts: 0,
    status: 'queued',
    lastError: null,
  };
  if (userId) await replaceWaiting(kind, userId);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline || !userId || !storable) {
    try {
      item.attempts = 1;
      return { sent: await perform<T>(item) };
    } catch (e) {
      if (!userId || !storable || !isNetworkFailure(e)) throw e;
    }
  }
  await remember(item);
  return { queued: item };
}

/**
 * Stores a write whose first try (with `idempotencyKey`) got no answer, so the outbox replays it with that key:
 * if the first try did reach the server, the replay gets its answer and nothing is written twice.
 */
export async function queueRequest(kind: OutboxKind, request: OutboxRequest, summary: string, idempotencyKey: string): Promise<OutboxItem> {
  const item: OutboxItem = {
    id: newId(),
    userId: currentUserId() ?? '',
    idempotencyKey,
    kind,
    summary,
    request,
    createdAt: Date.now(),
    attempts: 1,
    status: 'queued',
    lastError: null,
  };
  await remember(item);
  return item;
}

export type Delivery = { outcome: 'sent' | 'refused' | 'later'; item: OutboxItem };

/** One try of a stored item, with its first key. */
export async function deliver(item: OutboxItem): Promise<Delivery> {
  const tried: OutboxItem = { ...item, attempts: item.attempts + 1, status: 'sending' };
  // Signed out in the meantime: nothing is sent with nobody's token.
  if (!currentAccessToken()) return { outcome: 'later', item: { ...item, status: 'queued' } };
  await store.put(tried);
  try {
    const answer = await perform<unknown>(tried);
    await store.remove(item.id);
    tell({ type: 'settled', item: tried, outcome: 'sent', answer });
    return { outcome: 'sent', item: tried };
  } catch (e) {
    const err = e instanceof HttpError ? e : new HttpError(0, 'network');
    if (retryLater(err)) {
      const back: OutboxItem = { ...tried, status: 'queued' };
      await store.put(back);
      return { outcome: 'later', item: back };
    }
    const refused: OutboxItem = { ...tried, status: 'refused', lastError: { status: err.status, body: err.body } };
    await store.put(refused);
    tell({ type: 'settled', item: refused, outcome: 'refused', error: err });
    return { outcome: 'refused', item: refused };
  }
}

/** The user gives an item up (refused, or too old to send by itself). */
export async function discard(item: OutboxItem): Promise<void> {
  await store.remove(item.id);
  tell({ type: 'settled', item, outcome: 'discarded' });
}

/** The user sends an old or refused item again: same key (the server still knows it for IDEMPOTENCY_DAYS). */
export async function requeue(item: OutboxItem): Promise<OutboxItem> {
  const again: OutboxItem = { ...item, status: 'queued', createdAt: Date.now(), lastError: null };
  await store.put(again);
  return again;
}
