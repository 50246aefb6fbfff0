/**
 * Access tokens, the `app.authenticate` hook and `signInUnlessPublic`, which app.ts puts on the whole /api/v1
 * tree (a route opts out with `config: { public: true }`). A request is let in only when its JWT is ours and
 * unexpired, its session is still live (revocation takes effect on the very next request) and its user
 * is Active. The signing key comes from JWT_SECRET or is generated once and kept in app_secrets, so
 * every instance sharing the database signs with the same key.
 *
 * A verified session is kept in memory for AUTH_CACHE_SECONDS (never past its expiry) so that a busy
 * client does not cost a database read per request; every revocation, deactivation and user edit clears
 * it at once in this process and, through NOTIFY, in every other (lib/accessCache.ts).
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appSecrets, sessions, users } from '../db/schema';
import type { AuthUser } from '../lib/access';
import { unauthorized } from '../lib/errors';
import { createTokenVerifier, signAccessToken, verifyAccessToken, type AccessClaims } from '../lib/jwt';
import { ACCESS_CHANNEL, applyAccessChange, createTtlCache, onAccessChange, parseAccessChange } from '../lib/accessCache';
import { fieldAccessCache } from '../lib/access';

export type AuthService = {
  issueAccessToken(user: { id: string; role: AuthUser['role'] }, sessionId: string): string;
  /** The signed-in person behind a bearer token, or null (bad, expired, revoked, inactive). */
  principal(token: unknown): Promise<AuthUser | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** Which field a reference names for a caller, kept briefly (lib/access.ts `fieldRefFor`). */
    fieldAccess: ReturnType<typeof fieldAccessCache>;
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a signed-in caller (sign-in itself, password reset, health, device ingest …). */
    public?: boolean;
  }
}

/**
 * The one onRequest hook of the /api/v1 scope (app.ts): every route there needs a signed-in caller unless it
 * declares `config: { public: true }`. Routes never opt in to authentication themselves.
 */
export function signInUnlessPublic(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.routeOptions.config.public === true) return;
    await app.authenticate(req, reply);
  };
}

async function signingKey(db: Db, configured: string | undefined) {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  // Two instances starting together both try; the first insert wins and both read it back.
  await db.insert(appSecrets).values({ key: 'jwt', value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, 'jwt'));
  return row.value;
}

export async function loadPrincipal(db: Db, claims: AccessClaims): Promise<AuthUser | null> {
  return (await loadSession(db, claims))?.user ?? null;
}

async function loadSession(db: Db, claims: AccessClaims): Promise<{ user: AuthUser; expiresAt: number } | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      status: users.status,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || row.status !== 'Active') return null;
  return { user: { id: row.id, role: row.role, sessionId: claims.sid, name: row.name, email: row.email }, expiresAt: row.expiresAt.getTime() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const secret = await signingKey(app.db, config.jwtSecret);
    const ttlMs = Math.max(0, Number(config.authCacheSeconds ?? 5)) * 1000;
    // key: `<session id>|<user id>`
    const verified = createTtlCache<AuthUser>(ttlMs);
    const fieldAccess = fieldAccessCache(ttlMs);
    // Revocation is the session cache's business; a token's signature and expiry never change.
    const verifyToken = ttlMs > 0 ? createTokenVerifier(secret) : (token: unknown) => verifyAccessToken(secret, token);
    const stopLocal = onAccessChange((c) => {
      if (c.all) {
        verified.clear();
        fieldAccess.clear();
        return;
      }
      const sids = new Set(c.sessions ?? []);
      const uids = new Set(c.users ?? []);
      if (sids.size || uids.size) verified.deleteWhere((_, u) => sids.has(u.sessionId) || uids.has(u.id));
      if (c.scopes) fieldAccess.clear();
      else if (uids.size) fieldAccess.deleteWhere((k) => uids.has(k.slice(0, k.indexOf('|'))));
    });
    let stopListening: (() => Promise<void>) | undefined;
    // Listened to even with the auth caches off: the Field Map's cache (modules/fields/pinCache.ts) hangs on it too.
    if (app.database.listen) {
      stopListening = await app.database.listen(ACCESS_CHANNEL, (payload) => applyAccessChange(parseAccessChange(payload)), () => applyAccessChange({ all: true }));
    }
    app.addHook('onClose', async () => {
      stopLocal();
      await stopListening?.();
    });
    app.decorate('fieldAccess', fieldAccess);

    const auth: AuthService = {
      issueAccessToken: (user, sessionId) =>
        signAccessToken(secret, { sub: user.id, role: user.role, sid: sessionId }, config.accessTokenTtlSeconds),
      async principal(token) {
        const claims = verifyToken(token);
        if (!claims || !UUID.test(claims.sid) || !UUID.test(claims.sub)) return null;
        const key = `${claims.sid}|${claims.sub}`;
        const hit = verified.get(key);
        if (hit) return hit;
        const generation = verified.generation;
        const session = await loadSession(app.db, claims);
        if (!session) return null;
        verified.set(key, session.user, generation, session.expiresAt);
        return session.user;
      },
    };
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    app.decorate('authenticate', async (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const user = token ? await auth.principal(token) : null;
      if (!user) throw unauthorized();
      // A copy: the verified principal is cached across requests, where it came from is this request's.
      req.user = { ...user, from: { ip: req.ip ?? null, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null } };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
