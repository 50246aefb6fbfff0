/**
 * What a database failure means for the caller. Both drivers (node-postgres and PGlite) put the SQLSTATE on
 * `code`; drizzle wraps a failed query in an error whose `cause` is the driver's. A lost connection has no
 * SQLSTATE: node-postgres says "Connection terminated…" or a socket error code.
 */

/** PostgreSQL's SQLSTATE classes: two digits, or F0, HV, P0, XX (a Node code such as EPIPE is not one). */
const SQLSTATE = /^([0-9]{2}|F0|HV|P0|XX)[0-9A-Z]{3}$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNAVAILABLE_MESSAGES =
  /connection terminated|terminating connection|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|not queryable|cannot use a pool after calling end|client was closed|the database system is (starting up|shutting down|in recovery mode)|pglite is closed/i;

/** The error and its causes, outermost first (bounded: a cause chain may loop). */
function chain(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let e = err;
  while (e && typeof e === 'object' && out.length < 8 && !out.includes(e as Record<string, unknown>)) {
    out.push(e as Record<string, unknown>);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** The SQLSTATE of a database error (its own or its cause's), if any. */
export function sqlState(err: unknown): string | undefined {
  for (const e of chain(err)) if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e.code;
  return undefined;
}

/**
 * The database is away or going away: the connection was lost or refused, the server is shutting down or
 * starting, or has no room for another connection. The same request will work later: answer 503 and
 * Retry-After, never a 500, and never drop data that was sent.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const state = sqlState(err);
  if (state) {
    // 08 connection exception, 57P01-03 admin/crash shutdown and cannot-connect-now, 53300 too many connections.
    return state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03' || state === '53300';
  }
  return chain(err).some(
    (e) => (typeof e.code === 'string' && SOCKET_CODES.has(e.code)) || (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)),
  );
}

/**
 * This row's data can never be stored, however often it is sent: a value the column type cannot hold
 * (SQLSTATE class 22), a missing parent (23503: its sensor was deleted), a null where none may be (23502),
 * or a value our own code cannot even serialise (a RangeError/TypeError before the query was sent).
 */
export function isRowDataError(err: unknown): boolean {
  const state = sqlState(err);
  if (state) return state.startsWith('22') || state === '23503' || state === '23502';
  if (isDatabaseUnavailable(err)) return false;
  return chain(err).some((e) => e instanceof RangeError || e instanceof TypeError);
}
