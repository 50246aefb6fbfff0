/**
 * The one HTTP client. Base /api/v1, 10 s timeout (abortable; longer per call for uploads, reports and the
 * chatbot), after which the call fails as HttpError reason 'timeout' (the screens say 'taking too long' with
 * their retry button), bearer token on every call but login,
 * and exactly one token refresh + one retry on a 401, with concurrent 401s sharing one refresh.
 * Non-2xx answers become HttpError, whose `reason` the i18n layer turns into the spec's messages.
 */
import type { ApiErrorBody } from '../../contracts/common';
import { HttpError, reasonFor } from '@/shared/httpError';

export const API_BASE = '/api/v1';
export const API_TIMEOUT_MS = 10_000;

// The failure type lives in src/shared (plain data, no I/O) so every layer, stories included, can name it.
export { HttpError, reasonFor, type HttpReason } from '@/shared/httpError';

/** Supplied by the session machine at start-up (see machines/session). */
export type AuthBridge = {
  getAccessToken(): string | null;
  /** Resolves with a new access token, or null when the session is over. */
  refresh(): Promise<string | null>;
};

let auth: AuthBridge = { getAccessToken: () => null, refresh: async () => null };
let refreshing: Promise<string | null> | null = null;

export function setAuthBridge(bridge: AuthBridge) {
  auth = bridge;
  refreshing = null;
}

/** All concurrent 401s wait for the same refresh. */
function sharedRefresh(): Promise<string | null> {
  refreshing ??= auth.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The session's access token now (null when signed out): the socket's reconnects use it. */
export const currentAccessToken = () => auth.getAccessToken();

/** A new access token through the session's one shared refresh (null when the session is over). */
export const refreshAccessToken = () => sharedRefresh();

export type RequestOptions = {
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Login, refresh and the like go without a bearer token and never trigger a refresh. */
  anonymous?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  timeoutMs?: number;
  /** Extra request headers (the outbox's Idempotency-Key). */
  headers?: Record<string, string>;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function cleanParams(params?: RequestOptions['params']) {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

async function once<T>(method: Method, url: string, body: unknown, opts: RequestOptions, token: string | null): Promise<T> {
  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, opts.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => timeout.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const params = new URLSearchParams(cleanParams(opts.params)).toString();
    // A plain object goes as JSON; FormData, a Blob or a string as they are (fetch sets a FormData's multipart
    // boundary itself).
    const json = body !== undefined && body !== null && typeof body === 'object' && !(body instanceof FormData) && !(body instanceof Blob);
    const res = await fetch(`${API_BASE}${url}${params ? `${url.includes('?') ? '&' : '?'}${params}` : ''}`, {
      method: method.toUpperCase(),
      headers: {
        accept: 'application/json',
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
        ...(token && !opts.anonymous ? { authorization: `Bearer ${token}` } : {}),
      },
      body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
      signal: timeout.signal,
    });
    // A refusal's body is the API's error (JSON) whatever the call expected; read as text and parsed by errorOf.
    if (!res.ok) throw errorOf(res.status, await res.text().catch(() => undefined));
    const type = opts.responseType ?? 'json';
    // An empty or unreadable body (204, a proxy's HTML page) is no data.
    return (await (type === 'blob' ? res.blob() : type === 'text' ? res.text() : res.json()).catch(() => undefined)) as T;
  } catch (e) {
    if (timedOut && !opts.signal?.aborted) throw new HttpError(0, 'timeout');
    // A non-2xx answer is already an HttpError; no answer at all (offline, dropped, aborted) is 'network'.
    throw e instanceof HttpError ? e : new HttpError(0, 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** A non-2xx answer as HttpError, with the API's error body when it sent one. */
function errorOf(status: number, text: string | undefined): HttpError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return new HttpError(status, reasonFor(status), body && typeof body === 'object' ? (body as ApiErrorBody) : undefined);
}

export async function request<T>(method: Method, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const token = auth.getAccessToken();
  try {
    return await once<T>(method, url, body, opts, token);
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 401 || opts.anonymous) throw e;
    // Refused a token that has since been replaced (a refresh finished while this call was on its way): the
    // current one is tried, not a second refresh.
    const now = auth.getAccessToken();
    const fresh = now && now !== token ? now : await sharedRefresh();
    if (!fresh) throw e;
    return once<T>(method, url, body, opts, fresh);
  }
}

export const http = {
  get: <T>(url: string, opts?: RequestOptions) => request<T>('get', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('post', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('put', url, body, opts),
  patch: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('patch', url, body, opts),
  delete: <T>(url: string, opts?: RequestOptions) => request<T>('delete', url, undefined, opts),
};
