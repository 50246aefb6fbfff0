/**
 * The log serializer for errors (`log.error({ err })`, and Fastify's own request-error lines).
 * A failed database query never writes its parameters: drizzle's error message and its `params` carry
 * every value of the statement (a new user's password hash and e-mail), and PostgreSQL's `detail` and some
 * messages quote the offending value. What a database failure logs instead: the SQLSTATE code, the
 * message with any quoted value removed, the names of the constraint/table/column, and the stack frames.
 * Other errors log their type, message, stack, code and status (and their cause, the same way).
 */

type PgLike = { code?: unknown; severity?: unknown; routine?: unknown; constraint?: unknown; table?: unknown; column?: unknown; message?: unknown };

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isPgError = (e: unknown): e is PgLike & Error =>
  !!e && typeof e === 'object' && typeof (e as PgLike).code === 'string' && SQLSTATE.test((e as PgLike).code as string) &&
  ('severity' in e || 'routine' in e);
const isDrizzleQueryError = (e: unknown): e is Error & { query: string; params: unknown[]; cause?: unknown } =>
  e instanceof Error && 'params' in e && 'query' in e;

/** PostgreSQL's message without the value it quotes (`invalid input syntax for type uuid: "…"`). */
const withoutValues = (message: string) => message.replace(/:\s*".*$/s, '').replace(/\(.*?\)=\(.*?\)/gs, '').slice(0, 200);
const framesOf = (stack: unknown): string | undefined => (typeof stack === 'string' ? stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') : undefined);

type Serialized = { [key: string]: unknown; type: string; message: string; stack: string };

export function serializeError(err: unknown, depth = 0): Serialized {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  let pg: (PgLike & Error) | undefined;
  for (let e: unknown = err, hops = 0; e && hops < 5; e = (e as { cause?: unknown }).cause, hops++) {
    if (isPgError(e)) {
      pg = e;
      break;
    }
  }
  if (!pg && !isDrizzleQueryError(err)) {
    const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
    return {
      type: e.constructor?.name ?? 'Error',
      message: String(e.message ?? ''),
      stack: String(e.stack ?? ''),
      ...(e.code !== undefined ? { code: e.code } : {}),
      ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
      ...(e.cause && depth < 4 ? { cause: serializeError(e.cause, depth + 1) } : {}),
    };
  }
  const name = (n: unknown) => (typeof n === 'string' ? n : undefined);
  return {
    type: 'DatabaseError',
    sqlState: pg ? (pg.code as string) : undefined,
    message: pg ? `database query failed: ${withoutValues(String(pg.message ?? ''))}` : 'database query failed',
    constraint: name(pg?.constraint),
    table: name(pg?.table),
    column: name(pg?.column),
    stack: framesOf((err as Error).stack) ?? '',
  };
}
