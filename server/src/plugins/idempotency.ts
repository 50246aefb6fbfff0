/**
 * Idempotency keys (issue 17, offline writing): a write the phone's outbox may replay carries an
 * `Idempotency-Key` header (a UUID made once per queued write). The server remembers, per user and key, which
 * request it was (a hash of the route, its parameters and its body) and what it answered, for IDEMPOTENCY_DAYS:
 *
 * - the same key with the same request again → the first answer again (status and body, header
 *   `Idempotent-Replayed: true`), and the route does not run a second time;
 * - the same key with another request → 409 IDEMPOTENCY_KEY_REUSED (translated);
 * - the same key while the first request is still being handled → the second waits for its answer (a few
 *   seconds), else 409 IDEMPOTENCY_IN_PROGRESS, which the outbox takes as "try again later". The primary key
 *   (user, key) makes the claim atomic, so two concurrent requests cannot both write.
 *
 * A route opts in with `config: { idempotent: true }`; a route whose body is not parsed JSON (an upload) passes
 * `idempotent: { fingerprint: (req) => … }`, a value standing for its body, computed after its own preHandler.
 * A request without the header runs as before. Answers 5xx, 401, 408 and 429 are not remembered (the key is
 * released, so the retry runs for real); every other answer, errors such as 404 or 409 included, is.
 * A request that died without answering (process killed) holds its key until the route's time allowance has
 * passed; then a retry takes the key over.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict, translated } from '../lib/errors';

export type IdempotentRoute = true | { fingerprint: (req: FastifyRequest) => unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Writes the client outbox replays: an `Idempotency-Key` header makes a replay answer the first answer again. */
    idempotent?: IdempotentRoute;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_TEXT = {
  invalid: translated('The Idempotency-Key header must be a UUID.', 'Idempotency-Key हेडर UUID असावा.', 'Idempotency-Key हेडर UUID होना चाहिए।'),
  reused: translated(
    'This request was already sent with different content. Please send it again as a new request.',
    'ही विनंती आधी वेगळ्या माहितीसह पाठवली गेली होती. कृपया ती नवीन विनंती म्हणून पुन्हा पाठवा.',
    'यह अनुरोध पहले अलग जानकारी के साथ भेजा गया था। कृपया इसे नए अनुरोध के रूप में फिर से भेजें।',
  ),
  inProgress: translated(
    'This request is still being processed. Please wait a moment.',
    'ही विनंती अजून प्रक्रियेत आहे. कृपया थोडा वेळ थांबा.',
    'यह अनुरोध अभी संसाधित हो रहा है। कृपया थोड़ा रुकें।',
  ),
};

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Answers that say "try again" rather than "this is what happened": never replayed. */
const NOT_REMEMBERED = new Set([401, 408, 429]);
const WAIT_STEP_MS = 100;

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Buffer.isBuffer(value)) return JSON.stringify({ sha256: createHash('sha256').update(value).digest('hex') });
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(route: string, params: unknown, query: unknown, body: unknown): string {
  return createHash('sha256').update(canonical({ route, params, query, body })).digest('hex');
}

/** Forgets keys past their expiry; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  return gone.length;
}

type Claim = { userId: string; key: string };

export type IdempotencyOptions = {
  days: number;
  /** How long a request without an answer holds its key (the route's time allowance), in ms. */
  holdMs: (req: FastifyRequest) => number;
  /** How long a second request with the same key waits for the first one's answer, in ms. */
  waitMs?: number;
  /** How often expired keys are purged, in ms (0: never; tests call purgeExpiredIdempotencyKeys). */
  purgeEveryMs?: number;
};

export default fp<IdempotencyOptions>(
  async (app, opts) => {
    const claims = new WeakMap<FastifyRequest, Claim>();
    const waitMs = opts.waitMs ?? 5000;

    const where = (c: Claim) => and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.key, c.key));

    async function claim(c: Claim, route: string, hash: string): Promise<boolean> {
      const now = new Date();
      const rows = await app.db
        .insert(idempotencyKeys)
        .values({ ...c, route, requestHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + opts.days * 86_400_000) })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    }

    async function replayOrWait(req: FastifyRequest, reply: FastifyReply, c: Claim, route: string, hash: string) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const [row] = await app.db.select().from(idempotencyKeys).where(where(c));
        if (!row || row.expiresAt.getTime() <= Date.now()) {
          // Released (the first try failed) or expired: this request may run, if it wins the key.
          if (row) await app.db.delete(idempotencyKeys).where(and(where(c), lt(idempotencyKeys.expiresAt, new Date())));
          if (await claim(c, route, hash)) return 'run' as const;
          continue;
        }
        if (row.requestHash !== hash) throw conflict(IDEMPOTENCY_TEXT.reused, 'IDEMPOTENCY_KEY_REUSED');
        if (row.statusCode !== null) {
          reply.code(row.statusCode).header(REPLAYED_HEADER, 'true');
          if (row.contentType) reply.header('content-type', row.contentType);
          return reply.send(row.responseBody ?? '');
        }
        // In flight. A request that died without answering holds the key only for its route's allowance.
        if (row.createdAt.getTime() + opts.holdMs(req) < Date.now()) {
          const taken = await app.db
            .update(idempotencyKeys)
            .set({ createdAt: new Date() })
            .where(and(where(c), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, row.createdAt)))
            .returning({ key: idempotencyKeys.key });
          if (taken.length === 1) return 'run' as const;
          continue;
        }
        if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_TEXT.inProgress, 'IDEMPOTENCY_IN_PROGRESS');
        await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      }
    }

    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || !req.user) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!UUID_SHAPE.test(key)) throw badRequest(IDEMPOTENCY_TEXT.invalid, undefined, 'IDEMPOTENCY_KEY_INVALID');
      const setting = req.routeOptions.config.idempotent;
      const route = `${req.method} ${req.routeOptions.url}`;
      const body = typeof setting === 'object' ? setting.fingerprint(req) : req.body;
      const hash = requestHash(route, req.params, req.query, body);
      const c = { userId: req.user.id, key: key.toLowerCase() };
      if ((await claim(c, route, hash)) || (await replayOrWait(req, reply, c, route, hash)) === 'run') {
        claims.set(req, c);
      }
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.config?.idempotent) return;
      // After the route's own preHandlers (an upload is read there), so its fingerprint can see the files.
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...own, guard] as RouteOptions['preHandler'];
    });

    // Remember the answer before it leaves, so a retry that follows the answer at once finds it.
    app.addHook('onSend', async (req, reply, payload) => {
      const c = claims.get(req);
      if (!c) return payload;
      claims.delete(req);
      const status = reply.statusCode;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (status >= 500 || NOT_REMEMBERED.has(status) || body === null) {
        await app.db.delete(idempotencyKeys).where(where(c));
        return payload;
      }
      const type = reply.getHeader('content-type');
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: status, responseBody: body, contentType: typeof type === 'string' ? type : null, completedAt: new Date() })
        .where(where(c));
      return payload;
    });

    // A request that ends without onSend (the client went away mid-upload) releases its key.
    app.addHook('onResponse', async (req) => {
      const c = claims.get(req);
      if (!c) return;
      claims.delete(req);
      await app.db.delete(idempotencyKeys).where(and(where(c), isNull(idempotencyKeys.statusCode)));
    });

    const every = opts.purgeEveryMs ?? 3_600_000;
    if (every > 0) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        running ??= purgeExpiredIdempotencyKeys(app.db)
          .catch((err: unknown) => app.log.warn({ err }, 'idempotency key purge failed'))
          .finally(() => (running = null));
      }, every);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'idempotency', dependencies: ['db'] },
);

