/**
 * HS256 JSON Web Tokens with node:crypto only: the access token is small and we control both ends,
 * so a library would add surface without adding safety.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Role } from './access';

export type AccessClaims = { sub: string; role: Role; sid: string; iat: number; exp: number };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

// The key is prepared once per secret rather than on every signature.
const keys = new Map<string, KeyObject>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};
const sign = (secret: string, data: string) => createHmac('sha256', keyFor(secret)).update(data).digest();

export function signAccessToken(secret: string, claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const data = `${HEADER}.${payload}`;
  return `${data}.${b64url(sign(secret, data))}`;
}

/** The claims when the signature is ours and the token has not expired; otherwise null. */
export function verifyAccessToken(secret: string, token: unknown, now = Date.now()): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = sign(secret, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims?.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp * 1000 <= now) return null;
  return claims;
}

/**
 * verifyAccessToken with a memory of the tokens it has already checked: a busy client sends the same token
 * many times a second. The token's bytes are the cache key, so a hit is exactly the token verified before;
 * expiry is still checked on every call. Bounded: the oldest entries go first.
 */
export function createTokenVerifier(secret: string, maxEntries = 10_000) {
  const checked = new Map<string, AccessClaims>();
  return (token: unknown, now = Date.now()): AccessClaims | null => {
    if (typeof token !== 'string') return null;
    const hit = checked.get(token);
    if (hit) return hit.exp * 1000 > now ? hit : null;
    const claims = verifyAccessToken(secret, token, now);
    if (claims) {
      checked.set(token, claims);
      if (checked.size > maxEntries) checked.delete(checked.keys().next().value as string);
    }
    return claims;
  };
}
