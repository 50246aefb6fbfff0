/**
 * The one HTTP client. Base /api/v1, 10 s timeout (abortable; longer per call for uploads, reports and the
 * chatbot), after which the call fails as HttpError reason 'timeout' (the screens say 'taking too long' with
 * their retry button), bearer token on every call but login,
 * and exactly one token refresh + one retry on a 401, with concurrent 401s sharing one refresh.
 * Non-2xx answers become HttpError, whose `reason` the i18n layer turns into the spec's messages.
 */
import redaxios from 'redaxios';
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

const client = redaxios.create({ baseURL: API_BASE, headers: { accept: 'application/json' } });

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
    const res = await client.request<T>({
      url,
      method,
      data: body,
      params: cleanParams(opts.params),
      responseType: opts.responseType ?? 'json',
      headers: {
        ...opts.headers,
        // No content-type for FormData: redaxios leaves it to fetch, which adds the multipart boundary
        // (an `undefined` header value would be sent as the text "undefined").
        ...(token && !opts.anonymous ? { authorization: `Bearer ${token}` } : {}),
      },
      // redaxios 0.5 does not forward `signal`; thread it through fetch.
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal: timeout.signal }),
    } as never);
    return res.data as T;
  } catch (e) {
    if (timedOut && !opts.signal?.aborted) throw new HttpError(0, 'timeout');
    throw await toHttpError(e);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function toHttpError(e: unknown): Promise<HttpError> {
  if (e instanceof HttpError) return e;
  // redaxios rejects non-2xx with its response object (status + parsed data).
  const res = e as { status?: number; data?: unknown };
  if (typeof res?.status === 'number' && res.status > 0) {
    let body = res.data as ApiErrorBody | string | undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body) as ApiErrorBody;
      } catch {
        body = undefined;
      }
    }
    return new HttpError(res.status, reasonFor(res.status), body && typeof body === 'object' ? body : undefined);
  }
  return new HttpError(0, 'network');
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
