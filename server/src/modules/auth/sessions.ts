/**
 * Refresh sessions. A refresh token is `<session id>.<secret>`; only sha256(secret) is stored.
 * Every use rotates the secret. Showing a secret that was already rotated away (the session keeps the
 * hashes of its recent ones) means the token leaked (or was replayed), so the whole session is revoked;
 * any other wrong secret is refused and ends nothing.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Role } from '../../../../contracts/roles';
import { insertSession, revokeIfCurrent, revokeSessionById, sessionWithUser, swapRefreshHash } from './sessions.repository';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
/** Rotated-away secrets remembered per session (a token used after this many refreshes is just refused). */
const RETIRED_KEPT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ClientInfo = { ip: string | null; userAgent: string | null; deviceType: string };

export function parseRefreshToken(token: string) {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const sessionId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!UUID.test(sessionId) || secret.length < 16) return null;
  return { sessionId, secret };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function createSession(db: Db, userId: string, client: ClientInfo, ttlDays: number) {
  const id = randomUUID();
  const secret = newSecret();
  await insertSession(db, {
    id,
    userId,
    refreshHash: sha256(secret),
    userAgent: client.userAgent,
    ipAddress: client.ip,
    deviceType: client.deviceType,
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
  });
  return { sessionId: id, refreshToken: `${id}.${secret}` };
}

export type RotateResult =
  | { ok: true; sessionId: string; refreshToken: string; user: { id: string; role: Role } }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'inactive' };

export async function rotateSession(db: Db, token: string): Promise<RotateResult> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return { ok: false, reason: 'unknown' };
  const row = await sessionWithUser(db, parsed.sessionId);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.s.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.s.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  const presented = sha256(parsed.secret);
  if (!sameHash(presented, row.s.refreshHash)) {
    // Only a secret this session really issued and rotated away proves a leak; anything else (a guess
    // with someone's session id) is refused and leaves the session alone.
    if (!row.s.retiredHashes.some((h) => sameHash(presented, h))) return { ok: false, reason: 'unknown' };
    await revokeSessionById(db, parsed.sessionId, 'refresh token reuse');
    return { ok: false, reason: 'reused' };
  }
  if (row.status !== 'Active') return { ok: false, reason: 'inactive' };
  const secret = newSecret();
  // Compare-and-swap on the old hash: of two concurrent uses of one token only one can win.
  if (!(await swapRefreshHash(db, parsed.sessionId, presented, sha256(secret), RETIRED_KEPT))) {
    await revokeSessionById(db, parsed.sessionId, 'refresh token reuse');
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, sessionId: parsed.sessionId, refreshToken: `${parsed.sessionId}.${secret}`, user: { id: row.s.userId, role: row.role } };
}

/** Logout: ends the session only when the presented secret is its current one. Returns the session id if ended. */
export async function endSession(db: Db, token: string) {
  const parsed = parseRefreshToken(token);
  if (!parsed) return null;
  return (await revokeIfCurrent(db, parsed.sessionId, sha256(parsed.secret))) ? parsed.sessionId : null;
}
