/**
 * A failed HTTP call, as the one client (services/http.ts) reports it: status, the reason in terms of spec
 * section 8's status table, and the server's translated error body. Plain data with no I/O, so views, stories,
 * machines and services may all import it (views still never import services).
 */
import type { ApiErrorBody } from '../../contracts/common';

/** Why a call failed, in the terms of spec section 8's status table. */
export type HttpReason =
  | 'network'
  /** No answer within the request's time limit (status 0, like 'network'): a slow network, worth a retry. */
  | 'timeout'
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'validation'
  | 'tooMany'
  | 'server'
  | 'unavailable'
  | 'other';

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly reason: HttpReason,
    /** The server's error body, when there was one. */
    public readonly body?: ApiErrorBody,
  ) {
    super(body?.error ?? reason);
    this.name = 'HttpError';
  }
  /**
   * The server's message in a language, if it sent one in that language (an untranslated plain message counts
   * as English): a Marathi or Hindi reader never gets the English text.
   */
  serverMessage(lang: 'english' | 'marathi' | 'hindi' = 'english'): string | undefined {
    const m = this.body?.message;
    if (typeof m === 'string') return lang === 'english' ? m || undefined : undefined;
    return m?.[lang] || undefined;
  }
}

export function reasonFor(status: number): HttpReason {
  if (status === 0) return 'network';
  if (status === 400) return 'badRequest';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation';
  if (status === 429) return 'tooMany';
  if (status === 500) return 'server';
  if (status >= 502 && status <= 504) return 'unavailable';
  return 'other';
}

/** A call that failed because the network is away (offline, dropped, timed out): status 0, not an answer of the server. */
export const isNetworkFailure = (error: unknown) => error instanceof HttpError && error.status === 0;
